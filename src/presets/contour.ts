import { ENVOY_MAX_RETRIES_DEFAULT } from "../core/chain/budgets/envoy-breaker.js";
import { envoyBackoffModel, envoyNote, envoyRetries } from "./envoy.js";
import type { Preset } from "./types.js";
import { CONTOUR_DEFAULT_RETRY_ON } from "../core/conditions/defaults/contour.js";

/**
 * Envoy's defaults under Contour: Contour writes no retry_back_off (internal/envoy/v3/route.go
 * sets only retry_on, retriable_status_codes, num_retries and per_try_timeout), so Envoy's
 * 25 ms base (upstream.base_retry_backoff_ms) and 10 × base max apply.
 */
const ENVOY_BASE_MS = 25;
const ENVOY_MAX_MS = 250;

/** Contour's HTTPProxy route retries, which Contour turns into an Envoy route retry policy. */
export const contour: Preset = {
  name: "contour",
  library: "Contour 1.33 and main (HTTPProxy retryPolicy → Envoy JitteredExponentialBackOffStrategy)",
  repository: "projectcontour/contour",
  // Contour writes no circuit_breakers unless asked (internal/envoy/v3/cluster.go), so Envoy's max_retries default, 3, applies.
  chainBudget: { kind: "envoy-max-retries", maxRetries: ENVOY_MAX_RETRIES_DEFAULT },
  source:
    "internal/dag/policy.go (retryPolicy, ingressRetryPolicy), internal/envoy/v3/route.go (retryPolicy), apis/projectcontour/v1/httpproxy.go (RetryPolicy), main, commit 31c4bb38 of 2026-08; Envoy's source/common/common/backoff_strategy.cc",
  formula: "Envoy's: interval I₁ = 25 ms, doubling to 250 ms; wait random() % I(a)",
  defaults: "retryPolicy.count 1 (0 or unset is Envoy's default 1; −1 turns retries off), retryOn 5xx, no back-off fields: Envoy's 25 ms base and 250 ms max",
  jitter: "Envoy's full jitter, always on: a whole number of ms from 0 to I(a) − 1 (0–24, 0–49, 0–99, 0–199, then 0–249 ms)",
  defaultRetries: 1,
  defaultAttempts: 1,
  conditions: CONTOUR_DEFAULT_RETRY_ON,
  parameters: {
    retries: "retryPolicy.count (Envoy's num_retries; the Ingress annotation projectcontour.io/num-retries)",
  },
  quirks: [
    "HTTPProxy has no back-off field: every retry waits Envoy's default, random() % I with I = 25, 50, 100, 200, then 250 ms.",
    "count 0 or unset is 1 retry (policy.go: case 1, 0: numRetries = 1); −1 is no retry on main (route.go always sets num_retries since #7525), but Contour 1.33.6 and earlier dropped the 0 and Envoy retried once (projectcontour#5944).",
    "A route without retryPolicy is not retried at all: Contour writes no Envoy retry policy for it.",
    "retryOn defaults to 5xx; perTryTimeout is a Go duration (\"150ms\", \"1.5s\"), not the protobuf \"0.150s\" Envoy's own config takes, and \"infinity\" or \"0s\" leaves each try unbounded.",
    "An Ingress retries only with a non-empty projectcontour.io/retry-on annotation; projectcontour.io/num-retries then gives the count (unparsable or other negatives: 1) and projectcontour.io/per-try-timeout the per-try timeout.",
    "The route's timeoutPolicy.response (15 s, Envoy's default route timeout) covers every try and back-off; the cluster's max_retries circuit breaker (3 concurrent retries by default) can refuse a retry.",
  ],
  retryAfter: "Contour's retryPolicy (Envoy's retry_back_off) does not read Retry-After: the schedule is unchanged; only a configured rate_limited_retry_back_off (reset_headers) waits what a Retry-After or X-RateLimit-Reset says, and that is not modelled here.",
  build(overrides) {
    // count is an int64 that route.go converts with uint32(): only counts Envoy can hold are exact.
    const retries = envoyRetries("retryPolicy.count", overrides.retries ?? 1);
    return envoyBackoffModel(ENVOY_BASE_MS, ENVOY_MAX_MS, retries, { count: retries, base_interval: ENVOY_BASE_MS, max_interval: ENVOY_MAX_MS }, [`contour: ${envoyNote(ENVOY_BASE_MS)}`]);
  },
};
