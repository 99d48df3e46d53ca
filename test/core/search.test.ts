import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstTrueBetween, firstTrueFrom1 } from "../../src/core/search.js";

/** A predicate false below `threshold` and true from it, counting its calls. */
function stepAt(threshold: number) {
  const calls: number[] = [];
  return { calls, holds: (k: number) => (calls.push(k), k >= threshold) };
}

describe("firstTrueBetween", () => {
  it("finds the threshold, or null when it lies beyond the range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 2000 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (threshold, low, width) => {
        const high = low + width;
        const expected = threshold > high ? null : Math.max(threshold, low);
        expect(firstTrueBetween(low, high, stepAt(threshold).holds)).toBe(expected);
      }),
    );
  });

  it("an empty range holds nothing, and a search costs about log2 of the range in calls", () => {
    expect(firstTrueBetween(5, 4, () => true)).toBeNull();
    const probe = stepAt(700_001);
    expect(firstTrueBetween(1, 2 ** 20, probe.holds)).toBe(700_001);
    expect(probe.calls.length).toBeLessThanOrEqual(22);
  });
});

describe("firstTrueFrom1", () => {
  it("finds the threshold from 1, or null when it is past the limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (threshold, limit) => {
        expect(firstTrueFrom1(stepAt(threshold).holds, limit)).toBe(threshold <= limit ? threshold : null);
      }),
    );
  });

  it("probes only up to the limit, and few times near 1", () => {
    const probe = stepAt(3);
    expect(firstTrueFrom1(probe.holds)).toBe(3);
    expect(Math.max(...probe.calls)).toBe(4);
    const never = stepAt(Infinity);
    expect(firstTrueFrom1(never.holds, 2 ** 52)).toBeNull();
    expect(Math.max(...never.calls)).toBe(2 ** 52);
    // Doubling to 2^52, then stopping: 53 calls.
    expect(never.calls.length).toBe(53);
    expect(firstTrueFrom1(stepAt(2 ** 40 + 3).holds)).toBe(2 ** 40 + 3);
  });

  it("a limit of 1 probes 1 alone (fast-check seed 85186698 found threshold 2, limit 1 answered 2)", () => {
    const probe = stepAt(2);
    expect(firstTrueFrom1(probe.holds, 1)).toBeNull();
    expect(probe.calls).toEqual([1]);
    // A limit that is not a power of 2: 1, 2, 4, then 5 itself, never past it.
    const five = stepAt(5);
    expect(firstTrueFrom1(five.holds, 5)).toBe(5);
    expect(Math.max(...five.calls)).toBe(5);
    expect(firstTrueFrom1(stepAt(6).holds, 5)).toBeNull();
  });
});
