/** src/presets/kit/whole-ms.ts: a library's values reported in whole ms, by hand. */
import { describe, expect, it } from "vitest";
import { MAX_EXACT_MS, SATURATED_MS } from "../../../src/core/limits.js";
import { nsToMs, saturate, wholeMs } from "../../../src/presets/kit/whole-ms.js";

describe("whole ms", () => {
  it("wholeMs rounds half up, exactly for the double given", () => {
    expect([1.5, 2.4999, 4.5, 1000.5, 7].map(wholeMs)).toEqual([2, 2, 5, 1001, 7]);
    // The largest double below ½ stays below it (Math.round(x + 0.5) would give 1).
    expect(wholeMs(0.49999999999999994)).toBe(0);
  });

  it("wholeMs saturates from 2^53 and refuses NaN", () => {
    expect(wholeMs(MAX_EXACT_MS)).toBe(MAX_EXACT_MS);
    expect([2 ** 53, Infinity].map(wholeMs)).toEqual([SATURATED_MS, SATURATED_MS]);
    expect(() => wholeMs(Number.NaN)).toThrow(new RangeError("a preset computed NaN"));
  });

  it("saturate: whole values up to 2^53 − 1 as they are, anything past it 2^53", () => {
    expect([1000, MAX_EXACT_MS, 2 ** 53, 2 ** 60].map(saturate)).toEqual([1000, MAX_EXACT_MS, SATURATED_MS, SATURATED_MS]);
  });

  it("nsToMs: integer ns to whole ms, half up, saturated", () => {
    expect([1_499_999, 1_500_000, 2_000_000, 0].map(nsToMs)).toEqual([1, 2, 2, 0]);
    expect(nsToMs(1e25)).toBe(SATURATED_MS);
  });
});
