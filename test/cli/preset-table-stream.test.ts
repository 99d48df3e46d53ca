import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../support/io.js";
import { runCli } from "../support/cli.js";

// Issue 16, item 12: preset tables stream like the calculator's own (a million gRPC rows
// took 3 GB, held whole); a table draws at most 100,000 rows (issue 21), --chart under it too.

describe("preset tables stream (item 12)", () => {
  it("--preset grpc --attempts 1..100000 | head: the first rows at once", { timeout: 10_000 }, async () => {
    const io = memoryIo({ stdoutLimit: 4000 });
    expect(await run(["--preset", "grpc", "--attempts", "1..100000"], io)).toBe(0);
    const lines = io.stdout.text.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    // gRPC: the first wait is INITIAL_BACKOFF (1 s) exactly; then 1.6 s ± 20%: 1,280 – 1,920 ms.
    expect(lines[0]).toMatch(/^│\s+1 │ 1,000 ms {2}1 s\s+│ 1,000 ms {2}1 s\s+│/);
    expect(lines[1]).toMatch(/^│\s+2 │ 1,600 ms {2}1\.6 s\s+│ 1,280 – 1,920 ms\s+│/);
  });

  it("a short preset table is measured: every column is as wide as its longest cell, no wider", async () => {
    const { stdout } = await runCli(["--preset", "bullmq", "--base", "1s", "--jitter", "0.5", "--attempts", "3"]);
    const rows = stdout.split("\n").filter((line) => line.startsWith("│")).map((line) => line.split("│").slice(1, -1));
    expect(rows).toHaveLength(4); // the header and three attempts
    for (let column = 0; column < rows[0]!.length; column++) {
      // One space of padding on each side of the widest cell: the least slack in a column is exactly 2.
      const slack = Math.min(...rows.map((cells) => cells[column]!.length - cells[column]!.trim().length));
      expect(slack).toBe(2);
    }
    // delay and total wait are the jitter-free 1,000 ms (issue 39, item 3), the range and mean the draws'.
    expect(rows[1]!.map((cell) => cell.trim())).toEqual(["1", "1,000 ms  1 s", "500 – 999 ms", "750 ms", "1,000 ms  1 s", "500 – 999 ms"]);
  });

  it("a long table's bounded widths hold every row: each line is as wide as the header", { timeout: 30_000 }, async () => {
    const { code, stdout } = await runCli(["--preset", "sidekiq", "--attempts", "1..6000"]);
    expect(code).toBe(0);
    const widths = new Set(stdout.split("\n").filter((line) => line.startsWith("│") || line.startsWith("┌")).map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it("--chart draws under the table, so the table's limit of 100,000 rows is the one it meets: one line, exit 2", async () => {
    expect(await runCli(["--preset", "sidekiq", "--attempts", "1..100001", "--chart"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: a table shows at most 100,000 rows, got 100,001 (attempts 1..100001); use --format csv or --format tsv, which stream any length, or --attempts A..B for the part to read\n",
    });
  });
});
