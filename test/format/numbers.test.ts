/** Numbers in the machine formats (src/format/numbers.ts), by hand. */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { SATURATED_TEXT, approximateText, msField, msJson, ratioText } from "../../src/format/numbers.js";

describe("numbers", () => {
  it("a saturated value is a marker of text, never a wrong number", () => {
    expect(SATURATED_TEXT).toBe(">9007199254740991");
    expect([msField(5), msField(SATURATED_MS), msJson(5), msJson(SATURATED_MS)]).toEqual(["5", ">9007199254740991", 5, ">9007199254740991"]);
  });

  it("ratioText: at most two decimals, no trailing zeros", () => {
    expect([ratioText(3.2), ratioText(1 / 3), ratioText(2), ratioText(2.499)]).toEqual(["3.2", "0.33", "2", "2.5"]);
  });

  it("approximateText: ten significant digits, never an exponent; a bound below 10^-6", () => {
    expect([approximateText(0), approximateText(7.4727844771234), approximateText(1318.5)]).toEqual(["0", "7.472784477", "1318.5"]);
    expect([approximateText(4e-10), approximateText(-4e-10)]).toEqual(["less than 0.000001", "more than -0.000001"]);
    expect(approximateText(1.5e-6)).toBe("0.0000015");
  });
});
