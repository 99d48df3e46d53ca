/**
 * Issue 23, items 2 and 3: a library that stops by elapsed time (cenkalti's MaxElapsedTime).
 *
 * cenkalti v4 exponential.go: the intervals 500 ms × 1.5^(a−1) (ns, truncated) up to 60 s from
 * attempt 13, each drawn in [I/2, 3I/2]; NextBackOff stops when elapsed + next > 15 min. The
 * all-high run makes 19 retries and the all-low run 39, the un-jittered run 24 (walked by hand
 * in test/presets/cenkalti.test.ts, "stops when elapsed + next > 15 min").
 *
 * - The bound "to 39 (every draw low)" is the library's, whatever range is shown: --attempts 24
 *   and 30 also set WithMaxRetries (MaxRetries), which the line names apart (it said "to 24" and
 *   "to 30", as if the draws stopped there).
 * - From attempt 20 some runs have stopped. A stopped run makes no wait: the range and mean of
 *   attempts 20..24 are those of the runs that retry (30,000 ms at least: half the 60 s interval),
 *   not "0 – 90,000 ms", which read as "may retry at once"; a runs_stopped column says so in
 *   every machine format, and ⊘ in the table.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

/** The rows of a CSV or TSV document, keyed by header. */
function table(text: string, separator = ","): Record<string, string>[] {
  const [head, ...lines] = text.trim().split("\n");
  const names = head!.split(separator);
  return lines.map((line) => Object.fromEntries(line.split(separator).map((cell, i) => [names[i]!, cell])));
}

describe("the bound of an elapsed-time stop comes from the library, not from the range shown", () => {
  it.each([
    ["24", ", and MaxRetries 24 ends the runs still retrying at 24"],
    ["30", ", and MaxRetries 30 ends the runs still retrying at 30"],
    ["40", ""],
  ])("--attempts %s: from 19 (every draw high) to 39 (every draw low)%s", async (attempts, counted) => {
    const { code, stdout } = await backoff("--preset", "cenkalti", "--attempts", attempts);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `cenkalti stops when elapsed + next > MaxElapsedTime (15 min): without jitter attempt 24 is the last one retried; with it, from 19 (every draw high) to 39 (every draw low)${counted}. `,
    );
  });
});

