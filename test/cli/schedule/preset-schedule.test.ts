import { describe, expect, it } from "vitest";
import { runPresetSchedule } from "../../../src/cli/schedule/preset-schedule.js";
import { runCli } from "../../support/cli.js";
import { parseCsvNumbers as csv } from "../../support/csv.js";
import { memoryIo } from "../../support/io.js";

// src/cli/schedule/preset-schedule.ts: `backoff --preset NAME`, the library's own schedule. Folded in:
// test/cli/schedule/preset.test.ts (its refusals of overrides went to preset-options.test.ts),
// retry-after-presets.test.ts (its --max-retry-after refusal to preset-options.test.ts, its
// `backoff presets NAME` line to test/cli/presets/action.test.ts), stopped-runs.test.ts, and the
// presets' half of deadline.test.ts. Figures worked by hand in the comments.

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

describe("runPresetSchedule", () => {
  const csvOut = { format: "csv", color: false } as const;
  const HEADER = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms";

  it("the library's rows over its own count, against a linear schedule from its first delay", async () => {
    // node-retry, minTimeout 1000 ms, factor 2, --attempts 3 as its retries: 1000, 2000, 4000 (totals 1000, 3000,
    // 7000); linear from 1000 by 1000: 1000, 2000, 3000 (totals 1000, 3000, 6000).
    const io = memoryIo();
    expect(await runPresetSchedule({ preset: "node-retry", attempts: "3" }, csvOut, io)).toBe(0);
    expect([io.stdout.text, io.stderr.text]).toEqual([`${HEADER}\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n3,4000,4000,7000,3000,6000\n`, ""]);
  });

  it("a range past the library's elapsed-time stop ends there, said once on stderr", async () => {
    // p-retry, maxRetryTime 10 s: 1000, 2000, 4000 (7000), then 8000 cut to the 3000 left (10,000); linear 1000 … 4000.
    const io = memoryIo();
    expect(await runPresetSchedule({ preset: "p-retry", maxElapsed: "10s", attempts: "8" }, csvOut, io)).toBe(0);
    expect(io.stdout.text).toBe(`${HEADER}\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n3,4000,4000,7000,3000,6000\n4,8000,3000,10000,4000,10000\n`);
    expect(io.stderr.text).toBe(
      "note: p-retry gives up once maxRetryTime (10 s) has elapsed, and cuts the last wait to the time left: attempt 4 is the last one retried. The schedule ends at attempt 4.\n",
    );
  });

  it("a library that gives up on the Retry-After before its first retry makes no retry: one line", async () => {
    // got, retry.maxRetryAfter 5 s: a 10 s Retry-After on every failure is longer, so it gives up before retry 1.
    const io = memoryIo();
    await expect(runPresetSchedule({ preset: "got", retryAfter: "10s", maxRetryAfter: "5s" }, csvOut, io)).rejects.toThrow(
      /^--preset got makes no retry: it gives up on the Retry-After \(10 s\) the failure before retry 1 carries; got waits /,
    );
    expect(io.stdout.text).toBe("");
  });
});

