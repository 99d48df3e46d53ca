import { describe, expect, it } from "vitest";
import { compare, fractionOf } from "../../../src/core/exact.js";
import { fixedRaw } from "../../../src/core/strategies/fixed.js";

describe("fixedRaw", () => {
  it("waits the base at every attempt, exactly", () => {
    const value = fixedRaw(750);
    expect(value.approx).toBe(750);
    expect(compare(value.exact()!, fractionOf(750))).toBe(0);
  });
});
