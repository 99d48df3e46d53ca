/**
 * The axios-retry preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays, bounds } from "../support/presets.js";

describe("axios-retry (src/index.ts exponentialDelay, linearDelay)", () => {
  // calculatedDelay = 2 ** retryNumber * delayFactor; randomSum = delay * 0.2 * Math.random(); retryCount is 1 at the first retry
  it("200, 400, 800 ms for the default 3 retries; + up to 20 %", () => {
    expect(delays("axios-retry", {}, [1, 2, 3])).toEqual([200, 400, 800]);
    expect(model("axios-retry").retries).toBe(3);
    // 200 + 200 × 0.2 × (1 − 2^-52) = 239.99999999999997 → 240 half up
    expect(bounds("axios-retry", {}, 1)).toEqual({ minMs: 200, maxMs: 240 });
    expect(bounds("axios-retry", {}, 10)).toEqual({ minMs: 102400, maxMs: 122880 });
    // uniform on [200, 240] rounded half up: 220
    expect(model("axios-retry").meanMs(1)).toBeCloseTo(220, 9);
    assertSamplesInBounds(model("axios-retry"), 10);
  });

  it("linearDelay(delayFactor): a × delayFactor, no jitter", () => {
    expect(delays("axios-retry", { strategy: "linear", baseMs: 150 }, [1, 2, 3])).toEqual([150, 300, 450]);
    expect(model("axios-retry", { strategy: "linear" }).jittered).toBe(false);
    expect(() => model("axios-retry", { strategy: "fixed" })).toThrow(/^retryDelay is exponentialDelay \(exponential\) or linearDelay \(linear\)/);
  });
});