describe("backoff --preset", () => {
  it("bullmq --jitter 0.5 is BullMQ's downward jitter: [500, 999] at attempt 1", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "bullmq", "--jitter", "0.5", "--attempts", "3", "--format", "csv");
    expect([code, stderr]).toEqual([0, ""]);
    const rows = csv(stdout);
    // D = round(2^(a−1) × 1000); min floor(D/2); max D − 1. No wait is D itself, but delay_ms is D, the jitter-free
    // value (issue 39, item 3); the mean E[floor(U[D/2, D))] = 3D/4 − 1/2 beside it: 749.5, 1499.5, 2999.5.
    expect(rows.map((r) => [r.attempt, r.delay_ms, r.min_ms, r.max_ms, r.mean_ms])).toEqual([
      [1, 1000, 500, 999, 749.5],
      [2, 2000, 1000, 1999, 1499.5],
      [3, 4000, 2000, 3999, 2999.5],
    ]);
    // totals: 500 + 1000 + 2000, 999 + 1999 + 3999
    expect([rows[2]!.cumulative_min_ms, rows[2]!.cumulative_max_ms]).toEqual([3500, 6997]);
  });

  it("the attempt range defaults to the library's retry count", async () => {
    expect(csv((await backoff("--preset", "node-retry", "--format", "csv")).stdout)).toHaveLength(10);
    expect(csv((await backoff("--preset", "aws-sdk", "--format", "csv")).stdout)).toHaveLength(2);
    expect(csv((await backoff("--preset", "sidekiq", "--format", "csv")).stdout)).toHaveLength(25);
    // --attempts sets the library's own count (node-retry's retries)
    const five = await backoff("--preset", "node-retry", "--attempts", "5", "--format", "json");
    expect(JSON.parse(five.stdout).policy.parameters.retries).toBe(5);
  });

  it("cenkalti's schedule ends where MaxElapsedTime stops it, and says why", async () => {
    const { stdout } = await backoff("--preset", "cenkalti", "--jitter", "0", "--format", "markdown");
    expect(stdout).toMatch(/MaxElapsedTime \(15 min\): attempt \d+ is the last one retried/);
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--jitter", "0", "--format", "json")).stdout);
    expect(json.rows.at(-1).attempt).toBe(json.policy.stop.last_attempt);
    // every total up to the stop is within 15 min; the next wait would pass it
    expect(json.rows.at(-1).cumulative_ms).toBeLessThanOrEqual(900_000);
  });

  it("p-retry --max-elapsed cuts the range and notes it when --attempts asks for more", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "p-retry", "--max-elapsed", "10s", "--attempts", "8", "--format", "csv");
    expect(code).toBe(0);
    expect(csv(stdout).map((r) => r.delay_ms)).toEqual([1000, 2000, 4000, 3000]);
    expect(stderr).toMatch(/^note: p-retry gives up once maxRetryTime \(10 s\)/);
  });

  it("gRPC's summary states the worst case past the cap", async () => {
    const { stdout } = await backoff("--preset", "grpc", "--format", "markdown");
    expect(stdout).toMatch(/worst case is 144,000 ms against a 120,000 ms cap/);
  });

  it("the table marks jitter past the cap (gRPC: 96,000 – 144,000 ms against 120 s)", async () => {
    const { stdout } = await backoff("--preset", "grpc", "--attempts", "12..12");
    expect(stdout).toContain("96,000 – 144,000 ms ▲");
    expect(stdout).toContain("▲ past the cap: the library's jitter can exceed it.");
  });

  it("the table shows the library's exact range", async () => {
    const { code, stdout } = await backoff("--preset", "aws-sdk");
    expect(code).toBe(0);
    expect(stdout).toContain("0 – 49 ms");
    expect(stdout).toContain("0 – 99 ms");
  });
});

describe("a library past its last retry", () => {
  it("states no ratio to the linear schedule for a wait of 0 ms (cenkalti, MaxElapsedTime 300 ms below the first 500 ms wait)", async () => {
    const { code, stdout } = await backoff("--preset", "cenkalti", "--max-elapsed", "300ms");
    expect(code).toBe(0);
    expect(stdout).not.toContain("× the linear one");
    const json = JSON.parse((await backoff("--preset", "cenkalti", "--max-elapsed", "300ms", "--format", "json")).stdout) as { summary: { ratio_to_linear: number | null } };
    expect(json.summary.ratio_to_linear).toBeNull();
  });
});

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

  it("cenkalti@5 takes whole seconds only, as v5's and v6's RetryAfter(seconds int) does; v7's RetryAfter(d time.Duration, cause error) takes 1.5 s", async () => {
    const { code, stderr } = await runCli(["--preset", "cenkalti@5", "--retry-after", "1500ms"]);
    expect([code, stderr]).toEqual([
      2,
      "error: --preset cenkalti@5: --retry-after must be whole seconds here: v5's RetryAfter(seconds int) takes whole seconds (cenkalti@5; v7's RetryAfter takes a time.Duration), got 1,500 ms\n",
    ]);
    // v7.0.0 error.go: RetryAfter(d time.Duration, cause error); 1.5 s before retry 1, then the intervals from InitialInterval: 500, 750 ms.
    const seven = await csvRows(["--preset", "cenkalti", "--jitter", "0", "--retry-after", "1500ms@1", "--attempts", "3"]);
    expect(seven.code).toBe(0);
    expect(seven.rows.slice(1).map((row) => Number(row.split(",")[2]))).toEqual([1500, 500, 750]);
  });

  it("cenkalti@4 reads no Retry-After (v4's Retry only sleeps NextBackOff): the schedule is the one without it", async () => {
    const without = await csvRows(["--preset", "cenkalti@4", "--jitter", "0", "--attempts", "3"]);
    const withHeader = await csvRows(["--preset", "cenkalti@4", "--jitter", "0", "--attempts", "3", "--retry-after", "1m"]);
    expect(withHeader.rows.slice(1).map((row) => row.split(",").slice(0, 4).join(","))).toEqual(without.rows.slice(1).map((row) => row.split(",").slice(0, 4).join(",")));
    expect(without.rows.slice(1).map((row) => Number(row.split(",")[2]))).toEqual([500, 750, 1125]);
  });

  it("got past maxRetryAfter at retry 2: the rows end at retry 1, said on stderr", async () => {
    const { code, rows, stderr } = await csvRows(["--preset", "got", "--retry-after", "10s@2..3", "--max-retry-after", "5s", "--attempts", "4"]);
    expect(code).toBe(0);
    expect(rows.length).toBe(2);
    expect(stderr).toBe("note: got gives up at retry 2 on this Retry-After. The schedule ends at attempt 1.\n");
  });

  it("the preset table adds the Retry-After column; a library that ignores the header says so in the summary", async () => {
    const { stdout } = await runCli(["--preset", "tenacity", "--retry-after", "30s", "--attempts", "2"]);
    const rows = stdout.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    expect(rows.map((row) => row.split("│").at(-2)!.trim())).toEqual(["30 s ignored", "30 s ignored"]);
    expect(stdout).toContain("Retry-After 30 s before every retry: tenacity does not read Retry-After: the schedule is unchanged");
  });
});

