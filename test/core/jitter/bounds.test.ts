import { describe, expect, it } from "vitest";
import { jitteredPolicyModel, jitterPlan } from "../../../src/core/jitter/index.js";
import { SATURATED_MS } from "../../../src/core/limits.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { modelTotals } from "../../../src/core/schedule.js";
import { seededRandom } from "../../support/random.js";

// base 1 s, factor 2, cap 30 s: un-jittered delays 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("full jitter: U{0..d}", () => {
  const model = jitteredPolicyModel(policy, { kind: "full" });
  it("bounds are 0 and d, the mean d/2", () => {
    expect(model.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(model.meanMs(1)).toBe(500); // (0 + 1000) / 2
    expect(model.bounds(3)).toEqual({ minMs: 0, maxMs: 4000 });
    expect(model.meanMs(3)).toBe(2000);
    expect(model.bounds(6)).toEqual({ minMs: 0, maxMs: 30_000 }); // d = min(32000, 30000)
    expect(model.meanMs(6)).toBe(15_000);
    expect(model.bounds(1000)).toEqual({ minMs: 0, maxMs: 30_000 });
  });
  it("keeps the un-jittered delay as the delay", () => {
    expect(model.delay(6)).toEqual({ rawMs: 32_000, delayMs: 30_000, clamped: true });
    expect(model.jittered).toBe(true);
    expect(model.mayExceedCap).toBe(false);
  });
});

describe("equal jitter: U{⌈d/2⌉..d}", () => {
  it("even delays: d/2..d, mean 3d/4", () => {
    const model = jitteredPolicyModel(policy, { kind: "equal" });
    expect(model.bounds(1)).toEqual({ minMs: 500, maxMs: 1000 });
    expect(model.meanMs(1)).toBe(750); // (500 + 1000) / 2
    expect(model.bounds(6)).toEqual({ minMs: 15_000, maxMs: 30_000 });
    expect(model.meanMs(6)).toBe(22_500);
  });
  it("odd delays: the half millisecond rounds up to the next whole one", () => {
    // base 999: d1 = 999, d2 = 1998, d3 = 3996; ⌈999/2⌉ = ⌈499.5⌉ = 500.
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 999, capMs: 100_000 }), { kind: "equal" });
    expect(model.bounds(1)).toEqual({ minMs: 500, maxMs: 999 });
    expect(model.meanMs(1)).toBe(749.5); // (500 + 999) / 2
    expect(model.bounds(2)).toEqual({ minMs: 999, maxMs: 1998 });
    expect(model.meanMs(2)).toBe(1498.5);
  });
});

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

