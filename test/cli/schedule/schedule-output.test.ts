import { describe, expect, it } from "vitest";
import { run } from "../../../src/cli/run.js";
import { memoryIo } from "../../support/io.js";

const WARNING_54 = "warning: from attempt 54 the totals reach 2^53 ms (about 285,616 years) and cannot be exact; they are shown as >9007199254740991\n";

describe("the 2^53 warning is about rows that were written", () => {
  // --base 1: attempt a's total is 2^a − 1 ms, so attempt 53 ends at 2^53 − 1 (the last exact
  // total) and attempt 54 is the first that saturates.
  it("warns once, after the rows, when a written row saturates", async () => {
    const io = memoryIo();
    expect(await run(["--base", "1", "--attempts", "53..55", "--format", "csv"], io)).toBe(0);
    expect(io.stderr.text).toBe(WARNING_54);
    expect(io.stdout.text.split("\n")[2]).toBe("54,>9007199254740991,>9007199254740991,>9007199254740991,54,1485");
  });

  // Issue 23, item 12: `--format csv --attempts 1..10000000 | head -3` warned about attempt 44
  // though the reader had gone after three rows (rows are drawn a 64 KB chunk ahead of the writes).
  it("says nothing when the reader went away before the end (| head -3)", async () => {
    const io = memoryIo({ stdoutLimit: 200 });
    expect(await run(["--format", "csv", "--attempts", "1..10000000"], io)).toBe(0);
    expect(io.stdout.text.split("\n").slice(0, 3)).toEqual([
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms",
      "1,1000,1000,1000,1000,1000",
      "2,2000,2000,3000,2000,3000",
    ]);
    expect(io.stderr.text).toBe("");
  });

  it("a range that never saturates is not warned about", async () => {
    const io = memoryIo();
    expect(await run(["--base", "1", "--attempts", "50..53", "--format", "csv"], io)).toBe(0);
    expect(io.stderr.text).toBe("");
  });
});
