import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cohortRandom } from "../../src/cli/simulate/cohort.js";
import { jitterPlan } from "../../src/core/jitter/index.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { SimulationTooLargeError, loadHistogramOfCounts, peakLoad, peakLoadOfCounts, simulateCohort, timeCounts } from "../../src/core/simulate.js";

// Issue 16, item 13: a run keeps one entry per distinct fire millisecond per attempt (not
// one per retry) and walks them merged for the overall peak, without a merged array.

/** The textbook answer: every event in one sorted array, then a two-pointer sweep. */
function peakOfAll(parts: number[][], windowMs: number): number {
  return peakLoad(Float64Array.from(parts.flat().sort((a, b) => a - b)), windowMs);
}

describe("retries kept as distinct times and counts (item 13)", () => {
  it("timeCounts by hand: [5, 5, 5, 7, 9, 9] is 5×3, 7×1, 9×2", () => {
    const { times, counts } = timeCounts(Float64Array.from([5, 5, 5, 7, 9, 9]));
    expect(Array.from(times)).toEqual([5, 7, 9]);
    expect(Array.from(counts)).toEqual([3, 1, 2]);
  });

  it("property: the merged walk's peak and histogram equal those of the merged array", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 40 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 120 }), (parts, windowMs) => {
        const lists = parts.map((part) => timeCounts(Float64Array.from([...part].sort((a, b) => a - b))));
        expect(peakLoadOfCounts(lists, windowMs)).toBe(peakOfAll(parts, windowMs));
        const all = parts.flat();
        const expected = all.length === 0 ? [] : Array.from({ length: Math.floor(Math.max(...all) / windowMs) + 1 }, () => 0);
        for (const t of all) expected[Math.floor(t / windowMs)]!++;
        expect(Array.from(loadHistogramOfCounts(lists, windowMs))).toEqual(expected);
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it("without jitter a million clients keep one time per attempt", () => {
    const plan = jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "none" });
    const result = simulateCohort(plan, { clients: 1_000_000, spreadMs: 0, success: 0, windowMs: 100, attempts: 3 }, cohortRandom(1), { keepRetryCounts: true });
    expect(result.retryCounts.map((c) => Array.from(c.times))).toEqual([[1000], [3000], [7000]]);
    expect(result.retryCounts.map((c) => Array.from(c.counts))).toEqual([[1_000_000], [1_000_000], [1_000_000]]);
    expect(result.peakLoad).toBe(1_000_000);
  });

  it("a run over its budget of kept times is refused, naming the attempt", () => {
    // Full jitter on 1 s: attempt 1 lands on at most 1,001 distinct ms, attempt 2 on far more than 1,500 in all.
    const plan = jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "full" });
    const run = () => simulateCohort(plan, { clients: 100_000, spreadMs: 0, success: 0, windowMs: 100, attempts: 5 }, cohortRandom(1), { maxKeptTimes: 1500 });
    expect(run).toThrow(SimulationTooLargeError);
    expect(run).toThrow(/by attempt 2 the retries fall on \d+ distinct milliseconds/);
  });
});
