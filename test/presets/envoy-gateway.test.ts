import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";

// Envoy Gateway main, commit d32f2829: internal/xds/translator/route.go buildRetryPolicy sets num_retries 2
// (retryDefaultNumRetries) and retry_back_off only from perRetry.backOff; Envoy's backoff_strategy.cc does the rest.
const model = (overrides: PresetOverrides = {}) => findPreset("envoy-gateway")!.build(overrides);
const tops = (overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(overrides).bounds(a).maxMs);

describe("envoy-gateway (internal/xds/translator/route.go, internal/gatewayapi/clustersettings.go; Envoy's backoff_strategy.cc)", () => {
  it("numRetries defaults to 2 with Envoy's 25 ms base and 250 ms max", () => {
    expect([findPreset("envoy-gateway")!.defaultRetries, model().retries]).toEqual([2, 2]);
    // Intervals 25, 50, 100, 200, 250: the waits' tops are one less.
    expect(tops({ retries: 6 }, [1, 2, 3, 4, 5, 6])).toEqual([24, 49, 99, 199, 249, 249]);
  });

  it("the documented example, baseInterval 100ms and maxInterval 10s: 100 … 3200, 6400 ≥ 5000 then jumps to 10 s", () => {
    // doubling_limit_ = 10000 / 2 = 5000: 100, 200, 400, 800, 1600, 3200, 6400 (3200 < 5000 doubles), then 10000.
    expect(tops({ baseMs: 100, capMs: 10_000, retries: 9 }, [1, 5, 6, 7, 8, 9])).toEqual([99, 1599, 3199, 6399, 9999, 9999]);
    // (100 − 1) / 2 = 49.5 is the mean wait of the first interval.
    expect(model({ baseMs: 100, capMs: 10_000 }).meanMs(1)).toBe(49.5);
    assertSamplesInBounds(model({ baseMs: 100, capMs: 10_000, retries: 9 }), 9);
  });

  it("maxInterval defaults to 10 × baseInterval; refuses what buildRetry refuses", () => {
    expect(model({ baseMs: 40 }).capMs).toBe(400);
    expect(() => model({ baseMs: 2000, capMs: 1000 })).toThrow(/^retry.perRetry.backOff.maxInterval cannot be less than baseInterval \(2,000 ms\), got 1,000 ms$/);
    expect(() => model({ retries: 2 ** 31 })).toThrow(/^retry.numRetries is an int32/);
    expect(Object.keys(findPreset("envoy-gateway")!.parameters)).toEqual(["baseMs", "capMs", "retries"]);
  });
});