describe("stopped runs are kept apart from waits", () => {
  it("CSV: runs_stopped is none up to 19 and some from 20; the range there is over the runs that retry", async () => {
    const { code, stdout } = await backoff("--preset", "cenkalti", "--format", "csv");
    expect(code).toBe(0);
    const rows = table(stdout);
    expect(rows.map((row) => row["runs_stopped"])).toEqual([...Array<string>(19).fill("none"), ...Array<string>(5).fill("some")]);
    // Capped from 13: every run that retries draws from [30 s, 90 s] (90,000,000,001 ns at most: 90,001 as a step of rounded totals).
    for (const row of rows.slice(19)) expect([row["min_ms"], row["max_ms"]]).toEqual(["30000", "90001"]);
    for (const row of rows.slice(19)) expect(Number(row["mean_ms"])).toBeGreaterThanOrEqual(30_000);
  });

  it.each([["cenkalti"], ["sidekiq", "--max-elapsed", "1h"], ["kafka"], ["p-retry", "--max-elapsed", "10s", "--jitter", "on"]])(
    "--preset %s: runs_stopped comes after every other column, so a seeded sample keeps its documented places",
    async (...preset) => {
      // docs/formats.md: the core six, the jitter five, then sample_ms,sample_cumulative_ms with --seed; later
      // versions append, never reorder. runs_stopped stood before the sample columns (issue 23, item 3, review).
      const documented = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms,sample_ms,sample_cumulative_ms";
      const csv = await backoff("--preset", ...preset, "--seed", "7", "--format", "csv");
      expect(csv.code).toBe(0);
      expect(csv.stdout.split("\n")[0]).toBe(`${documented},runs_stopped`);
      const tsv = await backoff("--preset", ...preset, "--seed", "7", "--format", "tsv");
      expect(tsv.stdout.split("\n")[0]).toBe(`${documented},runs_stopped`.replaceAll(",", "\t"));
      const json = JSON.parse((await backoff("--preset", ...preset, "--seed", "7", "--format", "json")).stdout);
      expect(Object.keys(json.rows[0])).toEqual(`${documented},runs_stopped`.split(","));
      const markdown = (await backoff("--preset", ...preset, "--seed", "7", "--format", "markdown")).stdout.split("\n")[0];
      expect(markdown).toBe(`| ${`${documented},runs_stopped`.split(",").join(" | ")} |`);
    },
  );

  it("TSV, Markdown and JSON carry the same column", async () => {
    const tsv = table((await backoff("--preset", "cenkalti", "--format", "tsv")).stdout, "\t");
    expect(tsv[19]!["runs_stopped"]).toBe("some");
    const markdown = (await backoff("--preset", "cenkalti", "--format", "markdown")).stdout.split("\n");
    expect(markdown[0]).toMatch(/ \| runs_stopped \|$/);
    expect(markdown[1]).toMatch(/\|:---\|$/);
    expect(markdown[2 + 19]).toMatch(/^\| 20 \| .* \| some \|$/);
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--format", "json")).stdout);
    expect(json.rows[18].runs_stopped).toBe("none");
    expect(json.rows[19]).toMatchObject({ attempt: 20, min_ms: 30_000, runs_stopped: "some" });
  });

  it("the table marks the rows from 20 with ⊘ and says what it means", async () => {
    const { stdout } = await backoff("--preset", "cenkalti");
    const marked = stdout.split("\n").filter((line) => line.includes("⊘ │")).map((line) => Number(line.split("│")[1]));
    expect(marked).toEqual([20, 21, 22, 23, 24]);
    expect(stdout).toContain("│ 30,000 – 90,001 ms ▲ ⊘ │");
    expect(stdout).toContain("⊘ some runs have stopped before this retry (their waits were long): the range and mean are over the runs that make it.\n");
    expect(stdout).not.toMatch(/│ 0 – /);
  });

  it("a sampled run that has stopped shows no wait, and its total stays where it stopped", async () => {
    // MaxElapsedTime 20 s: the un-jittered run makes 7 retries (16,086 ms, and 16,086 + 8,543 > 20,000), the
    // all-high run 6. Seed 61's run has waited 12,892 ms after 6 and draws more than the 7,108 ms left.
    const rows = table((await backoff("--preset", "cenkalti", "--max-elapsed", "20s", "--seed", "61", "--format", "csv")).stdout);
    expect(rows.map((row) => row["attempt"])).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(rows[5]!["sample_cumulative_ms"]).toBe("12892");
    expect(rows[6]).toMatchObject({ runs_stopped: "some", sample_ms: "", sample_cumulative_ms: "12892" });
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--max-elapsed", "20s", "--seed", "61", "--format", "json")).stdout);
    expect(json.rows[6]).toMatchObject({ sample_ms: null, sample_cumulative_ms: 12_892 });
  });

  it("totals still never pass the library's limit", async () => {
    const rows = table((await backoff("--preset", "cenkalti", "--format", "csv")).stdout);
    for (const row of rows) expect(Number(row["cumulative_max_ms"])).toBeLessThanOrEqual(900_000);
    expect(rows.at(-1)!["cumulative_max_ms"]).toBe("900000");
  });
});

describe("every total is the one before it plus the row's delay (issue 23, item 4)", () => {
  it("cenkalti at attempt 12: 85,498 + 43,248 = 128,746, and the rounding is said once", async () => {
    const { stdout } = await backoff("--preset", "cenkalti", "--format", "csv");
    const rows = table(stdout);
    expect([rows[10]!["cumulative_ms"], rows[11]!["delay_ms"], rows[11]!["cumulative_ms"]]).toEqual(["85498", "43248", "128746"]);
    const text = (await backoff("--preset", "cenkalti")).stdout;
    expect(text.match(/cenkalti keeps time in nanoseconds/g)).toHaveLength(1);
  });
});
