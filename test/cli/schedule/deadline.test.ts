import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";

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

  it("under --preset: a count library's tries and deadline (istio: Envoy's waits 0–24, 0–49, 0–99 ms)", async () => {
    // Tries of 1 s: retry 1 starts at 1,000–1,024 ms (the un-jittered run, whose waits are the rounded means 12, 25,
    // 50 ms, at 1,012), before the 2 s deadline in every run, its try cut in the runs starting after 1 s; retry 2
    // starts at 2,000 ms at the earliest: never, nor retry 3 (3,000).
    const { code, stdout } = await runCli(["--preset", "istio", "--attempts", "3", "--attempt-time", "1s", "--deadline", "2s", "--format", "csv"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]!.endsWith(",start_ms,start_min_ms,start_max_ms,fires")).toBe(true);
    expect(lines.slice(1).map((line) => line.split(",").slice(11).join(","))).toEqual(["1012,1000,1024,cut short in some runs", "2037,2000,2073,no", "3087,3000,3172,no"]);
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
