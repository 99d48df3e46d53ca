/**
 * src/presets/kit/elapsed-limit.ts on a schedule worked out by hand: waits of 100 × 2^(a−1) ms
 * (100, 200, 400, 800, 1,600; totals 100, 300, 700, 1,500, 3,100) under a limit of 1,000 ms.
 *
 * Without jitter, each library's rule stops it at its own attempt:
 * - "fits" (cenkalti NextBackOff: elapsed + wait ≤ limit): 700 + 800 = 1,500 > 1,000, so
 *   attempt 3 is the last retried (totals 100, 300, 700).
 * - "cut" (p-retry: while elapsed < limit, the wait cut to the time left): at 4, 700 < 1,000 and
 *   the wait is min(800, 300) = 300, the total 1,000; at 5, 1,000 < 1,000 fails: 4 retries.
 * - "while" (sidekiq retry_for: while elapsed ≤ limit, the wait made in full): at 4, 700 ≤ 1,000 and
 *   the wait is 800, the total 1,500 (past the limit); at 5, 1,500 > 1,000: 4 retries.
 *
 * With jitter, each wait drawn between half and all of it (lows 50, 100, 200, 400, 800; their
 * sums 50, 150, 350, 750, 1,550), under "fits": the all-high run is the one above (3 retries),
 * the all-low run makes 4 (350 + 400 = 750 ≤ 1,000; 750 + 800 > 1,000). So every run makes
 * retries 1 to 3, some make 4, none 5. Retry 4's wait is at least 400 and at most
 * 1,000 − 350 = 650 (a run waiting more would not fit); the total after 4 is at most 1,000,
 * and at least 350: a run that stops after 3 retries with the lowest draws (350 > 1,000 − 800).
 * The share of runs making retry 4 and their mean wait, integrated apart (numpy, 0.01 ms steps:
 * the three first draws convolved, then E[W₄ | E₃ + W₄ ≤ 1,000] with W₄ uniform on [400, 800]):
 * 0.197266 (101/512) and 462.343 ms.
 */
import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../src/core/model.js";
import { ELAPSED_WALK_LIMIT, type ElapsedLimitSpec, type ElapsedRule, drawnWaits, elapsedLimit, elapsedModelParts, elapsedStop } from "../../../src/presets/kit/elapsed-limit.js";
import { nsToMs } from "../../../src/presets/kit/whole-ms.js";
import { replayRandom } from "../../support/random.js";

const plain = (attempt: number) => 100 * 2 ** (attempt - 1);

function spec(rule: ElapsedRule, options: { jitter?: boolean; retries?: number | null; lowShare?: number } = {}): ElapsedLimitSpec {
  const share = options.lowShare ?? 0.5;
  return {
    rule,
    limit: 1000,
    retries: options.retries ?? null,
    plain,
    low: options.jitter ? (attempt) => plain(attempt) * share : plain,
    high: plain,
    draw: options.jitter ? (attempt, random: RandomSource) => plain(attempt) * (share + (1 - share) * random.fraction()) : null,
    ...(options.jitter ? { mean: (attempt: number) => (plain(attempt) * (1 + share)) / 2 } : {}),
    toMs: Math.round,
    unitsPerMs: 1,
    tooMany: () => new Error("too many"),
  };
}

/** One run's waits over attempts 1..count (null once the library has stopped). */
function waits(client: (attempt: number) => number | null, count = 6): Array<number | null> {
  return Array.from({ length: count }, (_, index) => client(index + 1));
}

