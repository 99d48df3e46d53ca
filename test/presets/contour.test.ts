import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { assertSamplesInBounds } from "../support/samples.js";

// Contour main at 31c4bb38: internal/envoy/v3/route.go writes num_retries and per_try_timeout but
// no retry_back_off, so Envoy's backoff_strategy.cc runs with base 25 ms and max 10 × 25 = 250 ms.
const contour = (retries?: number) => findPreset("contour")!.build(retries === undefined ? {} : { retries });

describe("contour (internal/dag/policy.go, internal/envoy/v3/route.go; Envoy's backoff_strategy.cc)", () => {
  it("count defaults to 1 (policy.go: case 1, 0: numRetries = 1)", () => {
    expect(findPreset("contour")!.defaultRetries).toBe(1);
    expect(contour().retries).toBe(1);
    expect(contour(6).retries).toBe(6);
  });

  it("Envoy's intervals 25, 50, 100, 200, then 250 ms (200 ≥ 250 / 2 jumps to the max); waits 0 … interval − 1", () => {
    const m = contour(6);
    expect([1, 2, 3, 4, 5, 6].map((a) => m.bounds(a))).toEqual([
      { minMs: 0, maxMs: 24 },
      { minMs: 0, maxMs: 49 },
      { minMs: 0, maxMs: 99 },
      { minMs: 0, maxMs: 199 },
      { minMs: 0, maxMs: 249 },
      { minMs: 0, maxMs: 249 },
    ]);
    // Uniform whole ms 0..24: mean 12; 0..249: 124.5. delay_ms is the interval, the jitter-free value (issue 39, item 3).
    expect([m.meanMs(1), m.meanMs(5)]).toEqual([12, 124.5]);
    expect([1, 2, 3, 4, 5].map((a) => m.delay(a).delayMs)).toEqual([25, 50, 100, 200, 250]);
    expect([m.capMs, m.capReachedAt()]).toEqual([250, 5]);
    assertSamplesInBounds(m, 6);
  });

  it("takes only the count: HTTPProxy has no back-off field; a count past uint32 is refused", () => {
    expect(Object.keys(findPreset("contour")!.parameters)).toEqual(["retries"]);
    expect(() => contour(2 ** 32)).toThrow(/^retryPolicy.count is a uint32, at most 4,294,967,295/);
    expect(contour().parameters).toEqual({ count: 1, base_interval: 25, max_interval: 250 });
  });
});
