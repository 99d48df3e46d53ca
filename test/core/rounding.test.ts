/** Rounding and comparing a double with an error bound, exactly where needed (src/core/rounding.ts), by hand. */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { type Estimate, exactly, exactlyError, exceeds, exceedsQuick, reaches, roundMs, roundMsQuick } from "../../src/core/rounding.js";

const estimate = (approx: number, error: number, exact: Estimate["exact"]): Estimate => ({ approx, error, exact });

describe("roundMsQuick", () => {
  it("decides what the double alone can: 1.4 → 1, 2.6 ± 0.01 → 3, saturated well past 2^53, Infinity and NaN", () => {
    expect([roundMsQuick(1.4, 0), roundMsQuick(2.6, 0.01)]).toEqual([1, 3]);
    expect([roundMsQuick(2 ** 60, 0), roundMsQuick(Infinity, 0), roundMsQuick(Number.NaN, 0)]).toEqual([SATURATED_MS, SATURATED_MS, SATURATED_MS]);
  });

  it("leaves a tie to the exact value (NaN): 1.5, 2.4 ± 0.2, and 2^53 itself (its widened error, 2^53 × 2^-50 = 8, straddles the threshold)", () => {
    expect(roundMsQuick(1.5, 0)).toBeNaN();
    expect(roundMsQuick(2.4, 0.2)).toBeNaN();
    expect(roundMsQuick(2 ** 53, 0)).toBeNaN();
  });
});

describe("roundMs", () => {
  it("half up, exactly: 1.5 → 2, 2.5 → 3", () => {
    expect([roundMs(exactly(1.5)), roundMs(exactly(2.5))]).toEqual([2, 3]);
  });

  it("the exact value decides a near tie: 1.499999 → 1; without one, the double stands", () => {
    expect(roundMs(estimate(1.5, 1e-9, () => ({ num: 1_499_999n, den: 1_000_000n })))).toBe(1);
    expect(roundMs(estimate(1.5, 1e-9, () => null))).toBe(2);
  });

  it("an exact 2^53 is saturated", () => {
    expect(roundMs(estimate(2 ** 53 - 1, 1, () => ({ num: 2n ** 53n, den: 1n })))).toBe(SATURATED_MS);
  });
});

describe("exceeds and reaches", () => {
  it("exceedsQuick: above, not above, or undecided at the limit itself", () => {
    expect([exceedsQuick(10, 0, 5), exceedsQuick(5, 0, 10), exceedsQuick(10, 0, 10), exceedsQuick(Infinity, 0, 5)]).toEqual([1, 0, -1, 1]);
  });

  it("exceeds: strictly above, exactly", () => {
    expect(exceeds(exactly(10), 10)).toBe(false);
    expect(exceeds(estimate(10, 1e-9, () => ({ num: 100_000_000_001n, den: 10_000_000_000n })), 10)).toBe(true);
    expect(exceeds(estimate(10, 1, () => null), 9.5)).toBe(true); // undecided, no exact value: the double
  });

  it("reaches: at least, exactly", () => {
    expect([reaches(exactly(10), 10), reaches(exactly(9), 10), reaches(estimate(Infinity, 0, () => null), 10)]).toEqual([true, false, true]);
    expect(reaches(estimate(10, 1e-9, () => ({ num: 99_999_999_999n, den: 10_000_000_000n })), 10)).toBe(false);
  });

  it("exactly: a double read back as itself, error one part in 2^52", () => {
    expect(exactlyError(4)).toBe(2 ** -50);
    const value = exactly(1.6);
    expect([value.approx, value.error, value.exact()]).toEqual([1.6, 1.6 * 2 ** -52, { num: 16n, den: 10n }]);
  });
});