describe("elapsedLimit without jitter: the attempt each library's rule stops at", () => {
  it('"fits": attempt 3 is the last retried (700 + 800 > 1,000)', () => {
    const limit = elapsedLimit(spec("fits"));
    expect([limit.fewest, limit.plainLast, limit.most, limit.limitMost]).toEqual([3, 3, 3, 3]);
    expect([1, 2, 3, 4].map(limit.plainWaitMs)).toEqual([100, 200, 400, 0]);
    expect([1, 2, 3, 4].map((a) => limit.totals(a).cumulativeMs)).toEqual([100, 300, 700, 700]);
    expect([3, 4].map(limit.runsStopped)).toEqual(["none", "all"]);
    expect(waits(limit.client(replayRandom([0.5], [])))).toEqual([100, 200, 400, null, null, null]);
  });

  it('"cut": 4 retries, the last cut to the 300 ms left (total exactly 1,000)', () => {
    const limit = elapsedLimit(spec("cut"));
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([4, 4, 4]);
    expect([1, 2, 3, 4, 5].map(limit.plainWaitMs)).toEqual([100, 200, 400, 300, 0]);
    expect(limit.totals(4)).toEqual({ cumulativeMs: 1000, minMs: 1000, maxMs: 1000 });
    expect(waits(limit.client(replayRandom([0.5], [])))).toEqual([100, 200, 400, 300, null, null]);
  });

  it('"while": 4 retries, the last made in full (total 1,500, past the limit)', () => {
    const limit = elapsedLimit(spec("while"));
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([4, 4, 4]);
    expect([1, 2, 3, 4, 5].map(limit.plainWaitMs)).toEqual([100, 200, 400, 800, 0]);
    expect(limit.totals(4).cumulativeMs).toBe(1500);
    expect(limit.bounds(5)).toEqual({ minMs: 0, maxMs: 0 });
    const run = limit.sampledRun(replayRandom([0.5], []));
    expect(waits((a) => run(a).waitMs, 5)).toEqual([100, 200, 400, 800, null]);
  });

  it("a retry count that ends the runs first: 2 retries, though the limit alone allows 3", () => {
    const limit = elapsedLimit(spec("fits", { retries: 2 }));
    expect([limit.fewest, limit.plainLast, limit.most, limit.limitMost]).toEqual([2, 2, 2, 3]);
    // The count ends every run before the limit: no stop line.
    expect(elapsedStop(limit, { limitText: "1 s", limitMs: 1000, rule: "MaxElapsedTime 1s", jitterName: "jitter", retries: 2 })).toBeNull();
  });

  it("a limit below the first wait: no retry at all", () => {
    const limit = elapsedLimit({ ...spec("fits"), limit: 99 });
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([0, 0, 0]);
    const stop = elapsedStop(limit, { limitText: "99 ms", limitMs: 99, rule: "MaxElapsedTime 99ms", jitterName: "jitter", retries: null })!;
    expect([stop.lastAttempt, stop.fewest, stop.most]).toEqual([0, 0, 0]);
    expect(stop.reason).toContain("no retry is made");
  });

  it("waits that never add up to the limit are refused past ELAPSED_WALK_LIMIT retries", () => {
    expect(ELAPSED_WALK_LIMIT).toBe(1_048_576);
    expect(() => elapsedLimit({ ...spec("fits"), plain: () => 0, low: () => 0, high: () => 0 })).toThrow("too many");
  });

  it("in a unit finer than a ms, each wait is the step between rounded totals, so the waits add up to the total", () => {
    // 1.5 ms = 1,500,000 ns a wait, limit 5 ms: totals 1.5, 3, 4.5 ms (6 > 5), rounded half up 2, 3, 5: steps 2, 1, 2.
    const limit = elapsedLimit({ ...spec("fits"), limit: 5e6, plain: () => 1.5e6, low: () => 1.5e6, high: () => 1.5e6, toMs: nsToMs, unitsPerMs: 1e6 });
    expect(limit.plainLast).toBe(3);
    expect([1, 2, 3].map(limit.plainWaitMs)).toEqual([2, 1, 2]);
    expect([1, 2, 3].map((a) => limit.totals(a).cumulativeMs)).toEqual([2, 3, 5]);
  });
});

