/**
 * The go-retryablehttp preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("go-retryablehttp (client.go DefaultBackoff, LinearJitterBackoff)", () => {
  // mult := math.Pow(2, float64(attemptNum)) * float64(min); if float64(sleep) != mult || sleep > max { sleep = max }; attemptNum = a − 1
  it("1, 2, 4, 8 s for RetryMax 4; RetryWaitMax 30 s from attempt 6 (32 s)", () => {
    expect(delays("go-retryablehttp", {}, [1, 2, 3, 4, 5, 6, 40])).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(model("go-retryablehttp").retries).toBe(4);
    expect(model("go-retryablehttp").capReachedAt()).toBe(6);
    expect(model("go-retryablehttp").jittered).toBe(false);
  });

  it("LinearJitterBackoff: a × (int64(r × (max − min)) + min) ns, not capped: [1 s, 30 s] at 1, [4 s, 120 s] at 4", () => {
    const m = model("go-retryablehttp", { strategy: "linear" });
    // int64((1 − 2^-53) × 29e9) = 28999999999; + 1e9 = 29999999999 ns → 30000 ms (half up)
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 30000 });
    expect(m.bounds(4)).toEqual({ minMs: 4000, maxMs: 120000 });
    expect(m.capMs).toBeNull();
    // a × uniform on [1000, 30000) ms: mean 15500 a
    expect(m.meanMs(2)).toBeCloseTo(31000, 6);
    assertSamplesInBounds(m, 6);
  });

  it("LinearJitterBackoff with RetryWaitMax ≤ RetryWaitMin: a × RetryWaitMin, no jitter", () => {
    const m = model("go-retryablehttp", { strategy: "linear", baseMs: 5000, capMs: 1000 });
    expect(m.jittered).toBe(false);
    expect([1, 2, 3].map((a) => m.delay(a).delayMs)).toEqual([5000, 10000, 15000]);
  });

  it("has no fixed Backoff", () => {
    expect(() => model("go-retryablehttp", { strategy: "fixed" })).toThrow(/^the Backoff is DefaultBackoff \(exponential\) or LinearJitterBackoff \(linear\)/);
  });
});
