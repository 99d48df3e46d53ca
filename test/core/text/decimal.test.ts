import { describe, expect, it } from "vitest";
import { plainDecimal } from "../../../src/core/text/decimal.js";

describe("plainDecimal", () => {
  it("reads digits with at most one point, spaces around allowed", () => {
    expect(plainDecimal("2")).toBe(2);
    expect(plainDecimal("1.5")).toBe(1.5);
    expect(plainDecimal(".5")).toBe(0.5);
    expect(plainDecimal("3.")).toBe(3);
    expect(plainDecimal(" 0.25 ")).toBe(0.25);
  });

  it("refuses signs, exponents, hex, words and empty text", () => {
    for (const text of ["-1", "+1", "1e3", "0x10", "NaN", "Infinity", "", ".", "1.2.3", "1_000"]) {
      expect(plainDecimal(text), text).toBeNaN();
    }
  });
});
