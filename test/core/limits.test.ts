/** Saturation at 2^53 ms and the walk limit (src/core/limits.ts), by hand. */
import { describe, expect, it } from "vitest";
import { MAX_EXACT_MS, MAX_WALKED_ATTEMPTS, SATURATED_MS, WalkLimitError, addMs, checkWalkLength, isSaturated, timesMs } from "../../src/core/limits.js";

describe("saturating milliseconds", () => {
  it("2^53 − 1 is the largest exact value; 2^53 marks a saturated one", () => {
    expect([MAX_EXACT_MS, SATURATED_MS]).toEqual([2 ** 53 - 1, 2 ** 53]);
    expect([isSaturated(MAX_EXACT_MS), isSaturated(SATURATED_MS), isSaturated(2 ** 60)]).toEqual([false, true, true]);
  });

  it("addMs and timesMs saturate; a count of zero is zero even for a saturated value", () => {
    expect([addMs(1, 2), addMs(MAX_EXACT_MS, 0), addMs(MAX_EXACT_MS, 1)]).toEqual([3, MAX_EXACT_MS, SATURATED_MS]);
    expect([timesMs(1000, 3), timesMs(2 ** 52, 2), timesMs(SATURATED_MS, 0), timesMs(0, SATURATED_MS)]).toEqual([3000, SATURATED_MS, 0, 0]);
  });
});

describe("the walk limit", () => {
  it("ten million attempts; one more is refused, naming the attempt asked for", () => {
    expect(MAX_WALKED_ATTEMPTS).toBe(10_000_000);
    expect(() => checkWalkLength(10_000_000, 5)).not.toThrow();
    let thrown: unknown;
    try {
      checkWalkLength(10_000_001, 20_000_000);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WalkLimitError);
    const error = thrown as WalkLimitError;
    expect([error.name, error.attempt, error.message]).toEqual([
      "WalkLimitError",
      20_000_000,
      "the totals up to attempt 20,000,000 have no closed form here and would be added up one attempt at a time past 10,000,000 attempts",
    ]);
  });
});
