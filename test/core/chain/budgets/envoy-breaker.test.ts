import { describe, expect, it } from "vitest";
import { ENVOY_MAX_RETRIES_DEFAULT, ISTIO_MAX_RETRIES, envoyBreakerGrant } from "../../../../src/core/chain/budgets/envoy-breaker.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context } from "../../../support/chain.js";

describe("Envoy's max_retries breaker: at most N retries in flight", () => {
  it("3 by default (circuit_breaker.proto); Istio writes 2^32 − 1 (cluster_traffic_policy.go)", () => {
    expect(ENVOY_MAX_RETRIES_DEFAULT).toBe(3);
    expect(ISTIO_MAX_RETRIES).toBe(4_294_967_295);
  });

  it("at 10 rps with tries of 1 s: 10 × Σ x^i × 1 s ≤ 3 → 0.3 retries per call (1.3 tries)", () => {
    const { grant } = envoyBreakerGrant({ kind: "envoy-max-retries", maxRetries: 3 }, context(3, 1, { tryMs: 1000, callsPerSecond: 10 }));
    expect(callOutcome(3, 1, grant!).tries).toBeCloseTo(1.3, 12);
  });

  it("Istio's 2^32 − 1 lets every retry through", () => {
    expect(envoyBreakerGrant({ kind: "envoy-max-retries", maxRetries: ISTIO_MAX_RETRIES }, context(3, 1, { tryMs: 1000, callsPerSecond: 10_000 }))).toEqual({ grant: 1 });
  });

  it("needs both the request rate and the attempt time", () => {
    expect(envoyBreakerGrant({ kind: "envoy-max-retries", maxRetries: 3 }, context(3, 1))).toEqual({ grant: null, missing: ["rps", "attempt-time"] });
  });
});
