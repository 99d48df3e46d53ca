/**
 * The spring-retry preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("spring-retry (ExponentialBackOffPolicy.java, ExponentialRandomBackOffPolicy.java)", () => {
  // sleep = interval; if (sleep > max) sleep = max; else interval = (long) (interval * multiplier)
  it("100, 200, 400 … 25600, then maxInterval 30000 from attempt 10; maxAttempts 3 = 2 retries", () => {
    expect(delays("spring-retry", {}, [1, 2, 3, 9, 10, 11])).toEqual([100, 200, 400, 25600, 30000, 30000]);
    expect(model("spring-retry").capReachedAt()).toBe(10);
    expect(model("spring-retry").retries).toBe(2);
  });

  it("truncated to a long at every step: multiplier 1.5 gives 100, 150, 225, 337, 505, 757", () => {
    expect(delays("spring-retry", { factor: 1.5 }, [1, 2, 3, 4, 5, 6])).toEqual([100, 150, 225, 337, 505, 757]);
  });

  it("random: (long)(d × (1 + nextFloat() × (m − 1))), [100, 199] at attempt 1, exactly maxInterval past it", () => {
    const m = model("spring-retry", { jitter: "random" });
    // (long)(100 × (1 + (1 − 2^-24))) = (long)199.99999403953552 = 199
    expect(m.bounds(1)).toEqual({ minMs: 100, maxMs: 199 });
    expect(m.bounds(9)).toEqual({ minMs: 25600, maxMs: 30000 });
    expect(m.bounds(10)).toEqual({ minMs: 30000, maxMs: 30000 });
    // E[floor(U)] on [100, 200): 149.5
    expect(m.meanMs(1)).toBeCloseTo(149.5, 9);
    assertSamplesInBounds(m, 12);
  });

  it("refuses what the setters do not take", () => {
    expect(() => model("spring-retry", { baseMs: 1.5 })).toThrow(/^setInitialInterval takes a long \(whole milliseconds\), got 1.5 ms$/);
    expect(() => model("spring-retry", { jitter: "full" })).toThrow(/^the back-off policy is none \(ExponentialBackOffPolicy\) or random/);
  });
});
