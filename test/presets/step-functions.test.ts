/**
 * The step-functions preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays, bounds } from "../support/presets.js";

describe("step-functions (Step Functions Developer Guide: Retrier fields)", () => {
  it("IntervalSeconds × BackoffRate^(a−1): 1, 2, 4 s by default, 3 retries", () => {
    expect(delays("step-functions", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(model("step-functions").retries).toBe(3);
    expect(delays("step-functions", { factor: 1.5 }, [1, 2, 3])).toEqual([1000, 1500, 2250]);
  });

  it("MaxDelaySeconds caps before FULL jitter: [0, 1 s] at attempt 1, [0, 5 s] past a 5 s cap", () => {
    const full = { capMs: 5000, jitter: "FULL" };
    expect(delays("step-functions", full, [1, 2, 3, 4, 5])).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(model("step-functions", full).capReachedAt()).toBe(4);
    expect(bounds("step-functions", full, 1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(bounds("step-functions", full, 6)).toEqual({ minMs: 0, maxMs: 5000 });
    // uniform on [0, 1000] rounded half up: (1 + 2 + … + 999 + 1000 / 2) / 1000 = 500
    expect(model("step-functions", full).meanMs(1)).toBeCloseTo(500, 9);
    expect(model("step-functions").jittered).toBe(false);
    assertSamplesInBounds(model("step-functions", full), 8);
  });

  it("refuses what the Retrier fields do not take", () => {
    expect(() => model("step-functions", { baseMs: 1500 })).toThrow(/^IntervalSeconds is a whole number of seconds from 1 to 99,999,999, got 1,500 ms$/);
    expect(() => model("step-functions", { capMs: 500 })).toThrow(/^MaxDelaySeconds is a whole number of seconds/);
    expect(() => model("step-functions", { jitter: "half" })).toThrow(/^JitterStrategy is NONE or FULL, got "half"$/);
    expect(() => model("step-functions", { retries: 100_000_000 })).toThrow(/^MaxAttempts is at most 99,999,999/);
  });
});
