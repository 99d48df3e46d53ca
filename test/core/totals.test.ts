/** Sums of the calculator's delays without walking the attempts (src/core/totals.ts), by hand. */
import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { exponentialWalkEnd, linearDelaySum, saturatedFrom } from "../../src/core/totals.js";

describe("linearDelaySum", () => {
  it("base 0.5, step 0.5: 0.5 → 1, 1, 1.5 → 2, 2, 2.5 → 3, each rounded half up before adding", () => {
    const policy = normalizePolicy({ strategy: "linear", baseMs: 0.5, stepMs: 0.5 });
    expect([linearDelaySum(policy, 1, 5), linearDelaySum(policy, 3, 5), linearDelaySum(policy, 4, 3)]).toEqual([9, 7, 0]);
    // ⌈d/2⌉: 1, 1, 1, 1, 2
    expect(linearDelaySum(policy, 1, 5, true)).toBe(6);
  });

  it("whole delays: 1000 + 2000 + … + 5000; the halves of 999, 1998, 2997 are 500, 999, 1499", () => {
    expect(linearDelaySum(normalizePolicy({ strategy: "linear", baseMs: 1000 }), 1, 5)).toBe(15_000);
    expect(linearDelaySum(normalizePolicy({ strategy: "linear", baseMs: 999 }), 1, 3, true)).toBe(2998);
  });
});

describe("saturatedFrom and exponentialWalkEnd", () => {
  it("1000 × 2^(a−1) first reaches 2^53 at a = 45 (1000 × 2^43 ≈ 8.8e15 < 2^53 ≈ 9.007e15 < 1000 × 2^44)", () => {
    expect(saturatedFrom(normalizePolicy({ baseMs: 1000 }))).toBe(45);
    expect(saturatedFrom(normalizePolicy({ baseMs: 2 ** 53 }))).toBe(1);
  });

  it("never with a cap, nor for a delay that stays below 2^53 at every safe attempt", () => {
    expect(saturatedFrom(normalizePolicy({ baseMs: 1000, capMs: 30_000 }))).toBeNull();
    expect(saturatedFrom(normalizePolicy({ strategy: "linear", baseMs: 1 }))).toBeNull(); // delay(a) = a ≤ 2^53 − 1
  });

  it("the walk ends at the cap, at saturation, or never for linear", () => {
    expect(exponentialWalkEnd(normalizePolicy({ baseMs: 1000, capMs: 30_000 }))).toBe(6);
    expect(exponentialWalkEnd(normalizePolicy({ baseMs: 1000 }))).toBe(45);
    expect(exponentialWalkEnd(normalizePolicy({ strategy: "linear", baseMs: 1 }))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("or within the walk limit when the sum saturates long before the delays do", () => {
    // base 10^9 ms, factor 1 + 10^-7: the delay reaches 2^53 only near a = 1.6 × 10^8, but the first
    // 10^7 delays already sum to about 10^9 × (e − 1) / 10^-7 ≈ 1.7 × 10^16 > 2^53.
    expect(exponentialWalkEnd(normalizePolicy({ baseMs: 1e9, factor: 1.0000001 }))).toBe(10_000_000);
  });
});
