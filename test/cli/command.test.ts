import { describe, expect, it } from "vitest";
import { commandOutput, outputWritten } from "../../src/cli/command.js";

describe("outputWritten and commandOutput", () => {
  it("one output and its formats, the first the default", () => {
    expect(outputWritten("presets", ["table", "json"])).toEqual({ writes: "presets", formats: ["table", "json"] });
    expect(commandOutput("presets", ["table", "json"])).toEqual({ writes: [{ writes: "presets", formats: ["table", "json"] }], formats: ["table", "json"] });
  });

  it("a command's other outputs follow; --format takes every name once, in the order first met", () => {
    expect(commandOutput("simulation", ["table", "csv"], outputWritten("occ", ["csv", "svg"]), outputWritten("capacity", ["json", "table"]))).toEqual({
      writes: [
        { writes: "simulation", formats: ["table", "csv"] },
        { writes: "occ", formats: ["csv", "svg"] },
        { writes: "capacity", formats: ["json", "table"] },
      ],
      formats: ["table", "csv", "svg", "json"],
    });
  });
});