describe("decorrelated jitter: min(cap, U{B..3·previous})", () => {
  // base 100, cap 10 s: M_n = min(10000, 100·3^n).
  const model = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 10_000 }), { kind: "decorrelated" });
  it("bounds over every history", () => {
    expect(model.bounds(1)).toEqual({ minMs: 100, maxMs: 300 }); // 100·3
    expect(model.bounds(2)).toEqual({ minMs: 100, maxMs: 900 }); // 100·9
    expect(model.bounds(3)).toEqual({ minMs: 100, maxMs: 2700 });
    expect(model.bounds(4)).toEqual({ minMs: 100, maxMs: 8100 });
    expect(model.bounds(5)).toEqual({ minMs: 100, maxMs: 10_000 }); // 24300 > cap
    expect(model.bounds(500)).toEqual({ minMs: 100, maxMs: 10_000 });
  });
  it("closed-form mean while the cap cannot bite: m_n = (B + 3·m_(n−1)) / 2", () => {
    expect(model.meanMs(1)).toBe(200); // (100 + 300) / 2
    expect(model.meanMs(2)).toBe(350); // (100 + 3·200) / 2
    expect(model.meanMs(3)).toBe(575); // (100 + 3·350) / 2
    expect(model.meanMs(4)).toBe(912.5); // (100 + 3·575) / 2
  });
  it("computed mean once the cap bites, checked by hand on a tiny case", () => {
    // B = 1, cap 5. Attempt 1: U{1..3}, mean 2. Attempt 2 from each previous p ∈ {1, 2, 3} (1/3 each):
    //   p = 1: U{1..3} → mean 2; p = 2: U{1..6} → 1,2,3,4,5,5 → 20/6; p = 3: U{1..9} → 1,2,3,4 and five 5s → 35/9.
    //   mean = (2 + 20/6 + 35/9) / 3 = 83/27 = 3.0740…, shown to 3 decimals.
    const tiny = jitteredPolicyModel(normalizePolicy({ baseMs: 1, capMs: 5 }), { kind: "decorrelated" });
    expect(tiny.bounds(1)).toEqual({ minMs: 1, maxMs: 3 });
    expect(tiny.bounds(2)).toEqual({ minMs: 1, maxMs: 5 });
    expect(tiny.meanMs(1)).toBe(2);
    expect(tiny.meanMs(2)).toBe(Math.round((83 / 27) * 1000) / 1000);
  });
  it("the computed mean agrees with 200,000 sampled sequences", () => {
    const random = seededRandom(2024);
    const runs = 200_000;
    let sum = 0;
    for (let i = 0; i < runs; i++) {
      const sample = model.sampler(random);
      let last = 0;
      for (let a = 1; a <= 8; a++) last = sample(a);
      sum += last;
    }
    // The delay's standard deviation is below 3,000 ms, so the standard error is below 7 ms.
    expect(Math.abs(sum / runs - model.meanMs(8))).toBeLessThan(30);
  });
  it("with more values below the cap than are computed exactly, the mean on relative-width cells still agrees with sampling", () => {
    // base 10 ms, cap 1000 s: 999,990 whole milliseconds below the cap, more than EXACT_MEAN_VALUES.
    const wide = jitteredPolicyModel(normalizePolicy({ baseMs: 10, capMs: 1_000_000 }), { kind: "decorrelated" });
    expect(wide.meanMs(5)).toBe(141.875); // closed form: 2·10·1.5^5 − 10 (10·3^5 = 2430 ≤ cap)
    const random = seededRandom(11);
    const runs = 100_000;
    let sum = 0;
    for (let i = 0; i < runs; i++) {
      const sample = wide.sampler(random);
      for (let a = 1; a < 15; a++) sample(a);
      sum += sample(15);
    }
    expect(Math.abs(sum / runs / wide.meanMs(15) - 1)).toBeLessThan(0.03);
  });
  it("becomes steady once bounds and mean stop moving", () => {
    const steady = model.steadyFrom();
    expect(steady).not.toBeNull();
    expect(model.meanMs(steady! + 1000)).toBe(model.meanMs(steady!));
  });
  it("needs a cap", () => {
    expect(() => jitteredPolicyModel(normalizePolicy({ baseMs: 100 }), { kind: "decorrelated" })).toThrow(/needs a cap/);
  });
});

describe("totals with jitter", () => {
  it("best and worst case add up the bounds, also past the steady point", () => {
    const model = jitteredPolicyModel(policy, { kind: "proportional", fraction: 0.2 });
    // min: 800 + 1600 + 3200 + 6400 + 12800 = 24800, then 24000 per attempt from attempt 6.
    // max: 1200 + 2400 + 4800 + 9600 + 19200 = 37200, then 30000 per attempt.
    expect(modelTotals(model, 5)).toEqual({ cumulativeMs: 31_000, minMs: 24_800, maxMs: 37_200 });
    expect(modelTotals(model, 1_000_000)).toEqual({
      cumulativeMs: 31_000 + 30_000 * 999_995,
      minMs: 24_800 + 24_000 * 999_995,
      maxMs: 37_200 + 30_000 * 999_995,
    });
  });
  it("a saturated delay stays saturated under jitter", () => {
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 1000 }), { kind: "full" });
    // 1000·2^53 is far beyond 2^53 ms.
    expect(model.bounds(54)).toEqual({ minMs: SATURATED_MS, maxMs: SATURATED_MS });
  });
});
