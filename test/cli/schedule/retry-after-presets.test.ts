import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

// --retry-after under --preset: each library's rule from its source (the real libraries are run in
// test/presets/against-*.test.ts). Figures worked by hand in the comments.

async function csvRows(argv: readonly string[]) {
  const { code, stdout, stderr } = await runCli([...argv, "--format", "csv"]);
  return { code, stderr, rows: stdout.trimEnd().split("\n") };
}

describe("backoff --preset … --retry-after", () => {
  it("cenkalti (v5's Retry): 60 s before retries 2..3, then the intervals start again from 500 ms; MaxElapsedTime 3 min ends them at 13", async () => {
    // Waits 0.5, 60, 60 s (120.5 s), then 0.5, 0.75, 1.125, … × 1.5 (ns, truncated): ten more add 56.665 s (177.165 s);
    // the eleventh, 28.83 s, would pass 180 s: elapsed + next > MaxElapsedTime.
    const { code, rows } = await csvRows(["--preset", "cenkalti", "--jitter", "0", "--max-elapsed", "3m", "--retry-after", "1m@2..3"]);
    expect(code).toBe(0);
    const cells = rows.slice(1).map((row) => row.split(","));
    expect(cells.map((row) => Number(row[2]))).toEqual([500, 60_000, 60_000, 500, 750, 1125, 1688, 2531, 3797, 5695, 8543, 12_814, 19_222]);
    expect(cells.at(-1)![3]).toBe("177165");
    expect(cells.map((row) => row.slice(-2).join(","))).toEqual(["," , "60000,yes", "60000,yes", ...Array<string>(10).fill(",")]);
  });

  it("cenkalti: a Retry-After longer than MaxElapsedTime makes no retry at all (cenkalti/backoff#159); 10 min allows one", async () => {
    const none = await runCli(["--preset", "cenkalti", "--retry-after", "20m"]);
    expect([none.code, none.stdout, none.stderr]).toEqual([
      2,
      "",
      "error: --preset cenkalti makes no retry: cenkalti stops when elapsed + next (the Retry-After, where the failure carries one) > MaxElapsedTime (15 min): no retry is made.\n",
    ]);
    // 600 s fits 900 s; a second 600 s would end at 1200 s.
    const one = await csvRows(["--preset", "cenkalti", "--retry-after", "10m"]);
    expect(one.rows.length).toBe(2);
    expect(one.rows[1]!.split(",")[2]).toBe("600000");
  });

  it("cenkalti takes whole seconds only, as RetryAfter(err, seconds int) does", async () => {
    const { code, stderr } = await runCli(["--preset", "cenkalti", "--retry-after", "1500ms"]);
    expect([code, stderr]).toEqual([2, "error: --preset cenkalti: --retry-after must be whole seconds here: v5's RetryAfter(err, seconds int) takes whole seconds, got 1,500 ms\n"]);
  });

  it("got past maxRetryAfter at retry 2: the rows end at retry 1, said on stderr", async () => {
    const { code, rows, stderr } = await csvRows(["--preset", "got", "--retry-after", "10s@2..3", "--max-retry-after", "5s", "--attempts", "4"]);
    expect(code).toBe(0);
    expect(rows.length).toBe(2);
    expect(stderr).toBe("note: got gives up at retry 2 on this Retry-After. The schedule ends at attempt 1.\n");
  });

  it("--max-retry-after only where the library has such a limit", async () => {
    const { code, stderr } = await runCli(["--preset", "polly", "--max-retry-after", "5s"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --max-retry-after has no counterpart in polly; it offers /);
  });

  it("the preset table adds the Retry-After column; a library that ignores the header says so in the summary", async () => {
    const { stdout } = await runCli(["--preset", "tenacity", "--retry-after", "30s", "--attempts", "2"]);
    const rows = stdout.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    expect(rows.map((row) => row.split("│").at(-2)!.trim())).toEqual(["30 s ignored", "30 s ignored"]);
    expect(stdout).toContain("Retry-After 30 s before every retry: tenacity does not read Retry-After: the schedule is unchanged");
  });

  it("backoff presets NAME prints the library's Retry-After line", async () => {
    const { stdout } = await runCli(["presets", "go-retryablehttp"]);
    expect(stdout).toContain("Retry-After: DefaultBackoff (the default) waits what a 429 or 503's Retry-After says");
  });
});
