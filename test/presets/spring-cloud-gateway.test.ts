/**
 * The spring-cloud-gateway preset against values worked out by hand from the sources:
 * RetryGatewayFilterFactory (v5.0.3, main at 5227205c: retries 3, a backoff only when given,
 * BackoffConfig firstBackoff 5 ms, factor 2, no maxBackoff) and reactor-extra's
 * Backoff.exponential and RandomJitter (reactor-addons main at 865ac611).
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { closestPreset } from "../../src/presets/registry.js";
import { model, delays } from "../support/presets.js";

describe("spring-cloud-gateway (RetryGatewayFilterFactory, reactor.retry.Backoff and RandomJitter)", () => {
  it("is named spring-gateway (the presets list's name column stays 19 wide); the system's full name leads to it", () => {
    expect(closestPreset("spring-cloud-gateway")).toBe("spring-gateway");
    expect(closestPreset("scg")).toBe("spring-gateway");
  });

  it("no backoff: 3 retries at once", () => {
    const m = model("spring-gateway");
    expect(delays("spring-gateway", {}, [1, 2, 3])).toEqual([0, 0, 0]);
    expect(m.retries).toBe(3);
    expect(m.jittered).toBe(false);
  });

  it("a backoff: min(firstBackoff × factor^(a−1), maxBackoff); firstBackoff 5 ms and factor 2 by default", () => {
    // The docs' shortcut Retry=3,INTERNAL_SERVER_ERROR,GET,10ms,50ms,2,false: 10, 20, 40 ms, then 50 ms.
    expect(delays("spring-gateway", { baseMs: 10, capMs: 50, factor: 2, retries: 5 }, [1, 2, 3, 4, 5])).toEqual([10, 20, 40, 50, 50]);
    const capped = model("spring-gateway", { baseMs: 10, capMs: 50 });
    expect(capped.capReachedAt()).toBe(4);
    // maxBackoff alone turns the back-off on, from 5 ms.
    expect(delays("spring-gateway", { capMs: 1000 }, [1, 2, 3])).toEqual([5, 10, 20]);
    // factor 1: firstBackoff every time.
    expect(delays("spring-gateway", { baseMs: 300, factor: 1 }, [1, 2, 3])).toEqual([300, 300, 300]);
  });

  it("RandomJitter: offset ⌊d × ⌊100·rf⌋ / 100⌋, a whole number of ms in [max(first − d, −offset), min(max − d, offset))", () => {
    const m = model("spring-gateway", { baseMs: 100, capMs: 1000, jitter: "0.5", retries: 5 });
    // d = 100 (firstBackoff): [0, 50) → 100–149, mean 124.5.
    expect(m.bounds(1)).toEqual({ minMs: 100, maxMs: 149 });
    expect(m.meanMs(1)).toBe(124.5);
    // d = 400: [−200, 200) → 200–599.
    expect(m.bounds(3)).toEqual({ minMs: 200, maxMs: 599 });
    // d = 800: offset 400, but max − d = 200: [−400, 200) → 400–999.
    expect(m.bounds(4)).toEqual({ minMs: 400, maxMs: 999 });
    // d = 1000 (maxBackoff): [−500, 0) → 500–999, mean 749.5: the un-jittered 1000 is never waited.
    expect(m.bounds(5)).toEqual({ minMs: 500, maxMs: 999 });
    expect(m.meanMs(5)).toBe(749.5);
    assertSamplesInBounds(m, 5);
    // (long)(100 × 0.29) is 28: d = 100 gives [0, 28).
    expect(model("spring-gateway", { baseMs: 100, jitter: "0.29" }).bounds(1)).toEqual({ minMs: 100, maxMs: 127 });
  });

  it("RandomJitter's bounds are Duration.toMillis's, which truncates toward zero: Java 17's figures for --base 7.5 --jitter 1", () => {
    // Worked out with java.time.Duration on Java 17 (RandomJitter's expressions, min 7.5 ms, no max):
    // attempt 2: d 15 ms, offset 15, low max((7.5 − 15 ms).toMillis() = −7, −15) = −7, high 15 → waits 8..29 ms;
    // attempt 3: d 30 ms, low max((−22.5 ms).toMillis() = −22, −30) = −22, high 30 → waits 8..59 ms. Flooring said 7.
    const m = model("spring-gateway", { baseMs: 7.5, jitter: "1", retries: 3 });
    expect(m.bounds(2)).toEqual({ minMs: 8, maxMs: 29 });
    expect(m.bounds(3)).toEqual({ minMs: 8, maxMs: 59 });
    // The mean of d + U{low..high − 1}: 15 + (−7 + 14) / 2 and 30 + (−22 + 29) / 2.
    expect(m.meanMs(2)).toBe(18.5);
    expect(m.meanMs(3)).toBe(33.5);
    assertSamplesInBounds(m, 3);
  });

  it("timeout: no retry whose wait would end past it", () => {
    // 100, 200, 400, 800 ms: totals 100, 300, 700, 1500; a 1 s timeout lets 3 retries through, 700 ms too (not after it).
    expect(model("spring-gateway", { baseMs: 100, retries: 10, maxElapsedMs: 1000 }).stop?.lastAttempt).toBe(3);
    expect(model("spring-gateway", { baseMs: 100, retries: 10, maxElapsedMs: 700 }).stop?.lastAttempt).toBe(3);
    expect(model("spring-gateway", { baseMs: 100, retries: 10, maxElapsedMs: 699 }).stop?.lastAttempt).toBe(2);
  });

  it("refuses what the filter or reactor refuses", () => {
    expect(() => model("spring-gateway", { retries: 0 })).toThrow(/^retries must be greater than 0/);
    expect(() => model("spring-gateway", { baseMs: 100, capMs: 50 })).toThrow(/^backoff\.maxBackoff must be >= firstBackoff \(100 ms\), got 50 ms$/);
    expect(() => model("spring-gateway", { baseMs: 100, factor: 1.5 })).toThrow(/^backoff\.factor is an int; 1\.5 does not bind$/);
    expect(() => model("spring-gateway", { baseMs: 100, jitter: "0.5", maxElapsedMs: 1000 })).toThrow(/^timeout with jitter is not modelled/);
  });
});
