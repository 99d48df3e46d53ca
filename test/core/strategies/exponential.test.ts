import { describe, expect, it } from "vitest";
import { compare, fractionOf } from "../../../src/core/exact.js";
import { exponentialApprox, exponentialRaw } from "../../../src/core/strategies/exponential.js";

describe("exponentialRaw: base × factor^(attempt − 1)", () => {
  it("attempt 1 waits the base", () => {
    expect(exponentialRaw(1000, 2, 1).approx).toBe(1000);
  });

  it("doubles from 1 s: 1, 2, 4, 8 s", () => {
    expect([1, 2, 3, 4].map((a) => exponentialApprox(1000, 2, a))).toEqual([1000, 2000, 4000, 8000]);
    const exact = exponentialRaw(1000, 2, 4).exact()!;
    expect(compare(exact, fractionOf(8000))).toBe(0);
  });

  it("computes with the decimal the user wrote: 100 × 1.6² = 256 exactly, the double within its bound", () => {
    const value = exponentialRaw(100, 1.6, 3);
    // 1.6 is 16/10, so the exact value is 100 × 256/100 = 256; the double is 256.00000000000006
    expect(compare(value.exact()!, fractionOf(256))).toBe(0);
    expect(value.approx).not.toBe(256);
    expect(Math.abs(value.approx - 256)).toBeLessThanOrEqual(value.error);
  });

  it("refuses an exact power too large to compute", () => {
    // 1.000001 is 1000001/10^6: 20 bits × (2,000,000 − 1) is past the 2^20-bit limit
    expect(exponentialRaw(1, 1.000001, 2_000_000).exact()).toBeNull();
  });
});
