import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

// --retry-after on the calculator's own schedule: each wait is max(delay, Retry-After). Figures worked by hand.

const csv = async (argv: readonly string[]) => {
  const { code, stdout, stderr } = await runCli([...argv, "--format", "csv"]);
  expect([code, stderr]).toEqual([0, ""]);
  return stdout.trimEnd().split("\n");
};

describe("backoff --retry-after", () => {
  it("before every retry: 1 s and 2 s are raised to 3 s, 4, 8, 16 s stand; the columns come after today's", async () => {
    expect(await csv(["--base", "1s", "--attempts", "5", "--retry-after", "3s"])).toEqual([
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,retry_after_ms,retry_after_changed",
      "1,3000,3000,3000,1000,1000,3000,yes",
      "2,3000,3000,6000,2000,3000,3000,yes",
      "3,4000,4000,10000,3000,6000,3000,no",
      "4,8000,8000,18000,4000,10000,3000,no",
      "5,16000,16000,34000,5000,15000,3000,no",
    ]);
  });

  it("DURATION@A..B: before retries 2..3 only, with full jitter (U{0..d} raised to 3 s)", async () => {
    const lines = await csv(["--base", "1s", "--attempts", "4", "--jitter", "full", "--retry-after", "3s@2..3"]);
    expect(lines[0]!.split(",").slice(-2)).toEqual(["retry_after_ms", "retry_after_changed"]);
    // min, max, mean, cumulative min and max, then the header and what it did.
    expect(lines.slice(1).map((line) => line.split(",").slice(6).join(","))).toEqual([
      "0,1000,500,0,1000,,",
      // U{0..2000} all below 3 s: every run waits 3 s
      "3000,3000,3000,3000,4000,3000,yes",
      // U{0..4000}: (3000 × 3000 + Σ 3000..4000) / 4001 = 12,503,500 / 4001
      "3000,4000,3125.094,6000,8000,3000,in some runs",
      "0,8000,4000,6000,16000,,",
    ]);
  });

  it("the deadline model counts the raised waits: starts a × 1 s + Σ waits", async () => {
    // Waits 3, 3, 4, 8 s with 1 s tries: starts 4, 8, 13, 22 s; a 20 s deadline leaves retry 4 unfired.
    const lines = await csv(["--base", "1s", "--attempts", "4", "--retry-after", "3s", "--attempt-time", "1s", "--deadline", "20s"]);
    expect(lines[0]).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,start_ms,fires,retry_after_ms,retry_after_changed");
    expect(lines.slice(1).map((line) => line.split(",").slice(6).join(","))).toEqual(["4000,yes,3000,yes", "8000,yes,3000,yes", "13000,yes,3000,no", "22000,no,3000,no"]);
  });

  it("the table adds a Retry-After column and the summary says the rule", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "3", "--retry-after", "2s@2..3"]);
    const rows = stdout.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    expect(rows.map((row) => row.split("│")[6]!.trim())).toEqual(["", "2 s no change", "2 s no change"]);
    expect(stdout).toContain(
      "Retry-After 2 s before retries 2–3: the wait is the longer of the delay and Retry-After, max(delay, Retry-After), and the cap does not shorten it (a client of its own; --preset shows what a library does).\n",
    );
  });

  it("JSON: the columns on each row, and the rule in the summary", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "2", "--retry-after", "0", "--format", "json"]);
    const json = JSON.parse(stdout) as { rows: Record<string, unknown>[]; summary: { retry_after: Record<string, unknown> } };
    expect(json.rows.map((row) => [row["delay_ms"], row["retry_after_ms"], row["retry_after_changed"]])).toEqual([
      [1000, 0, "no"],
      [2000, 0, "no"],
    ]);
    expect(json.summary.retry_after).toMatchObject({ retry_after_ms: 0, first_attempt: 1, last_attempt: null, gives_up_at: null });
  });

  it("refuses, one line each: a bad value, decorrelated jitter, --max-retry-after without a preset", async () => {
    const cases: [string[], string][] = [
      [["--retry-after", "1.5ms"], "error: --retry-after must be a whole number of milliseconds, as every start is, got \"1.5ms\"\n"],
      [["--retry-after", "30s@"], "error: --retry-after takes a duration, or DURATION@A..B for retries A..B only, such as 30s@2..3, got \"30s@\"\n"],
      [["--retry-after", "30s@3..2"], "error: --retry-after range \"3..2\" is reversed; write 2..3\n"],
      [
        ["--retry-after", "30s", "--jitter", "decorrelated", "--cap", "1m"],
        "error: --retry-after with --jitter decorrelated is not modelled: its next draw grows from the previous wait, and whether that is the Retry-After is each client's own choice; use another jitter, or a --preset\n",
      ],
      [["--max-retry-after", "1m"], "error: --max-retry-after applies only under --preset got (retry.maxRetryAfter) or urllib3 (retry_after_max); without a preset a Retry-After is waited as sent\n"],
    ];
    for (const [argv, message] of cases) {
      const { code, stdout, stderr } = await runCli(argv);
      expect([code, stdout, stderr]).toEqual([2, "", message]);
    }
  });
});
