import { describe, expect, it } from "vitest";
import { compare, fractionOf } from "../../../src/core/exact.js";
import { linearRaw } from "../../../src/core/strategies/linear.js";

describe("linearRaw: base + step × (attempt − 1)", () => {
  it("500 ms growing by 250 ms: 500, 750, 1000, 1250, 1500", () => {
    expect([1, 2, 3, 4, 5].map((a) => linearRaw(500, 250, a).approx)).toEqual([500, 750, 1000, 1250, 1500]);
    expect(compare(linearRaw(500, 250, 5).exact()!, fractionOf(1500))).toBe(0);
  });

  it("is exact in the decimals written: 0.1 + 0.2 × 2 = 0.5", () => {
    const value = linearRaw(0.1, 0.2, 3);
    expect(compare(value.exact()!, fractionOf(0.5))).toBe(0);
    expect(Math.abs(value.approx - 0.5)).toBeLessThanOrEqual(value.error);
  });
});