/*
 * Stopped runs (folded in from test/cli/schedule/stopped-runs.test.ts). Issue 23, items 2 and 3: a library that stops by elapsed time (cenkalti's MaxElapsedTime).
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

// --attempt-time and --deadline under --preset (folded in from test/cli/schedule/deadline.test.ts).
describe("backoff --preset … --attempt-time --deadline", () => {
  it("under --preset: a count library's tries and deadline (istio: Envoy's waits 0–24, 0–49, 0–99 ms)", async () => {
    // Tries of 1 s: retry 1 starts at 1,000–1,024 ms (start_ms is the jitter-free run, whose waits are the intervals
    // 25, 50, 100 ms: 1,025, which no run reaches), before the 2 s deadline in every run, its try cut in the runs
    // starting after 1 s; retry 2 starts at 2,000 ms at the earliest: never, nor retry 3 (3,000).
    const { code, stdout } = await runCli(["--preset", "istio", "--attempts", "3", "--attempt-time", "1s", "--deadline", "2s", "--format", "csv"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]!.endsWith(",start_ms,start_min_ms,start_max_ms,fires")).toBe(true);
    expect(lines.slice(1).map((line) => line.split(",").slice(11).join(","))).toEqual(["1025,1000,1024,cut short in some runs", "2075,2000,2073,no", "3175,3000,3172,no"]);
  });

  // A library's own time limit, counted with the tries' time (PresetModel.timed, core/deadline/elapsed-stop.ts).
  const timedRows = async (args: readonly string[]) => {
    const { code, stdout, stderr } = await runCli([...args, "--format", "csv"]);
    expect([code, stderr]).toEqual([0, ""]);
    const [head, ...rows] = stdout.trimEnd().split("\n");
    const at = head!.split(",").indexOf("start_ms");
    return rows.map((line) => line.split(",").slice(at).join(","));
  };
  const verdict = async (args: readonly string[]) => (await runCli(args)).stdout.trimEnd().split("\n").at(-1);

  it("cenkalti: elapsed + next > MaxElapsedTime stops it, elapsed counting the tries", async () => {
    // No jitter, waits 1, 2, 4 s, tries of 2 s: retry a would start at 2a + (2^a − 1) s: 3, 7, 13 s; 13 > 10 s, so
    // NextBackOff stops before retry 3 (with tries of no time it starts at 7 s and is made). Retry 2's try ends at 9 s.
    const args = ["--preset", "cenkalti", "--jitter", "0", "--base", "1s", "--factor", "2", "--max-elapsed", "10s", "--attempt-time", "2s"];
    expect(await timedRows(args)).toEqual(["3000,yes", "7000,yes", "13000,no"]);
    expect(await verdict(args)).toBe("Retries from 3 on can never fire: MaxElapsedTime (10 s) ends them first, the tries' own time counted; the last retry that fires is 2, giving up at 9 s.");
  });

  it("p-retry: retries while maxRetryTime has not elapsed, its last wait cut to the time left", async () => {
    // minTimeout 1 s, factor 2, tries of 2 s: try 1 fails at 2 s, retry 1 at 3 s; try 2 fails at 5 s, retry 2 at 7 s; try
    // 3 fails at 9 s < 10 s, so retry 3 is made, its 4 s wait cut to the 1 s left: it starts at 10 s and ends at 12 s,
    // past the limit, and p-retry gives up there. Retry 4 would start at 4 × 2 + 15 = 23 s.
    const args = ["--preset", "p-retry", "--base", "1s", "--max-elapsed", "10s", "--attempt-time", "2s", "--attempts", "4"];
    expect(await timedRows(args)).toEqual(["3000,yes", "7000,yes", "10000,yes", "23000,no"]);
    // --attempts 4 is p-retry's retries: 4, so the count ends at retry 4, which the limit ends first.
    expect(await verdict(args)).toBe("Retry 4 can never fire: maxRetryTime (10 s) ends them first, the tries' own time counted; the last retry that fires is 3, giving up at 12 s.");
  });

  it("kafka: delivery.timeout.ms expires a batch queued or in flight; request.timeout.ms tries of 30 s", async () => {
    // Waits (long)(U[0.8, 1.2) × 100 × 2^(a−1)): 80–119, 160–239, 320–479, 640–959 ms; sums 80–119, 240–358, 560–837,
    // 1,200–1,796. Retry a starts at a × 30 s + the sum: retry 3 at 90,560–90,837 ms, its try cut at 120 s in every
    // run; retry 4 at 121,200 ms at the earliest, past delivery.timeout.ms: never. Every run gives up at 120 s. The
    // rows end at retry 4 (with tries of no time the producer makes 122 to 152 retries).
    const args = ["--preset", "kafka", "--attempt-time", "30s"];
    expect(await timedRows(args)).toEqual(["30100,30080,30119,yes,none", "60300,60240,60358,yes,none", "90700,90560,90837,cut short,none", "121500,121200,121796,no,none"]);
    const { stdout } = await runCli(args);
    expect(stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "Retries from 4 on can never fire: delivery.timeout.ms (120,000 ms) ends them first, the tries' own time counted; the last retry that fires is 3, giving up at 2 min.",
      "The deadline cuts retry 3 short wherever it starts after 1 min 30 s: a try started then cannot end by 2 min.",
    ]);
    // A deadline given sooner ends it first: at 60 s retry 2 (60,240 ms) never starts, retry 1's try (from 30,080 ms) is cut.
    const sooner = await runCli([...args, "--deadline", "1m"]);
    expect(sooner.stdout.trimEnd().split("\n").slice(-2)).toEqual([
      "Retries from 2 on can never fire: the deadline (1 min) ends first; the last retry that fires is 1, giving up at 1 min.",
      "The deadline cuts retry 1 short wherever it starts after 30 s: a try started then cannot end by 1 min.",
    ]);
  });

  it("argo and temporal: a retry whose wait would end past maxDuration (the expiration) is not made, the pods' time counted", async () => {
    // Waits 10, 20, 40 s, tries of 30 s: retries would start at 40, 90 and 160 s; 160 s is past 2 min. Retry 2 ends at 120 s.
    for (const [preset, limit] of [["argo", "backoff.maxDuration (120,000 ms)"], ["temporal", "the expiration (120,000 ms)"]] as const) {
      const args = ["--preset", preset, "--base", "10s", "--max-elapsed", "2m", "--attempt-time", "30s"];
      expect(await timedRows(args)).toEqual(["40000,yes", "90000,yes", "160000,no"]);
      expect(await verdict(args)).toBe(`Retries from 3 on can never fire: ${limit} ends them first, the tries' own time counted; the last retry that fires is 2, giving up at 2 min.`);
    }
  });

  it("lambda-async: MaximumEventAgeInSeconds counts the runs too", async () => {
    // Waits 60 and 120 s; with runs of no time retry 2 starts at 180 s, just within 3 min, and is made. With runs of 10 s
    // retry 1 starts at 70 s and retry 2 would at 2 × 10 + 180 = 200 s, past the event's 180 s: discarded; the event gives
    // up when retry 1's run ends, at 80 s.
    const args = ["--preset", "lambda-async", "--max-elapsed", "3m", "--attempt-time", "10s"];
    expect(await timedRows(args)).toEqual(["70000,yes", "200000,no"]);
    expect(await verdict(args)).toBe("Retry 2 can never fire: MaximumEventAgeInSeconds 180 ends them first, the tries' own time counted; the last retry that fires is 1, giving up at 1 min 20 s.");
  });

  it("sidekiq: retry_for counts from the first failure, checked before each wait", async () => {
    // Waits (a−1)^4 + 15 + rand(10a) s: 15–24, 16–35, 31–60 s; tries of 10 s, so the clock starts at 10 s and a retry is
    // made while the try before it ended by 70 s. Retry 1 at 25–34 s; try 2 ends at 35–44 s: retry 2 at 51–79 s; try 3
    // ends at 61–89 s, by 70 s in some runs only: retry 3 starts at 61 + 31 = 92 s at the earliest and at 70 + 60 =
    // 130 s at the latest (a run ending its try at 70 s, then drawing high); try 4 ends at 102 s at the earliest: never.
    const args = ["--preset", "sidekiq", "--max-elapsed", "60s", "--attempt-time", "10s"];
    expect(await timedRows(args)).toEqual(["25000,25000,34000,yes,none", "51000,51000,79000,yes,none", "92000,92000,130000,in some runs,none"]);
  });
});