describe('elapsedLimit with jitter ("fits", each wait drawn in [½, 1] of it)', () => {
  const limit = elapsedLimit(spec("fits", { jitter: true }));

  it("every run makes retries 1 to 3, some make 4 (the all-low run), none 5", () => {
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([3, 3, 4]);
    expect([1, 2, 3, 4, 5].map(limit.runsStopped)).toEqual(["none", "none", "none", "some", "all"]);
  });

  it("retry 4's wait is 400 to 650 ms over the runs that make it; the totals after it 350 to 1,000", () => {
    expect([1, 2, 3, 4, 5].map(limit.bounds)).toEqual([
      { minMs: 50, maxMs: 100 },
      { minMs: 100, maxMs: 200 },
      { minMs: 200, maxMs: 400 },
      { minMs: 400, maxMs: 650 },
      { minMs: 0, maxMs: 0 },
    ]);
    expect(limit.totals(3)).toEqual({ cumulativeMs: 700, minMs: 350, maxMs: 700 });
    expect(limit.totals(4)).toEqual({ cumulativeMs: 700, minMs: 350, maxMs: 1000 });
  });

  it("the mean is the draw's own while every run retries (75, 150, 300), and over the runs that retry after (462.3 ms)", () => {
    expect([1, 2, 3].map(limit.meanMs)).toEqual([75, 150, 300]);
    // Integrated on up to 4,096 bins: within 0.5 ms of the figure integrated apart.
    expect(Math.abs(limit.meanMs(4) - 462.343)).toBeLessThan(0.5);
    expect(limit.meanMs(5)).toBe(0);
  });

  it("a run stops at the first wait that does not fit, and never retries again", () => {
    // Draws 0, 0, 0 (waits 50, 100, 200: 350 so far), then 0.5: 800 × 0.75 = 600 fits (950); the next, at least 800, does not.
    expect(waits(limit.client(replayRandom([0, 0, 0, 0.5, 0, 0], [])))).toEqual([50, 100, 200, 600, null, null]);
    // The all-high run stops after 3.
    expect(waits(limit.client(replayRandom([1 - 2 ** -52], [])))).toEqual([100, 200, 400, null, null, null]);
    // The sampler says 0 where the client says null; sampledRun keeps the total where it stopped.
    const sampler = limit.sampler(replayRandom([1 - 2 ** -52], []));
    expect(waits(sampler, 5)).toEqual([100, 200, 400, 0, 0]);
    const run = limit.sampledRun(replayRandom([0, 0, 0, 0.5, 0], []));
    expect([1, 2, 3, 4, 5].map((a) => run(a))).toEqual([
      { waitMs: 50, totalMs: 50 },
      { waitMs: 100, totalMs: 150 },
      { waitMs: 200, totalMs: 350 },
      { waitMs: 600, totalMs: 950 },
      { waitMs: null, totalMs: 950 },
    ]);
  });

  it("the stop line: without jitter 3 retries; with it from 3 (every draw high) to 4 (every draw low)", () => {
    const stop = elapsedStop(limit, { limitText: "1 s", limitMs: 1000, rule: "MaxElapsedTime 1s", jitterName: "jitter", retries: null })!;
    expect({ ...stop, reason: undefined }).toEqual({ limit: "1 s", limitMs: 1000, lastAttempt: 3, fewest: 3, most: 4, reason: undefined });
    expect(stop.reason).toContain("without jitter attempt 3 is the last one retried; with it, from 3 (every draw high) to 4 (every draw low).");
  });

  it("a retry count that ends the all-low run first is named: 4 retries, where the limit alone allows 5", () => {
    // Each wait in [¼, 1] of it: lows 25, 50, 100, 200, 400, 800 (sums 25, 75, 175, 375, 775, 1,575): the all-low run
    // would make 5 under the limit alone (775 + 800 > 1,000); the count 4 ends it at 4.
    const counted = elapsedLimit(spec("fits", { jitter: true, lowShare: 0.25, retries: 4 }));
    expect([counted.fewest, counted.most, counted.limitMost]).toEqual([3, 4, 5]);
    const stop = elapsedStop(counted, { limitText: "1 s", limitMs: 1000, rule: "MaxElapsedTime 1s", jitterName: "jitter", retries: 4, retriesName: "MaxRetries" })!;
    expect(stop.reason).toContain("from 3 (every draw high) to 5 (every draw low), and MaxRetries 4 ends the runs still retrying at 4.");
  });

  it("elapsedModelParts hands the model the limit's own functions", () => {
    const parts = elapsedModelParts(limit);
    expect([parts.bounds, parts.meanMs, parts.totals, parts.runsStopped, parts.sampler, parts.client, parts.sampledRun]).toEqual([
      limit.bounds,
      limit.meanMs,
      limit.totals,
      limit.runsStopped,
      limit.sampler,
      limit.client,
      limit.sampledRun,
    ]);
  });
});

