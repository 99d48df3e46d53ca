/**
 * The sidekiq preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds, sampleMany } from "../support/samples.js";
import { runCli } from "../support/cli.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("sidekiq (lib/sidekiq/job_retry.rb)", () => {
  it("(a−1)^4 + 15 s, + rand(10a) s; 25 retries ≈ 20.4 days", () => {
    expect(delays("sidekiq", {}, [1, 2, 3, 25])).toEqual([15_000, 16_000, 31_000, 331_791_000]);
    const m = model("sidekiq");
    expect(m.bounds(1)).toEqual({ minMs: 15_000, maxMs: 24_000 });
    // no cap; the last default attempt: 24^4 + 15 = 331791, + up to 249 s
    expect(m.bounds(25)).toEqual({ minMs: 331_791_000, maxMs: 332_040_000 });
    let sum = 0;
    for (let a = 1; a <= 25; a++) sum += m.delay(a).delayMs;
    expect(sum).toBe(1_763_395_000);
    // Whole seconds only
    for (const run of sampleMany(m, 25, 50)) for (const value of run) expect(value % 1000).toBe(0);
    assertSamplesInBounds(m, 25);
  });
});

/*
 * Sidekiq's retry_for (7.1.3+; the only limit from 8.1.0), as --max-elapsed. From
 * sidekiq 8.1.7 lib/sidekiq/job_retry.rb (process_retry):
 *
 *   count = retry_count (0 at the first failure); failed_at = the first failure's time
 *   rf = msg["retry_for"]
 *   if rf
 *     return retries_exhausted(...) if (time_for(msg["failed_at"]) + rf) < Time.now
 *   elsif count >= max_retry_attempts ...
 *   delay = (count**4) + 15;  jitter = rand(10 * (count + 1))
 *
 * and lib/sidekiq/job_util.rb: retry_for = retry_for.to_i, refused above 1_000_000_000.
 * So retry a is made while the waits so far total at most retry_for (the calls taking no
 * time), checked before the wait: the last wait ends past retry_for.
 *
 * Figures by hand for retry_for 40 min = 2400 s, with W(a) = (a−1)^4 + 15 and the jitter
 * in [0, 10a − 1] s:
 *   W:            15, 16, 31, 96, 271, 640, 1311, 2416
 *   Σ W (lowest): 15, 31, 62, 158, 429, 1069, 2380, 4796
 *   highest:      24, 35, 60, 135, 320, 699, 1380, 2495
 *   Σ highest:    24, 59, 119, 254, 574, 1273, 2653, 5148
 * Un-jittered (and every draw low): 2380 ≤ 2400 after 7, so retry 8 is made, and 4796 > 2400
 * ends it: 8 retries. Every draw high: 1273 ≤ 2400 after 6, 2653 > 2400 after 7: 7 retries.
 * Attempt 8: the runs that make it wait 2416 to 2495 s (the others have stopped, and wait no
 * 0 s). Total after 8: at most
 * min(2653, 2400) + 2495 = 4895 s; at least the least total past 2400 s of a run that stops
 * after 7: 2401 s (2380 + 21 s of jitter, e.g. 1069 after 6 + 1332 s).
 */
const sidekiq = findPreset("sidekiq")!;

