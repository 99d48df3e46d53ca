/**
 * The argo preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { model, delays } from "../support/presets.js";

describe("argo (workflow/controller/operator.go processNodeRetries, workflow_types.go)", () => {
  // timeToWait = baseDuration * time.Duration(math.Pow(factor, len(childNodeIds)-1)); if timeToWait > cap { cap }
  it("duration × factor^(a−1): 1, 2, 4 s with factor 2; 1, 3, 9, 27 s with factor 3; limit 10", () => {
    expect(delays("argo", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512000]);
    expect(delays("argo", { factor: 3 }, [1, 2, 3, 4])).toEqual([1000, 3000, 9000, 27000]);
    expect(model("argo").retries).toBe(10);
  });

  it("backoff.cap (v3.7+): 1, 2, 4, then 5 s", () => {
    const m = model("argo", { capMs: 5000 });
    expect([1, 2, 3, 4, 9].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(m.capReachedAt()).toBe(4);
  });

  it("maxDuration: no retry whose wait would end past it (totals 1, 3, 7, 12, 17 … 57, 62 s against 1 min)", () => {
    const overrides = { capMs: 5000, maxElapsedMs: 60_000, retries: 20 };
    expect(model("argo", overrides).stop?.lastAttempt).toBe(13);
    // After() is strict: a wait ending exactly at the deadline is made
    expect(model("argo", { ...overrides, maxElapsedMs: 62_000 }).stop?.lastAttempt).toBe(14);
  });

  it("refuses a non-integer factor, naming backoff.factor", () => {
    expect(() => model("argo", { factor: 1.5 })).toThrow(/^backoff.factor is a whole number \(intstr.Int32\) up to 2,147,483,647, got 1.5$/);
    expect(() => model("argo", { factor: 2 ** 31 })).toThrow(/^backoff.factor is a whole number/);
    expect(() => model("argo", { maxElapsedMs: 500 })).toThrow(/would end past backoff.maxDuration \(500 ms\): Argo makes no retry$/);
  });
});
