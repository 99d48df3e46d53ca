/** src/presets/kit/mean-floor-uniform.ts: E[min(floor(X), cap)] for X uniform on [lo, hi], by hand. */
import { describe, expect, it } from "vitest";
import { meanFloorUniform } from "../../../src/presets/kit/mean-floor-uniform.js";

describe("meanFloorUniform", () => {
  it("floor of U[0, 2]: 0 half the time, 1 the other half → 0.5", () => {
    expect(meanFloorUniform(0, 2)).toBe(0.5);
    expect(meanFloorUniform(0, 2, 5)).toBe(0.5);
  });

  it("a rounded draw as lo + ½, hi + ½: round(U[0, 2]) is 0 on [0, ½), 1 on [½, 1½), 2 on [1½, 2] → (0 + 1 + 1) / 2 = 1", () => {
    expect(meanFloorUniform(0.5, 2.5)).toBe(1);
  });

  it("capped: min(floor(U[0, 4]), 2) takes 0, 1, 2, 2 a quarter of the time each → 1.25", () => {
    expect(meanFloorUniform(0, 4, 2)).toBe(1.25);
  });

  it("a range wholly past the cap is the cap; an empty range its floor (capped)", () => {
    expect(meanFloorUniform(5, 8, 3)).toBe(3);
    expect(meanFloorUniform(3.7, 3.7)).toBe(3);
    expect(meanFloorUniform(3.7, 3.7, 2)).toBe(2);
  });
});
