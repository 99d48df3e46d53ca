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

// Issue 23, item 6: advice never suggests what the same command refuses.
describe("a range past the attempts added up one by one: the advice is accepted", () => {
  const far = ["--attempts", "20000000..20000001"];

  it("sidekiq has no cap, so only a nearer range is suggested", async () => {
    const io = memoryIo();
    expect(await run(["--preset", "sidekiq", ...far], io)).toBe(2);
    expect(io.stderr.text).toBe(
      "error: --attempts reaches attempt 20,000,001, but with jitter or a preset the totals are added up attempt by attempt, up to 10,000,000; give a range within 10,000,000\n",
    );
    // The cap the old message suggested is refused by the preset:
    const refused = memoryIo();
    expect(await run(["--preset", "sidekiq", "--cap", "1h"], refused)).toBe(2);
    expect(refused.stderr.text).toMatch(/^error: --cap has no counterpart in sidekiq/);
    expect(await run(["--preset", "sidekiq", "--attempts", "9999999..10000000", "--format", "csv"], memoryIo())).toBe(0);
  });

  it("the calculator's own jittered schedule is told to give a --cap, and one is accepted", async () => {
    const io = memoryIo();
    expect(await run(["--jitter", "equal", "--cap", "1h", "--factor", "1.0000001", ...far], io)).toBe(2);
    expect(io.stderr.text).toContain("; give a lower --cap (the delays reach 3,600,000 ms only after attempt 10,000,000) or a range within 10,000,000\n");
    expect(await run(["--jitter", "equal", "--cap", "1001ms", "--factor", "1.0000001", ...far, "--format", "csv"], memoryIo())).toBe(0);
  });
});
