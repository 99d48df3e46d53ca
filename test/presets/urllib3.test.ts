/**
 * The urllib3 preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("urllib3 (src/urllib3/util/retry.py get_backoff_time)", () => {
  // if consecutive_errors_len <= 1: return 0; backoff_factor * (2 ** (consecutive_errors_len - 1)), + random() * backoff_jitter, min backoff_max
  it("0 at the first retry, then 1, 2, 4 … s with backoff_factor 0.5; backoff_max 120 s from attempt 9 (128 s)", () => {
    expect(delays("urllib3", {}, [1, 2, 3, 4, 8, 9, 10])).toEqual([0, 1000, 2000, 4000, 64000, 120000, 120000]);
    expect(model("urllib3").capReachedAt()).toBe(9);
    expect(model("urllib3").retries).toBe(10);
  });

  it("backoff_factor 0.1 gives the docstring's [0.0s, 0.2s, 0.4s, 0.8s]", () => {
    expect(delays("urllib3", { baseMs: 100 }, [1, 2, 3, 4])).toEqual([0, 200, 400, 800]);
  });

  it("backoff_jitter 0.5 s: none at attempt 1, [1000, 1500] at attempt 2, exactly 120 s past the cap", () => {
    const m = model("urllib3", { jitter: "0.5" });
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 0 });
    // 1.0 + (1 − 2^-53) × 0.5 is 1.5 in doubles
    expect(m.bounds(2)).toEqual({ minMs: 1000, maxMs: 1500 });
    expect(m.bounds(8)).toEqual({ minMs: 64000, maxMs: 64500 });
    expect(m.bounds(9)).toEqual({ minMs: 120000, maxMs: 120000 });
    // uniform on [1000, 1500] rounded half up: 1250
    expect(m.meanMs(2)).toBeCloseTo(1250, 9);
    expect(m.meanMs(1)).toBe(0);
    assertSamplesInBounds(m, 12);
  });

  it("refuses a jitter that is not a number of seconds", () => {
    expect(() => model("urllib3", { jitter: "full" })).toThrow(/^backoff_jitter is a number of seconds from 0, such as 0.5, got "full"$/);
    expect(() => model("urllib3", { jitter: "-1" })).toThrow(/^backoff_jitter/);
  });
});
