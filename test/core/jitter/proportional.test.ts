/** Proportional jitter ±j (src/core/jitter/proportional.ts): U{⌈d(1−j)⌉..⌊d(1+j)⌋}, then min(·, cap), by hand. */
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel, jitterPlan } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { MAX_EXACT_MS } from "../../../src/core/limits.js";
import { isJitterFraction, proportionalRange } from "../../../src/core/jitter/proportional.js";

// base 1 s, factor 2, cap 30 s: un-jittered delays 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("proportional jitter ±j: U{⌈d(1−j)⌉..⌊d(1+j)⌋}, then min(·, cap)", () => {
  const model = jitteredPolicyModel(policy, { kind: "proportional", fraction: 0.2 });
  it("±20% around each delay below the cap", () => {
    expect(model.bounds(1)).toEqual({ minMs: 800, maxMs: 1200 }); // 1000·0.8, 1000·1.2
    expect(model.meanMs(1)).toBe(1000);
    expect(model.bounds(2)).toEqual({ minMs: 1600, maxMs: 2400 });
    expect(model.bounds(5)).toEqual({ minMs: 12_800, maxMs: 19_200 }); // 16000·0.8, 16000·1.2
    expect(model.meanMs(5)).toBe(16_000);
  });
  it("clamps at the cap, and the mean counts the clamped draws at the cap", () => {
    // d = 30000: draws U{24000..36000} (12001 values); 24000..29999 as drawn, 30000..36000 (6001 values) become 30000.
    expect(model.bounds(6)).toEqual({ minMs: 24_000, maxMs: 30_000 });
    const sumBelow = (6000 * (24_000 + 29_999)) / 2; // 161,997,000
    const atCap = 30_000 * 6001; // 180,030,000
    expect(model.meanMs(6)).toBeCloseTo((sumBelow + atCap) / 12_001, 9); // 28499.87501…
  });
  it("reads the fraction as the decimal written: 10·(1−0.7) is exactly 3", () => {
    // In doubles 10 * (1 - 0.7) = 3.0000000000000004, whose ceiling would be 4.
    const m = jitteredPolicyModel(normalizePolicy({ strategy: "fixed", baseMs: 10 }), { kind: "proportional", fraction: 0.7 });
    expect(m.bounds(1)).toEqual({ minMs: 3, maxMs: 17 });
    // 333 ± 10%: 299.7 → 300 and 366.3 → 366.
    const n = jitteredPolicyModel(normalizePolicy({ strategy: "fixed", baseMs: 333 }), { kind: "proportional", fraction: 0.1 });
    expect(n.bounds(1)).toEqual({ minMs: 300, maxMs: 366 });
    expect(n.meanMs(1)).toBe(333); // (300 + 366) / 2
  });
  it("a fraction of 1 reaches down to 0", () => {
    const m = jitteredPolicyModel(policy, { kind: "proportional", fraction: 1 });
    expect(m.bounds(2)).toEqual({ minMs: 0, maxMs: 4000 });
  });
  it("refuses fractions outside (0, 1]", () => {
    expect(() => jitterPlan(policy, { kind: "proportional", fraction: 0 })).toThrow(RangeError);
    expect(() => jitterPlan(policy, { kind: "proportional", fraction: 1.01 })).toThrow(RangeError);
  });
});

describe("proportionalRange and isJitterFraction", () => {
  it("⌈d(1−j)⌉..⌊d(1+j)⌋ from the decimal written: 800..1200 for 1000 ± 0.2, 3..17 for 10 ± 0.7", () => {
    expect(proportionalRange(1000, 30_000, 0.2)).toEqual({ lo: 800, hi: 1200, ceiling: 30_000 });
    expect(proportionalRange(10, MAX_EXACT_MS, 0.7)).toEqual({ lo: 3, hi: 17, ceiling: MAX_EXACT_MS });
  });

  it("a top past 2^53 − 1 is kept exactly: (2^53 − 1) ± 0.5 is ⌈4503599627370495.5⌉..⌊13510798882111486.5⌋", () => {
    expect(proportionalRange(MAX_EXACT_MS, MAX_EXACT_MS, 0.5)).toEqual({
      lo: 4_503_599_627_370_496,
      hi: MAX_EXACT_MS,
      ceiling: MAX_EXACT_MS,
      hiBeyond: 13_510_798_882_111_486n,
    });
  });

  it("a fraction is 0 < j ≤ 1", () => {
    expect([0.5, 1, 0.001].map(isJitterFraction)).toEqual([true, true, true]);
    expect([0, 1.01, -0.2, Number.NaN, Infinity].map(isJitterFraction)).toEqual([false, false, false, false, false]);
  });
});
