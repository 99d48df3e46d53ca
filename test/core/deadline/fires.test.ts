/** Whether a retry fires before the deadline (src/core/deadline/fires.ts), case by case by hand. */
import { describe, expect, it } from "vitest";
import { FIRES_VALUES, cutShortInSomeRun, firesInEveryRun, firesOf } from "../../../src/core/deadline/fires.js";

describe("fires", () => {
  it("the five verdicts; the first three are every run's", () => {
    expect(FIRES_VALUES).toEqual(["yes", "cut short", "cut short in some runs", "in some runs", "no"]);
    expect(FIRES_VALUES.map(firesInEveryRun)).toEqual([true, true, true, false, false]);
  });

  it("firesOf: no run makes it, or no deadline", () => {
    expect(firesOf(false, false, 500, 600, 100, 1000)).toBe("no");
    expect(firesOf(true, true, 500, 600, 100, null)).toBe("yes");
    expect(firesOf(true, false, 500, 600, 100, null)).toBe("in some runs");
  });

  it("firesOf under a deadline of 1000 ms with tries of 100 ms", () => {
    expect(firesOf(true, true, 1000, 1200, 100, 1000)).toBe("no"); // the earliest start is at the deadline
    expect(firesOf(true, false, 500, 600, 100, 1000)).toBe("in some runs"); // not every run makes it
    expect(firesOf(true, true, 500, 1000, 100, 1000)).toBe("in some runs"); // the latest start is at the deadline
    expect(firesOf(true, true, 500, 900, 100, 1000)).toBe("yes"); // 900 + 100 = 1000: ends at the deadline
    expect(firesOf(true, true, 950, 990, 100, 1000)).toBe("cut short"); // 950 + 100 > 1000
    expect(firesOf(true, true, 850, 950, 100, 1000)).toBe("cut short in some runs"); // 850 + 100 ≤ 1000 < 950 + 100
  });

  it("cutShortInSomeRun: a start s with D − T < s < D among the starts from the earliest to the latest", () => {
    // D 1000, T 100: s from 901 to 999.
    expect(cutShortInSomeRun("yes", 500, 900, 100, 1000)).toBe(false);
    expect(cutShortInSomeRun("cut short in some runs", 850, 950, 100, 1000)).toBe(true);
    expect(cutShortInSomeRun("in some runs", 999, 1200, 100, 1000)).toBe(true);
    expect(cutShortInSomeRun("no", 850, 950, 100, 1000)).toBe(false);
    expect(cutShortInSomeRun("yes", 850, 950, 100, null)).toBe(false);
  });
});
