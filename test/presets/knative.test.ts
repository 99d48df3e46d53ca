/**
 * The knative preset (issue 24) against values worked out by hand from
 * pkg/kncloudevents/retries.go (knative-v1.22.0): go-retryablehttp's Client.Do passes
 * attemptNum i = 0 before the first retry, so exponential waits delay × 2^(a−1) and linear
 * delay × (a − 1); the defaults are config-br-defaults' Broker delivery as shipped.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { delays, model } from "../support/presets.js";

describe("knative (DeliverySpec retry, backoffPolicy, backoffDelay)", () => {
  it("the shipped Broker default: retry 10, exponential, PT0.2S, uncapped", () => {
    const m = model("knative");
    expect(m.retries).toBe(10);
    expect(m.jittered).toBe(false);
    expect(delays("knative", {}, [1, 2, 3, 10])).toEqual([200, 400, 800, 102_400]);
    expect(m.capMs).toBeNull();
  });

  it("linear: backoffDelay × attemptNum, 0 before the first retry", () => {
    expect(delays("knative", { strategy: "linear", baseMs: 1000 }, [1, 2, 3, 4])).toEqual([0, 1000, 2000, 3000]);
  });

  it("takes retry, backoffPolicy and backoffDelay; no fixed policy, retry an int32", () => {
    expect(Object.keys(findPreset("knative")!.parameters)).toEqual(["baseMs", "strategy", "retries"]);
    expect(() => model("knative", { strategy: "fixed" })).toThrow("delivery.backoffPolicy is exponential or linear; a fixed wait is no Knative policy");
    expect(() => model("knative", { retries: 2 ** 31 })).toThrow("delivery.retry is an int32, at most 2,147,483,647, got 2,147,483,648");
  });

  it("refuses a backoffDelay no ISO period gives: rickb777/date keeps one decimal of each field, so PT0.25S is 200 ms", () => {
    // Tenths of a second at the finest (minutes and hours are coarser still): every backoffDelay is a multiple of 100 ms.
    expect(() => model("knative", { baseMs: 250 })).toThrow(
      "no delivery.backoffDelay gives 250 ms: rickb777/date's period.Parse keeps one decimal of each field, so PT0.25S is read as PT0.2S (200 ms); give a multiple of 100 ms",
    );
    expect(delays("knative", { baseMs: 1500 }, [1, 2])).toEqual([1500, 3000]);
  });
});
