/**
 * The linkerd and linkerd-profile presets (issue 24) against values worked out by hand from
 * the lines quoted. The policy controller sends every 2.16+ retry with ExponentialBackoff
 * {min 25 ms, max 250 ms, jitter_ratio 1.0} (policy-controller/grpc/src/outbound/http.rs
 * convert_retry, edge-26.8.3); linkerd-exp-backoff (linkerd2-proxy release/v2.366.0) sleeps,
 * before retry n, base = min(min × 2^(n−1), max) plus min(U × base, max − base), U in [0, 1).
 * A ServiceProfile's retries are immediate (linkerd/app/outbound/src/http/retry.rs: future::ready).
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { stopRuleOf } from "../../src/presets/stop-rule.js";
import { model } from "../support/presets.js";

describe("linkerd (retry.linkerd.io annotations, linkerd-exp-backoff)", () => {
  it("one retry by default (limit unwrap_or(1)), waiting 25 to 50 ms", () => {
    const m = model("linkerd");
    expect(m.retries).toBe(1);
    expect(m.bounds(1)).toEqual({ minMs: 25, maxMs: 50 });
  });

  it("bases 25, 50, 100, 200, then 250 ms; the jitter adds up to the base, cut at 250 ms", () => {
    const m = model("linkerd", { retries: 6 });
    expect([1, 2, 3, 4, 5, 6].map((a) => m.bounds(a))).toEqual([
      { minMs: 25, maxMs: 50 },
      { minMs: 50, maxMs: 100 },
      { minMs: 100, maxMs: 200 },
      { minMs: 200, maxMs: 250 },
      { minMs: 250, maxMs: 250 },
      { minMs: 250, maxMs: 250 },
    ]);
    // 1.5 × base while 2 × base ≤ 250; then 200 + E[min(200U, 50)] = 200 + (0.25 × 25 + 0.75 × 50) = 243.75.
    expect([1, 2, 3, 4, 5].map((a) => m.meanMs(a))).toEqual([37.5, 75, 150, 243.75, 250]);
    expect([1, 4, 5].map((a) => m.delay(a))).toEqual([
      { rawMs: 25, delayMs: 25, clamped: false },
      { rawMs: 200, delayMs: 200, clamped: false },
      { rawMs: 400, delayMs: 250, clamped: true },
    ]);
  });

  it("draws base + U × base, cut at 250 ms, rounded half up to whole ms", () => {
    const m = model("linkerd", { retries: 5 });
    const at = (u: number) => m.sampler({ fraction: () => u, integer: (min) => min });
    // 25 + 12.5 = 37.5, shown as 38.
    expect([1, 2, 3, 4].map(at(0.5))).toEqual([38, 75, 150, 250]);
    // Retry 4 with U = 0.1: 200 + 20 = 220 ms, below the cut.
    expect(at(0.1)(4)).toBe(220);
    expect(at(0)(5)).toBe(250);
  });

  it("takes only the limit, a u16", () => {
    expect(Object.keys(findPreset("linkerd")!.parameters)).toEqual(["retries"]);
    expect(model("linkerd", { retries: 65_535 }).retries).toBe(65_535);
    expect(() => model("linkerd", { retries: 65_536 })).toThrow("retry.linkerd.io/limit is a u16, at most 65,535, got 65,536");
  });
});

describe("linkerd-profile (ServiceProfile isRetryable under the retry budget)", () => {
  it("retries at once and without a count: the budget, a ratio, stops it", () => {
    const preset = findPreset("linkerd-profile")!;
    const m = model("linkerd-profile");
    expect(m.retries).toBeNull();
    expect([1, 2, 50].map((a) => m.delay(a).delayMs)).toEqual([0, 0, 0]);
    expect(stopRuleOf(preset, m)).toEqual({ kind: "forever", text: preset.stopping });
    expect(preset.defaults).toContain("retryRatio 0.2, minRetriesPerSecond 10, ttl 10s");
  });
});
