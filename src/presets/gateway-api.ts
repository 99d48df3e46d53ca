import { groupDigits } from "../core/text/digits.js";
import { envoyBackoffModel, envoyDefaultMax, envoyMilliseconds, envoyNote } from "./envoy.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { GATEWAY_API_DEFAULT_RETRY_ON } from "../core/conditions/defaults/gateway-api.js";

/**
 * Both implementations read a retry block without attempts as 2 retries: Istio's
 * conversion.go `ptr.OrDefault(r.Retry.Attempts, 2)`, Envoy Gateway's
 * retryDefaultNumRetries = 2 (internal/xds/translator/route.go).
 */
const DEFAULT_RETRIES = 2;
/** Envoy's base_interval default (upstream.base_retry_backoff_ms), when backoff is not set. */
const ENVOY_BASE_MS = 25;
/** Istio converts attempts with int32(…): the larger bound of the two implementations' is Istio's. */
const INT32_MAX = 2_147_483_647;

/**
 * Gateway API's HTTPRoute `rules[].retry` (GEP-1731), as the two Envoy-based implementations
 * build it: Envoy Gateway (internal/gatewayapi/route.go processRouteRetry: backoff becomes
 * perRetry.backOff.baseInterval, no maxInterval) and Istio (pilot/pkg/config/kube/gateway/
 * conversion.go: backoff becomes the VirtualService's retries.backoff, Envoy's base_interval).
 * Neither sets max_interval, so Envoy's default 10 × base applies.
 */
export const gatewayApi: Preset = {
  name: "gateway-api",
  library:
    "Gateway API v1.6.1 HTTPRoute retry (experimental), as Envoy Gateway 1.9 and Istio 1.31 build it (Envoy JitteredExponentialBackOffStrategy)",
  repository: "kubernetes-sigs/gateway-api",
  source:
    "apis/v1/httproute_types.go (HTTPRouteRetry, HTTPRouteTimeouts) v1.6.1; envoyproxy/gateway internal/gatewayapi/route.go (processRouteRetry, processRouteTimeout) and internal/xds/translator/route.go (buildRetryPolicy), main d32f2829 of 2026-08; istio/istio pilot/pkg/config/kube/gateway/conversion.go, 1.31 86c9f01f; Envoy's source/common/common/backoff_strategy.cc",
  formula: "Envoy's: interval I₁ = backoff, I(a+1) = 2·I(a) while I(a) < 5 × backoff, else 10 × backoff; wait random() % I(a)",
  defaults: "attempts unset: 2 retries (both implementations); backoff unset: Envoy's 25 ms; the largest interval 10 × backoff (neither implementation sets max_interval)",
  jitter: "Envoy's full jitter, always on: a whole number of ms from 0 to I(a) − 1 (25 ms backoff: 0–24, 0–49, 0–99, 0–199, then 0–249 ms)",
  defaultRetries: DEFAULT_RETRIES,
  defaultAttempts: DEFAULT_RETRIES,
  conditions: GATEWAY_API_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "rules[].retry.backoff (a Gateway API Duration; Envoy's base_interval, whole ms)",
    retries: "rules[].retry.attempts (retries after the first try)",
  },
  quirks: [
    "The standard leaves the count and the wait to the implementation when attempts or backoff are unset; Envoy Gateway and Istio both make 2 retries and use Envoy's 25 ms.",
    "The standard calls backoff the minimum wait (\"not retried before the configured minimum duration\"), but Envoy's full jitter draws from 0: the first wait of backoff 100ms is 0–99 ms, never 100 ms.",
    "There is no max field: the interval doubles from backoff to 10 × backoff (Envoy's default max_interval).",
    "retry is in the experimental channel only (<gateway:experimental>, v1.2 to v1.6.1); the standard-channel CRDs drop it.",
    "attempts: 0 retries nothing in both implementations; from v1.6 the CRD refuses it (minimum 1).",
    "timeouts.request covers the first try and every retry (the deadline); timeouts.backendRequest bounds each try once retry is set (Envoy Gateway's per-try timeout, Istio's perTryTimeout); \"0s\" disables either.",
    "A rule without retry: Envoy Gateway retries nothing (unless a BackendTrafficPolicy's retry applies, which an HTTPRoute retry overrides); Istio retries with its mesh default (2 retries).",
    "Retried on: connect-failure, refused-stream, unavailable, cancelled and the codes listed (Istio); Envoy Gateway keeps its retriable-status-codes trigger with the codes in place of 503.",
  ],
  retryAfter: "Neither implementation asks Envoy to read Retry-After for an HTTPRoute retry (retry_back_off only): the schedule is unchanged.",
  build(overrides) {
    const base = envoyMilliseconds("rules[].retry.backoff", overrides.baseMs ?? ENVOY_BASE_MS);
    const retries = overrides.retries ?? DEFAULT_RETRIES;
    if (retries > INT32_MAX) throw new PresetError([`rules[].retry.attempts is read as an int32 by Istio, at most ${groupDigits(INT32_MAX)}, got ${groupDigits(retries)}`]);
    const max = envoyDefaultMax(base);
    return envoyBackoffModel(base, max, retries, { "retry.backoff": base, "retry.attempts": retries, max_interval: max }, [`gateway-api: ${envoyNote(base)}`]);
  },
};