describe('elapsedLimit with jitter, "cut" and "while"', () => {
  it('"cut": the totals are min(sum, limit); retry 4 waits at least min(400, 1,000 − 700) = 300, at most min(800, 650)', () => {
    const limit = elapsedLimit(spec("cut", { jitter: true }));
    // The all-high run: 100, 200, 400, then 300 left (cut): 4 retries; the all-low: 50, 100, 200, 400 (750), then 250 left of 800.
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([4, 4, 5]);
    expect(limit.bounds(4)).toEqual({ minMs: 300, maxMs: 650 });
    // Retry 5 is made only by runs with time left: at least 1 ms (elapsed is whole units), at most 1,000 − 750.
    expect(limit.bounds(5)).toEqual({ minMs: 1, maxMs: 250 });
    expect(limit.totals(4)).toEqual({ cumulativeMs: 1000, minMs: 750, maxMs: 1000 });
    expect(limit.totals(5)).toEqual({ cumulativeMs: 1000, minMs: 1000, maxMs: 1000 });
  });

  it('"while": every wait made in full; the total after 4 at most 700 + 800 = 1,500', () => {
    const limit = elapsedLimit(spec("while", { jitter: true }));
    // All-high: 100, 200, 400 (700 ≤ 1,000), 800 (1,500 > 1,000): 4. All-low: sums 50, 150, 350, 750 ≤ 1,000, then 800: 5.
    expect([limit.fewest, limit.plainLast, limit.most]).toEqual([4, 4, 5]);
    expect(limit.bounds(5)).toEqual({ minMs: 800, maxMs: 1600 });
    expect(limit.totals(4)).toEqual({ cumulativeMs: 1500, minMs: 750, maxMs: 1500 });
    // After 5: the run just within the limit (1,000) then drawing high (1,600) ends at 2,600; the lowest is the run
    // that stops after 4 just past the limit (1,001 ms), below the all-low run's 1,550.
    expect(limit.totals(5)).toEqual({ cumulativeMs: 1500, minMs: 1001, maxMs: 2600 });
  });
});

describe("drawnWaits: the waits before any limit cuts them (the deadline model applies it)", () => {
  it("each attempt's wait and bounds as drawn, the mean the spec's, past where the limit would stop", () => {
    const model = drawnWaits(spec("fits", { jitter: true }), { capMs: null, steadyFrom: null });
    expect(model.delay(5)).toEqual({ rawMs: 1600, delayMs: 1600, clamped: false });
    expect(model.bounds(5)).toEqual({ minMs: 800, maxMs: 1600 });
    expect(model.meanMs(5)).toBe(1200);
    expect(model.jittered).toBe(true);
    const next = model.sampler(replayRandom([0.5], []));
    expect([1, 2, 3, 4, 5].map(next)).toEqual([75, 150, 300, 600, 1200]);
    expect([model.capMs, model.capReachedAt(), model.steadyFrom(), model.mayExceedCap]).toEqual([null, null, null, false]);
  });

  it("without jitter the bounds are the wait itself", () => {
    const model = drawnWaits(spec("cut"), { capMs: 400, steadyFrom: 3 });
    expect([model.bounds(4), model.meanMs(4), model.capMs, model.steadyFrom()]).toEqual([{ minMs: 800, maxMs: 800 }, 800, 400, 3]);
  });
});
