import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { delayMs } from "../../src/core/delay.js";
import { SATURATED_MS } from "../../src/core/limits.js";
import { type PolicyInput, linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { cumulativeMs, scheduleRows, scheduleSummary } from "../../src/core/schedule.js";

function rows(input: PolicyInput, first: number, last: number) {
  const policy = normalizePolicy(input);
  return Array.from(scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first, last }));
}
function summary(input: PolicyInput, first: number, last: number) {
  const policy = normalizePolicy(input);
  return scheduleSummary(policyModel(policy), policyModel(linearComparison(policy)), { first, last });
}

describe("schedule rows", () => {
  it("the seed: base 100, exponential 100..1600 against linear 100..500", () => {
    const got = rows({ baseMs: 100 }, 1, 5);
    expect(got.map((r) => r.delayMs)).toEqual([100, 200, 400, 800, 1600]);
    expect(got.map((r) => r.cumulativeMs)).toEqual([100, 300, 700, 1500, 3100]);
    expect(got.map((r) => r.linearMs)).toEqual([100, 200, 300, 400, 500]);
    expect(got.map((r) => r.linearCumulativeMs)).toEqual([100, 300, 600, 1000, 1500]);
    expect(got.every((r) => r.rawMs === r.delayMs && !r.clamped)).toBe(true);
  });

  it("the seed: base 1 s spreads five attempts across 31 s; fixed 1 s re-fires five times in 5 s", () => {
    expect(rows({ baseMs: 1000 }, 1, 5).map((r) => r.cumulativeMs)).toEqual([1000, 3000, 7000, 15000, 31000]);
    expect(rows({ strategy: "fixed", baseMs: 1000 }, 1, 5).map((r) => r.cumulativeMs)).toEqual([1000, 2000, 3000, 4000, 5000]);
  });

  it("a range that starts late still counts the waiting since the first failure", () => {
    // base 100, cap 10 s: attempts 1..7 wait 100+200+…+6400 = 12,700; 8..18 wait 11 × 10,000 = 110,000.
    const got = rows({ baseMs: 100, capMs: 10_000 }, 18, 20);
    expect(got.map((r) => r.attempt)).toEqual([18, 19, 20]);
    expect(got.map((r) => r.cumulativeMs)).toEqual([122_700, 132_700, 142_700]);
    // raw = 100 × 2^(a−1): 2^17 × 100 = 13,107,200; the seed's "clamped from 52428800" at attempt 20.
    expect(got.map((r) => r.rawMs)).toEqual([13_107_200, 26_214_400, 52_428_800]);
    expect(got.every((r) => r.clamped && r.delayMs === 10_000)).toBe(true);
    // linear comparison, same cap: 100 × a, never capped by 20; total 100 × 18 × 19 / 2 = 17,100 at 18.
    expect(got.map((r) => r.linearCumulativeMs)).toEqual([17_100, 19_000, 21_000]);
  });

  it("the same totals whether the range starts at 1 or later", () => {
    const whole = rows({ baseMs: 250, factor: 1.7, capMs: 60_000 }, 1, 40);
    const tail = rows({ baseMs: 250, factor: 1.7, capMs: 60_000 }, 30, 40);
    expect(tail).toEqual(whole.slice(29));
  });

  it("closed-form totals over a million attempts", () => {
    // linear base 1, step 1: sum of 1..10^6 = 10^6 × (10^6 + 1) / 2
    expect(cumulativeMs(normalizePolicy({ strategy: "linear", baseMs: 1 }), 1_000_000)).toBe(500_000_500_000);
    // exponential base 100 cap 10 s: 12,700 for 1..7, then 10,000 × (10^6 − 7)
    expect(cumulativeMs(normalizePolicy({ baseMs: 100, capMs: 10_000 }), 1_000_000)).toBe(12_700 + 10_000 * (1_000_000 - 7));
    // uncapped exponential saturates: the total of 2^(a−1) for a ≤ 54 is 2^54 − 1 > 2^53
    expect(cumulativeMs(normalizePolicy({ baseMs: 1 }), 54)).toBe(SATURATED_MS);
    expect(cumulativeMs(normalizePolicy({ baseMs: 1 }), 53)).toBe(2 ** 53 - 1);
  });
});

describe("schedule summary", () => {
  it("total, where the cap is first reached, the ratio to linear", () => {
    const s = summary({ baseMs: 100 }, 1, 5);
    expect(s.totalMs).toBe(3100);
    expect(s.linearTotalMs).toBe(1500);
    expect(s.ratioToLinear).toBeCloseTo(3.2, 12); // 1600 / 500
    expect(s.capReachedAt).toBeNull();
    expect(s.saturated).toBe(false);
  });

  it("reports the cap's first attempt even beyond the range", () => {
    expect(summary({ baseMs: 100, capMs: 10_000 }, 1, 5).capReachedAt).toBe(8);
  });

  it("flags saturation", () => {
    expect(summary({ baseMs: 1 }, 1, 60).saturated).toBe(true);
    expect(summary({ baseMs: 1 }, 1, 60).ratioToLinear).toBeNull();
  });
});

describe("linear totals in closed form (a floor sum), however far the range starts", () => {
  it("rounds each delay half up before adding", () => {
    // base 0.5, step 0.5: 0.5→1, 1, 1.5→2, 2, 2.5→3 → totals 1, 2, 4, 6, 9
    const policy = normalizePolicy({ strategy: "linear", baseMs: 0.5, stepMs: 0.5 });
    expect([1, 2, 3, 4, 5].map((a) => cumulativeMs(policy, a))).toEqual([1, 2, 4, 6, 9]);
  });

  it("agrees with adding the delays one by one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000),
        fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1000),
        fc.integer({ min: 1, max: 300 }),
        (baseMs, stepMs, attempt) => {
          const policy = normalizePolicy({ strategy: "linear", baseMs, stepMs });
          let sum = 0;
          for (let a = 1; a <= attempt; a++) sum += delayMs(policy, a);
          expect(cumulativeMs(policy, attempt)).toBe(sum);
        },
      ),
      { seed: 11, numRuns: 500 },
    );
  });

  it("reaches attempt 2^53 − 1 without walking there", () => {
    // base 1, step 0.001: the sum of 2^53 − 2 delays is far past 2^53, so it saturates.
    const policy = normalizePolicy({ strategy: "linear", baseMs: 1, stepMs: 0.001 });
    expect(cumulativeMs(policy, Number.MAX_SAFE_INTEGER - 1)).toBe(SATURATED_MS);
    // A million attempts: the closed form against the walk over every delay.
    let sum = 0;
    for (let a = 1; a <= 1_000_000; a++) sum += delayMs(policy, a);
    expect(cumulativeMs(policy, 1_000_000)).toBe(sum);
  });
});
