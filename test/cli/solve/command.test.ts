import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { solveCommand } from "../../../src/cli/solve/command.js";
import { runCli } from "../../support/cli.js";
import { helpExamples } from "../../support/command-help.js";

describe("solve's definition", () => {
  it("its options in help's order; a table (the default) or JSON", () => {
    const command = new Command("solve");
    solveCommand.define(command);
    expect(command.options.map((option) => option.long)).toEqual([
      "--total",
      "--attempts",
      "--base",
      "--factor",
      "--cap",
      "--strategy",
      "--preset",
      "--jitter",
      "--max-elapsed",
      "--deadline",
      "--attempt-time",
      "--format",
      "--no-color",
    ]);
    expect(solveCommand.output?.formats).toEqual(["table", "json"]);
  });

  it("a total is also called a target, a budget, a timeout or a max total", async () => {
    for (const word of ["--target", "--budget", "--timeout", "--max-total"]) {
      expect(await runCli(["solve", word, "1h"])).toEqual({ code: 2, stdout: "", stderr: `error: unknown option '${word}' (did you mean --total?)\n` });
    }
    expect((await runCli(["solve", "--retries", "3"])).stderr).toBe("error: unknown option '--retries' (did you mean --attempts?)\n");
  });
});

describe("solve --help", () => {
  it("each example runs, and finds what its comment says (≈ 7.473, 14, 4)", async () => {
    const examples = await helpExamples("solve");
    expect(examples).toHaveLength(6);
    const outputs: string[] = [];
    for (const args of examples) {
      const result = await runCli(args);
      expect([args.join(" "), result.code, result.stderr]).toEqual([args.join(" "), 0, ""]);
      outputs.push(result.stdout.split("\n")[0]!);
    }
    expect(outputs[0]).toMatch(/^factor ≈ 7\.473;/);
    expect(outputs[2]).toMatch(/^attempts = 14:/);
    expect(outputs[5]).toMatch(/^retries = 4:/);
  });
});
