/**
 * The gateway-api preset (issue 24) against values worked out by hand from the lines quoted:
 * Envoy Gateway's processRouteRetry (internal/gatewayapi/route.go, main d32f2829) and Istio's
 * conversion.go (1.31) both make `backoff` Envoy's base_interval and set no max_interval, so
 * Envoy's backoff_strategy.cc doubles it while it is below max / 2 = 5 × backoff, then waits
 * at max = 10 × backoff; every wait is random() % interval.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { bounds, model } from "../support/presets.js";

/** Full jitter never waits the interval itself: the interval is the top of the range plus 1. */
const intervals = (overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => bounds("gateway-api", overrides, a).maxMs + 1);

describe("gateway-api (apis/v1/httproute_types.go v1.6.1, as Envoy Gateway and Istio build it)", () => {
  it("a retry block without attempts or backoff: 2 retries (both implementations' default) at Envoy's 25 ms", () => {
    const m = model("gateway-api");
    expect(m.retries).toBe(2);
    expect([1, 2].map((a) => m.bounds(a))).toEqual([
      { minMs: 0, maxMs: 24 },
      { minMs: 0, maxMs: 49 },
    ]);
    // The means: (25 − 1) / 2 and (50 − 1) / 2.
    expect([1, 2].map((a) => m.meanMs(a))).toEqual([12, 24.5]);
  });

  it("backoff 100ms: 100, 200, 400, 800 (each below 500 ms, half the 1 s max, doubles), then 1 s for ever", () => {
    expect(intervals({ baseMs: 100, retries: 7 }, [1, 2, 3, 4, 5, 6, 7])).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    // The standard's "minimum duration between retry attempts" is not what Envoy does: the first wait can be 0 ms.
    expect(bounds("gateway-api", { baseMs: 100 }, 1)).toEqual({ minMs: 0, maxMs: 99 });
  });

  it("has no max field, and refuses an attempts count Istio's int32 cannot hold", () => {
    expect(Object.keys(findPreset("gateway-api")!.parameters)).toEqual(["baseMs", "retries"]);
    expect(model("gateway-api", { retries: 2_147_483_647 }).retries).toBe(2_147_483_647);
    expect(() => model("gateway-api", { retries: 2 ** 31 })).toThrow("rules[].retry.attempts is read as an int32 by Istio, at most 2,147,483,647, got 2,147,483,648");
    expect(() => model("gateway-api", { baseMs: 2.5 })).toThrow(/whole milliseconds/);
  });
});
