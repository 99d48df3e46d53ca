import { describe, expect, it } from "vitest";
import { raisedDrawMean } from "../../../src/core/retry-after/clamped-mean.js";

/** The mean of max(min(u, ceiling), floor) over u = lo..hi, summed one value at a time. */
function bySum(lo: number, hi: number, ceiling: number, floor: number): number {
  let sum = 0;
  for (let u = lo; u <= hi; u++) sum += Math.max(Math.min(u, ceiling), floor);
  return sum / (hi - lo + 1);
}

describe("the mean of a draw raised to a floor", () => {
  it("full jitter on 4 s raised to 3 s: (3000 × 3000 + Σ 3000..4000) / 4001", () => {
    // 9,000,000 + 3,503,500 = 12,503,500 over 4001 values
    expect(raisedDrawMean({ lo: 0, hi: 4000, ceiling: 9_007_199_254_740_991 }, 3000)).toBe(12_503_500 / 4001);
  });

  it("equals the value-by-value mean: floors below, inside and above the range, with and without a ceiling that bites", () => {
    for (const [lo, hi, ceiling] of [[0, 40, 100], [10, 40, 25], [5, 5, 100], [30, 60, 20], [0, 0, 0]] as const) {
      for (const floor of [0, 3, 10, 24, 25, 26, 40, 41, 70, 200]) {
        expect(raisedDrawMean({ lo, hi, ceiling }, floor)).toBeCloseTo(bySum(lo, hi, ceiling, floor), 12);
      }
    }
  });

  it("a floor at or above every value is the floor; a floor of 0 leaves the mean", () => {
    expect(raisedDrawMean({ lo: 0, hi: 1000, ceiling: 500 }, 600)).toBe(600);
    expect(raisedDrawMean({ lo: 0, hi: 1000, ceiling: 2000 }, 0)).toBe(500);
  });
});
