/**
 * The got preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays, bounds } from "../support/presets.js";

describe("got (source/core/calculate-retry-delay.ts)", () => {
  // Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + Math.random() * retryOptions.noise
  it("1000, 2000 ms + up to 100 ms noise, for the default 2 retries", () => {
    expect(delays("got", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(model("got").retries).toBe(2);
    expect(bounds("got", {}, 1)).toEqual({ minMs: 1000, maxMs: 1100 });
    expect(model("got").meanMs(1)).toBeCloseTo(1050, 9);
    expect(model("got").capMs).toBeNull();
  });

  it("noise is added after backoffLimit: 3000–3100 ms past a 3 s limit", () => {
    const m = model("got", { capMs: 3000 });
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 3000, 3000]);
    expect(m.capReachedAt()).toBe(3);
    expect(m.bounds(4)).toEqual({ minMs: 3000, maxMs: 3100 });
    expect(m.mayExceedCap).toBe(true);
    assertSamplesInBounds(m, 6);
  });

  it("a negative noise subtracts: [950, 1000] with noise −50", () => {
    expect(bounds("got", { jitter: "-50" }, 1)).toEqual({ minMs: 950, maxMs: 1000 });
    assertSamplesInBounds(model("got", { jitter: "-50" }), 6);
  });

  it("refuses a noise past ±100 ms, as got's options check does", () => {
    expect(() => model("got", { jitter: "150" })).toThrow(/^retry.noise is a number of ms from -100 to 100/);
    expect(Object.keys(findPreset("got")!.parameters)).toEqual(["capMs", "jitter", "retries", "maxRetryAfterMs"]);
  });
});