describe("sidekiq retry_for (--max-elapsed)", () => {
  const model = sidekiq.build({ maxElapsedMs: 2_400_000 });

  it("stops after 8 retries un-jittered, 7 to 8 with the jitter; the count no longer applies", () => {
    expect(model.retries).toBeNull();
    expect(model.stop).toMatchObject({ limit: "retry_for (40 min)", limitMs: 2_400_000, lastAttempt: 8, fewest: 7, most: 8 });
  });

  it("bounds, totals and mean by hand", () => {
    expect(model.bounds(7)).toEqual({ minMs: 1_311_000, maxMs: 1_380_000 });
    expect(model.bounds(8)).toEqual({ minMs: 2_416_000, maxMs: 2_495_000 });
    expect([7, 8, 9].map((attempt) => model.runsStopped!(attempt))).toEqual(["none", "some", "all"]);
    expect(model.totals!(7)).toEqual({ cumulativeMs: 2_380_000, minMs: 2_380_000, maxMs: 2_653_000 });
    expect(model.totals!(8)).toEqual({ cumulativeMs: 4_796_000, minMs: 2_401_000, maxMs: 4_895_000 });
    // Every run makes retry 7: its own mean, 1311 + (0 + 69) / 2 s.
    expect(model.meanMs(7)).toBe(1_345_500);
    // Retry 8 is made by the runs whose seven jitters (uniform on 0..9, 0..19, …, 0..69 s) sum to 20 s or less
    // (1.723375e-5 of them, by exact enumeration); each waits 2416 s + its own jitter, uniform on 0..79 s,
    // drawn whatever came before: 2416 + 79 / 2 = 2455.5 s on average (issue 23: it read 42.3 ms,
    // the stopped runs counted as waits of 0).
    expect(model.meanMs(8)).toBe(2_455_500);
  });

  it("the mean of a retry made by half the runs is still that of the runs that make it: retry_for 2516 s", () => {
    // The seven jitters sum to 0..273 s, symmetric about 136.5: P(sum ≤ 2516 − 2380 = 136) = 1/2 exactly;
    // the half that retries waits 2416 + 79 / 2 s on average.
    const half = sidekiq.build({ maxElapsedMs: 2_516_000 });
    expect(half.stop).toMatchObject({ lastAttempt: 8, fewest: 7, most: 8 });
    expect(half.meanMs(8)).toBe(2_455_500);
  });

  it("check fails a 1 h max-total at attempt 8 and says how the jitter moves the count", async () => {
    const { code, stdout } = await runCli(["check", "--preset", "sidekiq", "--max-elapsed", "40m", "--max-total", "1h"], { env: { NO_COLOR: "1" } });
    expect(code).toBe(1);
    expect(stdout).toContain("sidekiq stops by retry_for (40 min) after 7 to 8 retries, as the jitter falls.");
    expect(stdout).toContain("✗ max-total 1 h: worst case 1 h 22 min (first over the limit at attempt 8)");
  });

  it("the schedule ends at attempt 8 with the totals above", async () => {
    const { code, stdout } = await runCli(["--preset", "sidekiq", "--max-elapsed", "40m", "--format", "json"]);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout).rows as Record<string, number>[];
    expect(rows.map((row) => row["attempt"])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.at(-1)).toMatchObject({
      delay_ms: 2_416_000,
      cumulative_ms: 4_796_000,
      min_ms: 2_416_000,
      max_ms: 2_495_000,
      mean_ms: 2_455_500,
      cumulative_min_ms: 2_401_000,
      cumulative_max_ms: 4_895_000,
      runs_stopped: "some",
    });
  });

  it("solve has no retry count to find under retry_for: exit 2 before any output", async () => {
    const { code, stdout, stderr } = await runCli(["solve", "--preset", "sidekiq", "--max-elapsed", "40m", "--total", "1h"]);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe("error: --preset sidekiq: --max-elapsed (retry_for) and --attempts (retry) are exclusive since Sidekiq 8.1.0: with retry_for set, the retry count is ignored\n");
  });

  it("a short retry_for still allows the first retry (nothing has elapsed at the first failure)", () => {
    // 10 s: retry 1 is made (0 ≤ 10), waits 15–24 s, and 15 > 10 ends it.
    expect(sidekiq.build({ maxElapsedMs: 10_000 }).stop).toMatchObject({ lastAttempt: 1, fewest: 1, most: 1 });
  });

  it.each([
    [["--max-elapsed", "90.5s"], "error: --preset sidekiq: --max-elapsed is sidekiq's retry_for, which sidekiq reads with to_i: give whole seconds, got 90.5 s"],
    [["--max-elapsed", "40000d"], "error: --preset sidekiq: --max-elapsed is sidekiq's retry_for, at most 1,000,000,000 s (job_util.rb refuses more), got 3,456,000,000 s"],
    [
      ["--max-elapsed", "1h", "--attempts", "5"],
      "error: --preset sidekiq: --max-elapsed (retry_for) and --attempts (retry) are exclusive since Sidekiq 8.1.0: with retry_for set, the retry count is ignored",
    ],
  ])("refuses %j in sidekiq's terms", async (argv, line) => {
    const { code, stdout, stderr } = await runCli(["--preset", "sidekiq", ...argv]);
    expect([code, stdout, stderr]).toEqual([2, "", `${line}\n`]);
  });
});

// Issue 41, item 2: `backoff presets sidekiq` shows the library's default conditions.
// sidekiq 8.1.7 lib/sidekiq/job_retry.rb JobRetry#local: rescue Exception retries every exception but Sidekiq::Shutdown (re-raised, the job pushed back).
describe("sidekiq's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets sidekiq, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "sidekiq"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error but Sidekiq::Shutdown (Sidekiq's JobRetry: rescue Exception)");
    const json = await runCli(["presets", "sidekiq", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "Sidekiq's JobRetry", default: true, words: ["rescue Exception"], conditions: ["every error but Sidekiq::Shutdown"], overload: [], everything: true });
  });
});
