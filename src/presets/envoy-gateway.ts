import { groupDigits } from "../core/text/digits.js";
import { envoyBackoffModel, envoyDefaultMax, envoyMilliseconds, envoyNote } from "./envoy.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { ENVOY_GATEWAY_DEFAULT_RETRY_ON } from "../core/conditions/defaults/envoy-gateway.js";

/** internal/xds/translator/route.go: retryDefaultNumRetries = 2. */
const DEFAULT_RETRIES = 2;
/** Envoy's base_interval default (upstream.base_retry_backoff_ms), when perRetry.backOff is not set. */
const ENVOY_BASE_MS = 25;

/** Envoy Gateway's BackendTrafficPolicy retry, which Envoy Gateway turns into an Envoy route retry policy. */
export const envoyGateway: Preset = {
  name: "envoy-gateway",
  library: "Envoy Gateway 1.9 and main (BackendTrafficPolicy retry → Envoy JitteredExponentialBackOffStrategy)",
  repository: "envoyproxy/gateway",
  source:
    "api/v1alpha1/retry_types.go (Retry, PerRetryPolicy, BackOffPolicy), internal/gatewayapi/clustersettings.go (buildRetry), internal/xds/translator/route.go (buildRetryPolicy), main, commit d32f2829 of 2026-08; Envoy's source/common/common/backoff_strategy.cc",
  formula: "Envoy's: interval I₁ = baseInterval, I(a+1) = 2·I(a) while I(a) < maxInterval / 2, else maxInterval; wait random() % I(a)",
  defaults: "numRetries 2, retryOn connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes (503), perRetry.backOff unset: Envoy's 25 ms base, maxInterval 10 × baseInterval",
  jitter: "Envoy's full jitter, always on: a whole number of ms from 0 to I(a) − 1 (25 ms base: 0–24, 0–49, 0–99, 0–199, then 0–249 ms)",
  defaultRetries: DEFAULT_RETRIES,
  defaultAttempts: DEFAULT_RETRIES,
  conditions: ENVOY_GATEWAY_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "retry.perRetry.backOff.baseInterval (Envoy's base_interval, whole ms)",
    capMs: "retry.perRetry.backOff.maxInterval (Envoy's max_interval; default 10 × baseInterval)",
    retries: "retry.numRetries",
  },
  quirks: [
    "A BackendTrafficPolicy without retry retries nothing (\"If not set, retry will be disabled\"); with retry and no numRetries it is 2 retries, not Envoy's 1.",
    "Every retry prefers another host (envoy.retry_host_predicates.previous_hosts, host_selection_retry_max_attempts 5).",
    "baseInterval or maxInterval of 0s, or maxInterval below baseInterval, is an error of the whole policy (buildRetry): nothing of it applies, and every HTTP route it targets answers 500 instead (applyTrafficFeatureToRoute's direct response).",
    "The durations are Gateway API Durations: whole numbers of h, m, s or ms (\"100ms\", \"1m30s\"), no fractions.",
    "The field is backOff: a lowercase backoff is no field of the CRD (the API server refuses or drops it), though Envoy Gateway's own Go tests read it case-insensitively.",
    "A Gateway API HTTPRoute retry (attempts, backoff) becomes the same Envoy policy, with timeouts.backendRequest as the per-try timeout (internal/gatewayapi/route.go processRouteRetry).",
    "circuitBreaker.maxParallelRetries defaults to 1024 in Envoy Gateway (Envoy's own default is 3); circuitBreaker.retryBudget replaces it.",
  ],
  retryAfter: "Envoy Gateway's retry backOff (Envoy's retry_back_off) does not read Retry-After: the schedule is unchanged; only a configured rate_limited_retry_back_off (reset_headers) waits what a Retry-After or X-RateLimit-Reset says, and that is not modelled here.",
  build(overrides) {
    const base = envoyMilliseconds("retry.perRetry.backOff.baseInterval", overrides.baseMs ?? ENVOY_BASE_MS);
    const max = envoyMilliseconds("retry.perRetry.backOff.maxInterval", overrides.capMs ?? envoyDefaultMax(base));
    // buildRetry: "maxInterval cannot be less than baseInterval".
    if (max < base) throw new PresetError([`retry.perRetry.backOff.maxInterval cannot be less than baseInterval (${groupDigits(base)} ms), got ${groupDigits(max)} ms`]);
    // numRetries is an int32 with minimum 0 in the CRD.
    const retries = overrides.retries ?? DEFAULT_RETRIES;
    if (retries > 2_147_483_647) throw new PresetError([`retry.numRetries is an int32, at most 2,147,483,647, got ${groupDigits(retries)}`]);
    return envoyBackoffModel(base, max, retries, { numRetries: retries, baseInterval: base, maxInterval: max }, [`envoy-gateway: ${envoyNote(base)}`]);
  },
};
