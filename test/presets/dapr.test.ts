/**
 * The dapr preset against values worked out by hand from Dapr's source (v1.18.3, main at
 * d8450742): pkg/resiliency/resiliency.go decodePolicies starts each policy from dapr/kit
 * retry.DefaultConfig (policy constant, Duration 5 s, MaxRetries −1, cenkalti's exponential
 * defaults) and retry.Config.NewBackOff builds backoff.NewConstantBackOff(Duration) or an
 * ExponentialBackOff (InitialInterval 500 ms, RandomizationFactor 0.5, Multiplier 1.5,
 * MaxInterval, MaxElapsedTime 15 min), wrapped in WithMaxRetries when MaxRetries ≥ 0.
 * The same waits run by cenkalti/backoff itself: against-cenkalti.test.ts.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("dapr (pkg/resiliency/resiliency.go, dapr/kit retry/retry.go, cenkalti/backoff v4.3.0)", () => {
  it("the default policy is constant: 5 s every time, no count limit", () => {
    const m = model("dapr");
    expect(delays("dapr", {}, [1, 2, 10, 1000])).toEqual([5000, 5000, 5000, 5000]);
    expect(m.retries).toBeNull();
    expect(m.stop).toBeNull();
    expect(m.jittered).toBe(false);
    expect(m.parameters).toEqual({ policy: "constant", duration: 5000, maxRetries: -1 });
  });

  it("constant with duration and maxRetries: WithMaxRetries(ConstantBackOff(d), n)", () => {
    const m = model("dapr", { strategy: "fixed", baseMs: 250, retries: 3 });
    expect([1, 2, 3].map((a) => m.delay(a).delayMs)).toEqual([250, 250, 250]);
    expect(m.retries).toBe(3);
    expect(m.parameters).toEqual({ policy: "constant", duration: 250, maxRetries: 3 });
  });

  it("exponential: 500, 750, 1125, 1687.5, 2531.25 ms … (whole ns), maxInterval 60 s from attempt 13", () => {
    const m = model("dapr", { strategy: "exponential" });
    // Totals 500, 1250, 2375, 4062.5 → 4063, 6593.75 → 6594 ms; each wait the step between them.
    expect([1, 2, 3, 4, 5].map((a) => m.delay(a).delayMs)).toEqual([500, 750, 1125, 1688, 2531]);
    // 43,248,779,295 ns × 1.5 ≥ 60 s: attempt 13 is MaxInterval.
    expect(m.capReachedAt()).toBe(13);
    expect(m.delay(13).delayMs).toBe(60_000);
    expect(m.parameters).toEqual({ policy: "exponential", InitialInterval: 500, Multiplier: 1.5, RandomizationFactor: 0.5, maxInterval: 60_000, MaxElapsedTime: 900_000, maxRetries: -1 });
  });

  it("exponential's jitter: from I/2 to 3I/2 (+1 ns), up to 90 s past the cap", () => {
    const m = model("dapr", { strategy: "exponential" });
    // getRandomValueFromInterval(0.5, r, 500 ms): 250,000,000 + r × 500,000,001 ns.
    expect(m.bounds(1)).toEqual({ minMs: 250, maxMs: 750 });
    expect(m.mayExceedCap).toBe(true);
    expect(m.bounds(14)).toEqual({ minMs: 30_000, maxMs: 90_001 });
    assertSamplesInBounds(m, m.stop!.lastAttempt);
  });

  it("exponential stops by MaxElapsedTime 15 min even with maxRetries −1: 24 retries without jitter", () => {
    // The 12 intervals below the cap, 500 ms … 43,248.779295 ms, add up to 128.746337887 s; then 60 s each:
    // 128.746 + 12 × 60 = 848.746 s ≤ 900 s, one more is 908.746 s: attempt 24 is the last.
    const m = model("dapr", { strategy: "exponential" });
    expect(m.stop?.lastAttempt).toBe(24);
    expect(m.stop?.limitMs).toBe(900_000);
    expect(m.stop?.reason).toMatch(/^dapr's exponential policy \(cenkalti's ExponentialBackOff\) stops when elapsed \+ next > MaxElapsedTime \(15 min\)/);
    // maxInterval 15 s: 500 ms … 12,814.453125 ms (9 intervals, 37,443.359375 ms), then 15 s: 37.443 + 57 × 15 = 892.4 s; 66 retries.
    expect(model("dapr", { strategy: "exponential", capMs: 15_000 }).stop?.lastAttempt).toBe(66);
    // A count below the time limit's: the count ends it, no time stop.
    const counted = model("dapr", { strategy: "exponential", retries: 5 });
    expect(counted.retries).toBe(5);
    expect(counted.stop).toBeNull();
  });

  it("refuses what a Resiliency cannot say, in Dapr's terms", () => {
    expect(() => model("dapr", { strategy: "exponential", baseMs: 1000 })).toThrow(/^duration is the constant policy's wait; the exponential policy ignores it/);
    expect(() => model("dapr", { capMs: 1000 })).toThrow(/^maxInterval is the exponential policy's cap; the constant policy ignores it/);
    expect(() => model("dapr", { strategy: "linear" })).toThrow(/Dapr has no linear policy/);
  });
});
