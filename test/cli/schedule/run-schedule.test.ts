import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { policyDeadline, runSchedule } from "../../../src/cli/schedule/run-schedule.js";
import { runCli } from "../../support/cli.js";
import { parseCsv, parseCsvNumbers } from "../../support/csv.js";
import { memoryIo } from "../../support/io.js";

// src/cli/schedule/run-schedule.ts: the calculator's own schedule from the option values (a preset
// handed on to preset-schedule.ts). Folded in: test/cli/schedule/retry-after.test.ts, jitter.test.ts
// (its simulate cases went to test/cli/simulate/action.test.ts), the calculator's half of
// deadline.test.ts (the presets' half is in preset-schedule.test.ts) and preset.test.ts's
// "without --preset". Every figure worked by hand in the comments.

const CSV_HEADER = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms";

describe("runSchedule", () => {
  const csvOut = { format: "csv", color: false } as const;

  it("writes the policy's rows: exponential 1 s, 2 s; linear 1 s + 500 ms steps", async () => {
    const io = memoryIo();
    expect(await runSchedule({ base: "1s", attempts: "2" }, csvOut, io)).toBe(0);
    expect([io.stdout.text, io.stderr.text]).toEqual([`${CSV_HEADER}\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n`, ""]);
    const linear = memoryIo();
    // 1000, 1500, 2000 (totals 1000, 2500, 4500); the comparison is the same linear policy.
    await runSchedule({ strategy: "linear", base: "1s", step: "500ms", attempts: "3" }, csvOut, linear);
    expect(linear.stdout.text).toBe(`${CSV_HEADER}\n1,1000,1000,1000,1000,1000\n2,1500,1500,2500,1500,2500\n3,2000,2000,4500,2000,4500\n`);
  });

  it("hands --preset to the library's own schedule", async () => {
    const io = memoryIo();
    expect(await runSchedule({ preset: "aws-sdk", attempts: "1" }, csvOut, io)).toBe(0);
    expect(io.stdout.text).toBe((await runCli(["--preset", "aws-sdk", "--attempts", "1", "--format", "csv"])).stdout);
    expect(io.stdout.text.split("\n")[0]).toBe(`${CSV_HEADER},min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms`);
  });

  it("refuses a preset's options without a preset, and a picture option the format cannot draw, before writing", async () => {
    const refused = async (values: Record<string, string>, output: Parameters<typeof runSchedule>[1]) => {
      const io = memoryIo();
      const error = await runSchedule(values, output, io).then(() => null, (e: Error) => e.message);
      expect(io.stdout.text).toBe("");
      return error;
    };
    expect(await refused({ maxElapsed: "1m" }, csvOut)).toBe("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
    expect(await refused({ maxRetryAfter: "1m" }, csvOut)).toBe(
      "--max-retry-after applies only under --preset got (retry.maxRetryAfter) or urllib3 (retry_after_max); without a preset a Retry-After is waited as sent",
    );
    expect(await refused({}, { ...csvOut, chart: true })).toBe("--chart draws under the table, so it needs --format table, got --format csv (for a picture file use --format svg)");
  });
});

describe("policyDeadline", () => {
  it("the calculator's policy makes exactly the retries shown, with no stop of its own", () => {
    const model = policyModel(normalizePolicy({ baseMs: 1000 }));
    const view = policyDeadline({ attemptTimeMs: 2000, deadlineMs: 30_000 }, model, { first: 1, last: 10 });
    expect(view?.input).toEqual({ waits: model, retries: 10, attemptTimeMs: 2000, deadlineMs: 30_000, stop: null });
    expect(view?.context).toEqual({ attemptTimeMs: 2000, deadlineMs: 30_000, stopText: null, lastShown: 10 });
    expect(policyDeadline(null, model, { first: 1, last: 10 })).toBeNull();
  });
});

// --retry-after on the calculator's own schedule: each wait is max(delay, Retry-After). Figures worked by hand.

const csvLines = async (argv: readonly string[]) => {
  const { code, stdout, stderr } = await runCli([...argv, "--format", "csv"]);
  expect([code, stderr]).toEqual([0, ""]);
  return stdout.trimEnd().split("\n");
};

describe("backoff --retry-after", () => {
  it("before every retry: 1 s and 2 s are raised to 3 s, 4, 8, 16 s stand; the columns come after today's", async () => {
    expect(await csvLines(["--base", "1s", "--attempts", "5", "--retry-after", "3s"])).toEqual([
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,retry_after_ms,retry_after_changed",
      "1,3000,3000,3000,1000,1000,3000,yes",
      "2,3000,3000,6000,2000,3000,3000,yes",
      "3,4000,4000,10000,3000,6000,3000,no",
      "4,8000,8000,18000,4000,10000,3000,no",
      "5,16000,16000,34000,5000,15000,3000,no",
    ]);
  });

  it("DURATION@A..B: before retries 2..3 only, with full jitter (U{0..d} raised to 3 s)", async () => {
    const lines = await csvLines(["--base", "1s", "--attempts", "4", "--jitter", "full", "--retry-after", "3s@2..3"]);
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
    const lines = await csvLines(["--base", "1s", "--attempts", "4", "--retry-after", "3s", "--attempt-time", "1s", "--deadline", "20s"]);
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

const CORE = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms";
const JITTER = "min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms";
const SAMPLE = "sample_ms,sample_cumulative_ms";

describe("schedule with --jitter", () => {
  it("appends the jitter columns after the six core columns, then the sample columns with --seed", async () => {
    const plain = await runCli(["--attempts", "2", "--format", "csv"]);
    expect(plain.stdout.split("\n")[0]).toBe(CORE);
    const jittered = await runCli(["--attempts", "2", "--format", "csv", "--jitter", "full"]);
    expect(jittered.stdout.split("\n")[0]).toBe(`${CORE},${JITTER}`);
    const seeded = await runCli(["--attempts", "2", "--format", "tsv", "--jitter", "full", "--seed", "3"]);
    expect(seeded.stdout.split("\n")[0]).toBe(`${CORE},${JITTER},${SAMPLE}`.replaceAll(",", "\t"));
  });

  it("±20% with a 30 s cap: exact bounds, totals and the un-jittered core columns", async () => {
    const { code, stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "0.2", "--attempts", "6", "--format", "csv"]);
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    // d = 1000, 2000, 4000, 8000, 16000, 30000 (32000 capped); min = 0.8·d, max = min(1.2·d, 30000).
    expect(rows.map((r) => [r["delay_ms"], r["min_ms"], r["max_ms"]])).toEqual([
      ["1000", "800", "1200"],
      ["2000", "1600", "2400"],
      ["4000", "3200", "4800"],
      ["8000", "6400", "9600"],
      ["16000", "12800", "19200"],
      ["30000", "24000", "30000"],
    ]);
    // 800 + 1600 + 3200 + 6400 + 12800 + 24000 = 48800; 1200 + 2400 + 4800 + 9600 + 19200 + 30000 = 67200.
    expect([rows[5]!["cumulative_min_ms"], rows[5]!["cumulative_max_ms"]]).toEqual(["48800", "67200"]);
    expect(rows[0]!["mean_ms"]).toBe("1000");
    expect(rows[5]!["cumulative_ms"]).toBe("61000"); // 1+2+4+8+16+30 s, un-jittered
  });

  it("the same seed prints the same sample; another seed another; samples lie inside the bounds", async () => {
    const args = ["--base", "100", "--cap", "10s", "--jitter", "decorrelated", "--attempts", "30", "--format", "csv"];
    const a = await runCli([...args, "--seed", "77"]);
    const b = await runCli([...args, "--seed", "77"]);
    const c = await runCli([...args, "--seed", "78"]);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    let total = 0;
    for (const row of parseCsv(a.stdout)) {
      const sample = Number(row["sample_ms"]);
      total += sample;
      expect(sample).toBeGreaterThanOrEqual(Number(row["min_ms"]));
      expect(sample).toBeLessThanOrEqual(Number(row["max_ms"]));
      expect(Number(row["sample_cumulative_ms"])).toBe(total);
    }
  });

  it("a range that starts later still samples from attempt 1 (same values as the full run)", async () => {
    const args = ["--base", "100", "--cap", "10s", "--jitter", "full", "--seed", "5", "--format", "csv"];
    const full = parseCsv((await runCli([...args, "--attempts", "8"])).stdout);
    const tail = parseCsv((await runCli([...args, "--attempts", "5..8"])).stdout);
    expect(tail).toEqual(full.slice(4));
  });

  it("the table shows each delay as its range and the best and worst case total", async () => {
    const { stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "0.2", "--attempts", "3"]);
    expect(stdout).toContain("1.6 s – 2.4 s"); // attempt 2: 2000 ± 20%
    expect(stdout).toContain("800 ms – 1.2 s");
    // best 800 + 1600 + 3200 = 5600; worst 1200 + 2400 + 4800 = 8400.
    expect(stdout).toContain("best case 5.6 s (5,600 ms), worst case 8.4 s (8,400 ms)");
    expect(stdout).toContain("linear");
  });

  it("the table shows the sample when seeded, the same one the CSV draws", async () => {
    const args = ["--base", "1s", "--cap", "30s", "--jitter", "full", "--seed", "7", "--attempts", "12"];
    const csv = parseCsv((await runCli([...args, "--format", "csv"])).stdout);
    const total = Number(csv[11]!["sample_cumulative_ms"]);
    const { stdout } = await runCli(args);
    expect(stdout.split("\n")[1]).toContain("sample total");
    expect(stdout).toContain(`Sample (seed 7): total wait`);
    expect(stdout).toContain(`(${total.toLocaleString("en-US")} ms)`);
  });

  it("JSON carries the jitter, the seed and the best and worst totals", async () => {
    const { stdout } = await runCli(["--base", "1s", "--cap", "30s", "--jitter", "equal", "--seed", "1", "--attempts", "2", "--format", "json"]);
    const json = JSON.parse(stdout);
    expect(json.policy.jitter).toBe("equal");
    expect(json.policy.seed).toBe(1);
    // equal: [500, 1000] then [1000, 2000].
    expect(json.summary.total_min_ms).toBe(1500);
    expect(json.summary.total_max_ms).toBe(3000);
    expect(json.rows[1].mean_ms).toBe(1500);
    expect(json.summary.sample_total_ms).toBe(json.rows[1].sample_cumulative_ms);
  });
});

describe("usage errors: exit 2, one line on stderr, nothing on stdout", () => {
  const cases: Array<[string[], RegExp]> = [
    [["--jitter", "0"], /--jitter fraction must be greater than 0 and at most 1, got "0"/],
    [["--jitter", "1.5"], /--jitter fraction .* got "1.5"/],
    [["--jitter", "-0.2"], /--jitter must be none, full, equal, decorrelated or a fraction/],
    [["--jitter", "wobbly"], /--jitter must be none, full, equal, decorrelated or a fraction .* got "wobbly"/],
    [["--jitter", "decorrelated"], /--jitter decorrelated needs --cap/],
    [["--jitter", "full", "--seed", "-1"], /--seed must be a whole number/],
    [["--jitter", "full", "--seed", "1.5"], /--seed must be a whole number .* got "1.5"/],
    [["--jitter", "full", "--seed", "abc"], /--seed must be a whole number/],
    [["--seed", "9007199254740992"], /--seed must be at most 9007199254740991/],
    [["--jitter", "full", "--seed", "1", "--attempts", "10000001..10000002"], /--seed draws the sequence from attempt 1, so --attempts must start at most at 10,000,000/],

  ];
  for (const [argv, message] of cases) {
    it(argv.join(" "), async () => {
      const { code, stdout, stderr } = await runCli(argv);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.startsWith("error: ")).toBe(true);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    });
  }
});

// --attempt-time and --deadline on the schedule. Every figure worked by hand in the comments.

describe("backoff --attempt-time --deadline", () => {
  it("the issue's example: retries 5–10 never fire; starts 3, 7, 13, 23, 41 s … appended after today's CSV columns", async () => {
    // Delays 1, 2, 4, … 512 s; retry a starts at a × 2 s + (2^a − 1) s.
    const { code, stdout } = await runCli(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s", "--format", "csv"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,start_ms,fires");
    expect(lines.slice(1).map((line) => line.split(",").slice(6).join(","))).toEqual([
      "3000,yes",
      "7000,yes",
      "13000,yes",
      "23000,yes",
      "41000,no",
      "75000,no",
      "141000,no",
      "271000,no",
      "529000,no",
      "1043000,no",
    ]);
    // Today's columns are untouched.
    expect(lines[5]).toBe("5,16000,16000,31000,5000,15000,41000,no");
  });

  it("the table marks the rows that never fire and the summary says why", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "10", "--attempt-time", "2s", "--deadline", "30s"]);
    const rows = stdout.split("\n").filter((line) => /^│\s+\d+ │/.test(line));
    expect(rows.map((row) => row.trimEnd().endsWith("│ no    │"))).toEqual([false, false, false, false, true, true, true, true, true, true]);
    expect(stdout).toContain("Retries 5–10 can never fire: the deadline (30 s) ends first; the last retry that fires is 4, giving up at 30 s.\n");
  });

  it("with jitter: start_min_ms and start_max_ms from every draw low and every draw high", async () => {
    // Full jitter U{0..1000}, U{0..2000}; 1 s tries: retry 1 starts at 1 + [0, 1] s, retry 2 at 2 + [0, 3] s; deadline 4 s.
    const { stdout } = await runCli(["--base", "1s", "--attempts", "2", "--jitter", "full", "--attempt-time", "1s", "--deadline", "4s", "--format", "csv"]);
    const [head, ...rows] = stdout.trimEnd().split("\n");
    expect(head!.split(",").slice(-4)).toEqual(["start_ms", "start_min_ms", "start_max_ms", "fires"]);
    // Retry 1 ends by 3 s in every run; retry 2 may start at 4 s (never fires there) or earlier.
    expect(rows.map((row) => row.split(",").slice(-4).join(","))).toEqual(["2000,1000,2000,yes", "5000,2000,5000,in some runs"]);
  });

  it("JSON rows carry the columns and the summary a deadline object", async () => {
    const { stdout } = await runCli(["--strategy", "fixed", "--base", "5s", "--attempts", "3", "--attempt-time", "3s", "--deadline", "18s", "--format", "json"]);
    const doc = JSON.parse(stdout);
    // Starts 8, 16, 24 s: retry 2 ends at 19 s, past 18 s.
    expect(doc.rows.map((r: { start_ms: number; fires: string }) => [r.start_ms, r.fires])).toEqual([
      [8000, "yes"],
      [16_000, "cut short"],
      [24_000, "no"],
    ]);
    expect(doc.summary.deadline).toEqual({
      attempt_time_ms: 3000,
      deadline_ms: 18_000,
      never_fires_from: 3,
      never_fires_by: "deadline",
      last_fires_in_every_run: 2,
      last_fires_in_some_run: 2,
      cut_short: { first: 2, last: 2 },
      first_try_cut_short: false,
      give_up_ms: 18_000,
      give_up_min_ms: 18_000,
      give_up_max_ms: 18_000,
      give_up_mean_ms: 18_000,
    });
  });

  it("--attempt-time alone: the starts, every retry firing, and the true give-up time", async () => {
    // Fixed 1 s, 2 s tries, 3 retries: the fourth try ends at 3 × 1 + 4 × 2 = 11 s.
    const { stdout } = await runCli(["--strategy", "fixed", "--base", "1s", "--attempts", "3", "--attempt-time", "2s", "--format", "markdown"]);
    expect(stdout).toContain("| attempt | raw_ms | delay_ms | cumulative_ms | linear_ms | linear_cumulative_ms | start_ms | fires |\n");
    expect(stdout).toContain("| 3 | 1000 | 1000 | 3000 | 3000 | 6000 | 9000 | yes |\n");
    expect(stdout).toContain("Every retry (3) fires; giving up at 11 s.");
  });

  it("without either option the schedule is as it has always been", async () => {
    const { stdout } = await runCli(["--base", "1s", "--attempts", "2", "--format", "csv"]);
    expect(stdout).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n");
  });


  it("refuses what is not a whole number of ms, a zero deadline and a negative try time", async () => {
    for (const [args, message] of [
      [["--deadline", "1.5ms"], 'error: --deadline must be a whole number of milliseconds, as every start is, got "1.5ms"\n'],
      [["--deadline", "0"], 'error: --deadline must be greater than zero, got "0"\n'],
      [["--attempt-time", "-1s"], 'error: --attempt-time must be a positive duration, got "-1s"\n'],
    ] as const) {
      expect(await runCli(["--attempts", "2", ...args])).toEqual({ code: 2, stdout: "", stderr: message });
    }
  });
});

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

describe("without --preset", () => {
  it("the calculator's own schedule is unchanged", async () => {
    const rows = parseCsvNumbers((await backoff("--base", "100", "--attempts", "3", "--format", "csv")).stdout);
    expect(rows.map((r) => r.delay_ms)).toEqual([100, 200, 400]);
  });
});
