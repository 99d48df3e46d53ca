import { envoyBackoffModel, envoyNote, envoyDefaultMax, envoyMilliseconds } from "./envoy.js";
import { groupDigits } from "../core/text/digits.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { ISTIO_DEFAULT_RETRY_ON } from "../core/conditions/defaults/istio.js";

/** Every refusal goes through here: one PresetError per bad value, in Istio's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** HTTPRetry.attempts is an int32. */
const INT32_MAX = 2_147_483_647;

/** Istio's VirtualService retries, which istiod turns into an Envoy route retry policy. */
export const istio: Preset = {
  name: "istio",
  library: "Istio 1.26+ (VirtualService HTTPRetry → Envoy JitteredExponentialBackOffStrategy)",
  repository: "istio/istio",
  source: "pilot/pkg/networking/core/route/retry/retry.go (ConvertPolicy, 1.31); istio/api networking/v1alpha3/virtual_service.proto (HTTPRetry)",
  formula: "Envoy's: interval I₁ = backoff, doubling to 10 × backoff; wait random() % I(a)",
  defaults: "retries.attempts 2 (the default policy), retries.backoff unset = Envoy's 25 ms, max interval 10 × backoff (Istio sets no max)",
  jitter: "Envoy's full jitter, always on: a whole number of ms from 0 to I(a) − 1 (0–24, 0–49, 0–99, 0–199, then 0–249 ms)",
  defaultRetries: 2,
  // istio/istio pilot/pkg/networking/core/route/retry/retry.go at 126806ab, defaultPolicy (shapes/istio.ts reads the same).
  conditions: ISTIO_DEFAULT_RETRY_ON,
  defaultAttempts: 2,
  parameters: {
    baseMs: "retries.backoff (Istio 1.26+; Envoy's base_interval, whole ms)",
    retries: "retries.attempts (meshConfig.defaultHttpRetryPolicy for the mesh)",
  },
  quirks: [
    "Without a retries block istiod still retries 2 times, on connect-failure, refused-stream, unavailable, cancelled and retriable-status-codes, preferring other hosts.",
    "virtual_service.proto says the interval between retries is '25ms+', but Envoy's full jitter draws from 0 ms: the first wait is 0–24 ms.",
    "retries.backoff (from Istio 1.26) sets only Envoy's base_interval, so the largest interval is Envoy's default 10 × backoff; there is no max field.",
    "attempts: 0 turns retries off (ConvertPolicy returns no policy), and so does a retries block without attempts (proto3's 0): only a route with no retries block gets the default 2.",
    "The route timeout and perTryTimeout bound the total: with attempts 3, backoff 2s and timeout 3s the proto's own example retries once.",
  ],
  retryAfter: "Istio's HTTPRetry (Envoy's retry_back_off) does not read Retry-After: the schedule is unchanged; only a configured rate_limited_retry_back_off (reset_headers) waits what a Retry-After or X-RateLimit-Reset says, and that is not modelled here.",
  build(overrides) {
    const backoff = envoyMilliseconds("retries.backoff", overrides.baseMs ?? 25);
    const attempts = overrides.retries ?? 2;
    if (attempts > INT32_MAX) reject(`retries.attempts is an int32, at most ${groupDigits(INT32_MAX)}, got ${groupDigits(attempts)}`);
    const max = envoyDefaultMax(backoff);
    return envoyBackoffModel(backoff, max, attempts, { "retries.backoff": backoff, "retries.attempts": attempts, max_interval: max }, [`istio: ${envoyNote(backoff)}`]);
  },
};
