import { describe, expect, it } from "vitest";
import { commandOutput, outputWritten } from "../../src/cli/command.js";
import { FORMAT_NAMES, OUTPUT_FORMATS } from "../../src/format/registry.js";

describe("outputWritten and commandOutput", () => {
  it("one output and its formats, the first the default", () => {
    expect(outputWritten("presets", ["table", "json"])).toEqual({ writes: "presets", formats: ["table", "json"] });
    expect(commandOutput(outputWritten("presets", ["table", "json"]))).toEqual({ writes: [{ writes: "presets", formats: ["table", "json"] }], formats: ["table", "json"] });
  });

  it("a command's other outputs follow; --format takes every name once, in the order first met", () => {
    expect(commandOutput(outputWritten("simulation", ["table", "csv"]), outputWritten("occ", ["csv", "svg"]), outputWritten("capacity", ["json", "table"]))).toEqual({
      writes: [
        { writes: "simulation", formats: ["table", "csv"] },
        { writes: "occ", formats: ["csv", "svg"] },
        { writes: "capacity", formats: ["json", "table"] },
      ],
      formats: ["table", "csv", "svg", "json"],
    });
  });

  it("an output named alone is written in every format with a renderer of it, in the registry's order", () => {
    const registered = (output: string) => FORMAT_NAMES.filter((format) => Object.hasOwn(OUTPUT_FORMATS[format].renderers, output));
    expect(outputWritten("simulation")).toEqual({ writes: "simulation", formats: registered("simulation") });
    expect(commandOutput("simulation", outputWritten("occ"))).toEqual({
      writes: [
        { writes: "simulation", formats: registered("simulation") },
        { writes: "occ", formats: registered("occ") },
      ],
      formats: [...new Set([...registered("simulation"), ...registered("occ")])],
    });
  });
});
