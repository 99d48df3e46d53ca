import { describe, expect, it } from "vitest";
import { grantForRetries, granted, largestWithin, missing, nothingToLimit, retriesAt } from "../../../../src/core/chain/budgets/context.js";
import { context } from "../../../support/chain.js";

// What every budget builds on: a call of `tries` tries whose tries fail with P, a share g of
// its retries let through, makes retry i with probability (P·g)^i; its expected retries are
// Σ_{i=1..tries−1} (P·g)^i.

describe("granted and missing", () => {
  it("a share, or the inputs that were not given (in the order named)", () => {
    expect(granted(0.25)).toEqual({ grant: 0.25 });
    expect(missing("rps", "attempt-time")).toEqual({ grant: null, missing: ["rps", "attempt-time"] });
    expect(missing("attempt-time")).toEqual({ grant: null, missing: ["attempt-time"] });
  });
});

describe("nothingToLimit", () => {
  it("a layer of one try, or one whose tries never fail, has no retry a budget could refuse", () => {
    expect(nothingToLimit(context(1, 1))).toBe(true);
    expect(nothingToLimit(context(3, 0))).toBe(true);
    expect(nothingToLimit(context(2, 0.5))).toBe(false);
    expect(nothingToLimit(context(3, 1))).toBe(false);
  });
});

describe("retriesAt", () => {
  it("Σ (P·g)^i over the retries: exact for binary fractions", () => {
    // 3 tries, P = 0.5, every retry let through: 0.5 + 0.25.
    expect(retriesAt(context(3, 0.5), 1)).toBe(0.75);
    // Half of them: x = 0.25, 0.25 + 0.0625.
    expect(retriesAt(context(3, 0.5), 0.5)).toBe(0.3125);
    // A full outage: every retry is made, 4 of them for 5 tries.
    expect(retriesAt(context(5, 1), 1)).toBe(4);
    // None let through, or one try only: no retry.
    expect(retriesAt(context(5, 1), 0)).toBe(0);
    expect(retriesAt(context(1, 1), 1)).toBe(0);
  });
});

describe("largestWithin", () => {
  it("is 1 when the excess at 1 is not positive", () => {
    expect(largestWithin((g) => g - 1)).toBe(1);
    expect(largestWithin((g) => g - 2)).toBe(1);
  });

  it("meets a limit that is a binary fraction exactly", () => {
    expect(largestWithin((g) => g - 0.25)).toBe(0.25);
    expect(largestWithin((g) => g - 0.375)).toBe(0.375);
  });

  it("ends on the largest double within the limit: g² ≤ 1/2 gives the double just below √½", () => {
    // Math.SQRT1_2 = 0.7071067811865476 squares to 0.5000000000000001 in doubles, so the answer
    // is the next double down, 0.7071067811865475 (both squared by hand below).
    expect(Math.SQRT1_2 * Math.SQRT1_2).toBeGreaterThan(0.5);
    expect(0.7071067811865475 * 0.7071067811865475).toBeLessThanOrEqual(0.5);
    expect(largestWithin((g) => g * g - 0.5)).toBe(0.7071067811865475);
  });

  it("is 0 when every share above 0 is over the limit", () => {
    expect(largestWithin((g) => g)).toBe(0);
  });
});

describe("grantForRetries", () => {
  it("the share that keeps a call's expected retries at the allowance", () => {
    // A full outage, 3 tries: g + g² = 0.75 → g = 0.5.
    expect(grantForRetries(context(3, 1), 0.75)).toBe(0.5);
    // P = 0.5, 2 tries: 0.5 g = 0.125 → g = 0.25.
    expect(grantForRetries(context(2, 0.5), 0.125)).toBe(0.25);
  });

  it("lets every retry through when the layer asks for no more than allowed", () => {
    // P = 0.5, 3 tries: 0.75 retries asked for, 0.75 allowed.
    expect(grantForRetries(context(3, 0.5), 0.75)).toBe(1);
    expect(grantForRetries(context(3, 0.1), 0.2)).toBe(1);
  });

  it("lets none through when nothing is allowed", () => {
    expect(grantForRetries(context(3, 1), 0)).toBe(0);
  });
});
