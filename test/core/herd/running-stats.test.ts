import { describe, expect, it } from "vitest";
import { RunningStats } from "../../../src/core/herd/running-stats.js";

describe("RunningStats", () => {
  it("mean, sample sd and range by hand", () => {
    const stats = new RunningStats();
    for (const x of [2, 4, 4, 4, 5, 5, 7, 9]) stats.add(x);
    // Mean 40/8 = 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7, sd √(32/7) = 2.138….
    const spread = stats.spread();
    expect(spread).toMatchObject({ count: 8, mean: 5, min: 2, max: 9 });
    expect(spread.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it("no values and one value", () => {
    expect(new RunningStats().spread()).toEqual({ count: 0, mean: 0, sd: 0, min: 0, max: 0 });
    const one = new RunningStats();
    one.add(3.5);
    expect(one.spread()).toEqual({ count: 1, mean: 3.5, sd: 0, min: 3.5, max: 3.5 });
  });
});
