/**
 * The kafka preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("kafka (clients/.../common/utils/ExponentialBackoff.java, producer RecordAccumulator, ProducerBatch)", () => {
  // term = initialInterval * Math.pow(2, Math.min(attempts, expMax)); Math.min((long) (nextDouble(0.8, 1.2) * term), maxInterval)
  it("100, 200, 400, 800, then 1000 (term 1000.0000000000002 from attempt 5)", () => {
    expect(delays("kafka", {}, [1, 2, 3, 4, 5, 30])).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(model("kafka").capReachedAt()).toBe(5);
  });

  it("jitter × U[0.8, 1.2): [80, 119] at attempt 1, [800, 1000] past the cap, mean 949.75 there", () => {
    const m = model("kafka");
    // (long)(0.8 × 100) = 80; (long)(1.1999999999999997 × 100) = 119
    expect(m.bounds(1)).toEqual({ minMs: 80, maxMs: 119 });
    expect(m.bounds(5)).toEqual({ minMs: 800, maxMs: 1000 });
    // E[floor(U)] on [80, 120): 99.5; past the cap: half below 1000 (mean 899.5), half clamped to 1000
    expect(m.meanMs(1)).toBeCloseTo(99.5, 9);
    expect(m.meanMs(5)).toBeCloseTo(949.75, 9);
    assertSamplesInBounds(m, 10);
  });

  it("retry.backoff.max.ms 5 s: the term stops at 4999.999999999998, so 4999 un-jittered, 3999–5000 jittered", () => {
    const m = model("kafka", { capMs: 5000 });
    expect([6, 7, 8].map((a) => m.delay(a).delayMs)).toEqual([3200, 4999, 4999]);
    expect(m.bounds(7)).toEqual({ minMs: 3999, maxMs: 5000 });
    expect(m.capReachedAt()).toBeNull();
  });

  it("delivery.timeout.ms (120 s) ends retrying: attempt 122 without jitter, 152 at the latest", () => {
    // plain: 100 + 200 + 400 + 800 = 1500, then 1000 each: 1500 + 118 × 1000 < 120000, so attempt 122
    // low draws: 80 + 160 + 320 + 640 = 1200, then 800: 1200 + 148 × 800 = 119600 < 120000, so attempt 152
    const m = model("kafka");
    expect(m.retries).toBe(2_147_483_647);
    // The rows end where it stops without jitter; with jitter the most retries are the all-low run's.
    expect([m.stop?.lastAttempt, m.stop?.most]).toEqual([122, 152]);
    expect(m.stop?.reason).toMatch(/without jitter attempt 122 is the last one retried; with it, from \d+ \(every draw high\) to 152 \(every draw low\)/);
    // a 40 s timeout: plain 1500 + 38 × 1000 = 39500 < 40000 → 42
    expect(model("kafka", { maxElapsedMs: 40_000 }).stop?.lastAttempt).toBe(42);
    expect(model("kafka", { retries: 5 }).stop).toBeNull();
  });

  it("retry.backoff.max.ms at or below retry.backoff.ms: a constant wait, no jitter", () => {
    const m = model("kafka", { baseMs: 2000, capMs: 1000 });
    expect(m.jittered).toBe(false);
    expect([1, 2, 3].map((a) => m.delay(a).delayMs)).toEqual([1000, 1000, 1000]);
  });

  it("refuses what the producer refuses", () => {
    expect(() => model("kafka", { maxElapsedMs: 10_000 })).toThrow(/^delivery.timeout.ms should be equal to or larger than linger.ms \+ request.timeout.ms \(0 \+ 30,000 ms by default\), got 10,000 ms$/);
    expect(() => model("kafka", { baseMs: 1.5 })).toThrow(/^retry.backoff.ms is a long \(whole milliseconds\), got 1.5 ms$/);
    expect(Object.keys(findPreset("kafka")!.parameters)).not.toContain("jitter");
  });
});
