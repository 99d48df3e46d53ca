import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../support/io.js";
import { runCli } from "../support/cli.js";

// Issue 16, item 8: the table with --seed over a huge range prints its first rows at once
// (it used to draw the sample of every attempt up to the last before the first line).

describe("a seeded table over a huge range (item 8)", () => {
  // 100,000 rows: as many as a table draws.
  it.each(["1..100000"])("--attempts %s --cap 1m --jitter full --seed 1 | head: the first rows at once, the samples of --attempts 3", { timeout: 5000 }, async (range) => {
    const io = memoryIo({ stdoutLimit: 3000 }); // a reader that goes away, like head
    const code = await run(["--attempts", range, "--cap", "1m", "--jitter", "full", "--seed", "1"], io);
    expect(code).toBe(0);
    expect(io.stderr.text).toBe("");
    const samples = io.stdout.text
      .split("\n")
      .filter((line) => /^│\s+\d+ │/.test(line))
      .slice(0, 3)
      .map((line) => line.split("│")[6]!.trim());
    // The same seed draws the same sequence whatever the range: the CSV of attempts 1..3.
    const { stdout } = await runCli(["--attempts", "3", "--cap", "1m", "--jitter", "full", "--seed", "1", "--format", "csv"]);
    const expected = stdout.trim().split("\n").slice(1).map((line) => Number(line.split(",")[11]));
    expect(samples.map((text) => Number(text.split(" ")[0]!.replace(/,/g, "")))).toEqual(expected);
  });
});
