import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { compareCommand } from "../../../src/cli/compare/command.js";
import { runCli } from "../../support/cli.js";
import { helpExamples } from "../../support/command-help.js";
import { useTempCwd } from "../../support/files.js";
import { ROOT } from "../../support/paths.js";
import { formatsWriting } from "../../../src/format/registry.js";

describe("compare's definition", () => {
  it("any number of SPECs; its options in help's order; every format with a compare renderer, the table first", () => {
    const command = new Command("compare");
    compareCommand.define(command);
    expect(command.registeredArguments.map((argument) => [argument.name(), argument.variadic])).toEqual([["spec", true]]);
    expect(command.options.map((option) => option.long)).toEqual(["--config", "--attempts", "--attempt-time", "--deadline", "--format", "--chart", "--scale", "--no-color"]);
    expect(compareCommand.output?.formats).toEqual(formatsWriting("compare"));
    expect(compareCommand.output?.formats[0]).toBe("table");
  });

  it("the words people type for its options", async () => {
    expect((await runCli(["compare", "istio", "--file", "x.json"])).stderr).toBe("error: unknown option '--file' (did you mean --config?)\n");
    expect((await runCli(["compare", "istio", "--retries", "3"])).stderr).toBe("error: unknown option '--retries' (did you mean --attempts?)\n");
    expect((await runCli(["compare", "istio", "--output", "csv"])).stderr).toBe("error: unknown option '--output' (did you mean --format?)\n");
  });
});

describe("compare --help", () => {
  const cwd = useTempCwd("compare-help");

  it("each example runs (the config one on docs/examples/retry.json, its page to stdout)", async () => {
    cwd.write("retry.json", readFileSync(join(ROOT, "docs/examples/retry.json")));
    const examples = (await helpExamples("compare")).map((args) => (args.includes(">") ? args.slice(0, args.indexOf(">")) : args));
    expect(examples).toHaveLength(4);
    for (const args of examples) {
      const result = await runCli(args);
      expect([args.join(" "), result.code, result.stderr]).toEqual([args.join(" "), 0, ""]);
    }
  });
});
