import { describe, expect, it } from "vitest";
import { MAX_DECIMAL_EXPONENT, decimalOf, decimalText, parseDecimalText, parsePlainDecimal } from "../../src/core/decimal.js";

// The one reader of decimal text: values are digits × 10^−scale, written out by hand.
const read = (text: string, forms = {}) => {
  const result = parseDecimalText(text, forms);
  return result === null ? null : { negative: result.negative, digits: result.value.digits, scale: result.value.scale };
};

describe("parseDecimalText", () => {
  it("reads digits and a fraction exactly, trailing zeros dropped", () => {
    expect(read("12")).toEqual({ negative: false, digits: 12n, scale: 0 });
    // 2.50 = 25 × 10^−1.
    expect(read("2.50")).toEqual({ negative: false, digits: 25n, scale: 1 });
    // 1.10000000000000001 keeps all 17 decimals: no double in between.
    expect(read("1.10000000000000001")).toEqual({ negative: false, digits: 110000000000000001n, scale: 17 });
    expect(read("0")).toEqual({ negative: false, digits: 0n, scale: 0 });
  });

  it("takes a sign, an exponent and a bare point only when asked", () => {
    for (const text of ["-2", "1e3", ".5", "5."]) expect(read(text), text).toBeNull();
    expect(read("-2.5", { sign: true })).toEqual({ negative: true, digits: 25n, scale: 1 });
    // 1e3 = 1000; 5E-1 = 5 × 10^−1; 2.5e-3 = 25 × 10^−4.
    expect(read("1e3", { exponent: true })).toEqual({ negative: false, digits: 1000n, scale: 0 });
    expect(read("5E-1", { exponent: true })).toEqual({ negative: false, digits: 5n, scale: 1 });
    expect(read("2.5e-3", { exponent: true })).toEqual({ negative: false, digits: 25n, scale: 4 });
    expect(read(".5", { bareDot: true })).toEqual({ negative: false, digits: 5n, scale: 1 });
    expect(read("5.", { bareDot: true })).toEqual({ negative: false, digits: 5n, scale: 0 });
  });

  it("refuses what is not decimal text in any form", () => {
    const every = { sign: true, exponent: true, bareDot: true };
    for (const text of ["", ".", "-", "+1", " 1", "1 ", "0x1F", "1_000", "1,5", "Infinity", "NaN", "1e", "1.2.3", "--1", "e5"]) expect(read(text, every), text).toBeNull();
  });

  it("refuses an exponent beyond the limit, at either sign", () => {
    expect(MAX_DECIMAL_EXPONENT).toBe(400);
    expect(read("1e400", { exponent: true })).toEqual({ negative: false, digits: 10n ** 400n, scale: 0 });
    expect(read("1e-400", { exponent: true })).toEqual({ negative: false, digits: 1n, scale: 400 });
    expect(read("1e401", { exponent: true })).toBeNull();
    expect(read("1e-401", { exponent: true })).toBeNull();
    expect(read("1e999999999", { exponent: true })).toBeNull();
  });

  it("parsePlainDecimal and decimalOf are its plain and double forms", () => {
    expect(parsePlainDecimal(".5")).toEqual({ digits: 5n, scale: 1 });
    expect(parsePlainDecimal("-1")).toBeNull();
    // String(1e-7) is "1e-7": 1 × 10^−7; String(1.5e300) is "1.5e+300".
    expect(decimalOf(1e-7)).toEqual({ digits: 1n, scale: 7 });
    expect(decimalText(decimalOf(1.5e300))).toBe(`15${"0".repeat(299)}`);
    expect(decimalText(decimalOf(0.1))).toBe("0.1");
  });
});
