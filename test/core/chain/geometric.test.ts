import { describe, expect, it } from "vitest";
import { powerSum, weightedPowerSum } from "../../../src/core/chain/geometric.js";

describe("powerSum: Σ x^i for i = 1..n", () => {
  it("adds the terms: 0.5 + 0.25 = 0.75; 0.125 + 0.015625 = 0.140625", () => {
    expect(powerSum(0.5, 2)).toBe(0.75);
    expect(powerSum(0.125, 2)).toBe(0.140625);
  });

  it("is n at x = 1 and 0 at x = 0 or n = 0", () => {
    expect(powerSum(1, 7)).toBe(7);
    expect(powerSum(0, 7)).toBe(0);
    expect(powerSum(0.5, 0)).toBe(0);
  });

  it("takes the closed form for long sums: x = 0.5, n = 10^6 → 1 (to the last bit); x = 1 − 2^-20, n = 2^20 → (1 − 2^-20)(1 − e^{-1})·2^20 nearly", () => {
    expect(powerSum(0.5, 1_000_000)).toBe(1);
    // x(1 − x^n)/(1 − x) with x^n = (1 − 2^-20)^(2^20) ≈ e^-1 (relative error about 2^-21).
    const x = 1 - 2 ** -20;
    expect(powerSum(x, 2 ** 20) / (x * (1 - Math.exp(-1)) * 2 ** 20)).toBeCloseTo(1, 5);
  });
});

describe("weightedPowerSum: Σ x^i · w(i)", () => {
  it("walks to the steady point and takes the tail at once: w = 10, 20, then 40 for ever; x = 0.5, n = 4", () => {
    // 0.5·10 + 0.25·20 + 0.125·40 + 0.0625·40 = 5 + 5 + 5 + 2.5 = 17.5
    const weight = (i: number) => (i === 1 ? 10 : i === 2 ? 20 : 40);
    expect(weightedPowerSum(0.5, 4, weight, 3)).toBe(17.5);
    expect(weightedPowerSum(0.5, 4, weight, null)).toBe(17.5);
  });

  it("with x = 1 a constant tail is counted n − s + 1 times: w = 5 from 1, n = 10^9 → 5·10^9", () => {
    expect(weightedPowerSum(1, 1e9, () => 5, 1)).toBe(5e9);
  });
});
