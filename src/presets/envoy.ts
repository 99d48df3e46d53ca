import { ENVOY_MAX_RETRIES_DEFAULT } from "../core/chain/budgets/envoy-breaker.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset, PresetModel } from "./types.js";
import { PresetError } from "./errors.js";

/** Every refusal goes through here: one PresetError per bad value, in Envoy's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** num_retries is a google.protobuf.UInt32Value. */
const UINT32_MAX = 4_294_967_295;

/**
 * Envoy's JitteredExponentialBackOffStrategy as the router's retry state drives it
 * (Istio configures the same code). backoff_strategy.cc:
 *   backoff = next_interval_;
 *   next_interval_ = (next_interval_ < doubling_limit_) ? (next_interval_ * 2u) : max_interval_;   // doubling_limit_ = max / 2
 *   return (random_.random() % backoff);
 */
export function envoyBackoffModel(baseMs: number, maxMs: number, retries: number, parameters: PresetModel["parameters"], notes: readonly string[]): PresetModel {
  const doublingLimit = Math.floor(maxMs / 2);
  const intervals: number[] = [baseMs];
  const interval = (attempt: number): number => {
    while (intervals.length < attempt && intervals[intervals.length - 1]! !== maxMs) {
      const current = intervals[intervals.length - 1]!;
      intervals.push(current < doublingLimit ? current * 2 : maxMs);
    }
    return intervals[Math.min(attempt, intervals.length) - 1]!;
  };
  const capReachedAt = firstTrueFrom1((attempt) => interval(attempt) === maxMs, 1 << 20);
  return independentModel({
    delay: (attempt) => {
      const value = interval(attempt);
      const raw = saturate(baseMs * 2 ** (attempt - 1));
      return { rawMs: raw, delayMs: value, clamped: value === maxMs && raw !== maxMs };
    },
    jitter: {
      // random() is a uint64: the modulo bias is below 2^-40 for any interval held in ms.
      bounds: (attempt) => ({ minMs: 0, maxMs: interval(attempt) - 1 }),
      mean: (attempt) => (interval(attempt) - 1) / 2,
      draw: (attempt, random) => random.integer(0, interval(attempt) - 1),
    },
    capMs: maxMs,
    capReachedAt,
    steadyFrom: capReachedAt,
    retries,
    notes,
    parameters,
  });
}

/** Whole milliseconds from 1, as Envoy reads a protobuf Duration (PROTOBUF_GET_MS_*). */
export function envoyMilliseconds(parameter: string, ms: number): number {
  if (!Number.isInteger(ms)) reject(`${parameter} is taken in whole milliseconds (Envoy drops the fraction), got ${ms} ms`);
  return ms;
}

export function envoyRetries(parameter: string, retries: number): number {
  if (retries > UINT32_MAX) reject(`${parameter} is a uint32, at most ${groupDigits(UINT32_MAX)}, got ${groupDigits(retries)}`);
  return retries;
}

/** max_interval's default, 10 × base_interval (retry_state_impl.cc), while it is an exact ms count. */
export function envoyDefaultMax(baseMs: number): number {
  if (baseMs * 10 > Number.MAX_SAFE_INTEGER) reject(`max_interval defaults to 10 × base_interval, past 2^53 ms for ${groupDigits(baseMs)} ms; give base_interval below ${groupDigits(Math.floor(Number.MAX_SAFE_INTEGER / 10))} ms`);
  return baseMs * 10;
}

/**
 * What the delay column is under Envoy's full jitter: the interval, the formula's value before the
 * draw (issue 39: one meaning of delay under every preset), which no wait takes itself.
 */
export function envoyNote(baseMs: number): string {
  return (
    `delay_ms is the interval (${groupDigits(baseMs)} ms first), the formula before the draw; ` +
    "every wait is random() % interval, a whole number of ms from 0 to interval − 1 (the range and mean beside it), and the interval is what doubles up to max_interval."
  );
}

/** Envoy's router retries (route.v3.RetryPolicy with retry_back_off). */
export const envoy: Preset = {
  name: "envoy",
  library: "Envoy 1.3x router (JitteredExponentialBackOffStrategy)",
  repository: "envoyproxy/envoy",
  // Thresholds.max_retries (circuit_breaker.proto): 3 retries in flight per cluster when circuit_breakers leaves it unset.
  chainBudget: { kind: "envoy-max-retries", maxRetries: ENVOY_MAX_RETRIES_DEFAULT },
  source: "source/common/common/backoff_strategy.cc (main; the doubling_limit_ form), source/common/router/retry_state_impl.cc, retry_policy_impl.cc",
  formula: "interval I₁ = base_interval, I(a+1) = 2·I(a) while I(a) < max_interval / 2, else max_interval; wait random() % I(a)",
  defaults: "retry_back_off.base_interval 25 ms (runtime upstream.base_retry_backoff_ms), max_interval 10 × base_interval, num_retries 1",
  jitter: "full jitter, always on: a whole number of ms from 0 to I(a) − 1 (25 ms base: 0–24, 0–49, 0–99, 0–199, then 0–249 ms)",
  defaultRetries: 1,
  // route_components.proto RetryPolicy.retry_on (envoyproxy/envoy 040783c8): without it, no condition, so no retry.
  conditions: { words: [], from: "no retry_on", isDefault: true, conditions: [] },
  defaultAttempts: 1,
  parameters: {
    baseMs: "retry_back_off.base_interval (whole ms)",
    capMs: "retry_back_off.max_interval (whole ms, at least base_interval; default 10 × base_interval)",
    retries: "num_retries (x-envoy-max-retries per request)",
  },
  quirks: [
    "The wait is random() % interval: never the interval itself, and it can be 0 ms.",
    "The router docs still give the older range [0, (2^N − 1) × base) (0–24, 0–74, 0–174 ms); backoff_strategy.cc doubles the interval from base_interval (0–24, 0–49, 0–99 ms).",
    "Doubling stops once the interval reaches max_interval / 2 (integer division) and the next is max_interval itself, so an odd max is reached from half of it (base 25, max 101: 25, 50, 101).",
    "num_retries defaults to 1; a retry also needs retry_on to match and the cluster's retry budget or max_retries circuit breaker (3 concurrent retries by default) to allow it. The retry budget counts the active requests, or, in newer Envoy with retry_budget.budget_interval set (pull request #44147, May 2026), the requests of that last interval: chain's envoy:interval=.",
    "The route timeout (15 s by default) covers every try and back-off, and per_try_timeout bounds each try.",
    "rate_limited_retry_back_off (Retry-After, X-RateLimit-Reset) uses JitteredLowerBoundBackOffStrategy instead: [interval, 1.5 × interval).",
  ],
  retryAfter: "Envoy's retry_back_off does not read Retry-After: the schedule is unchanged; only a configured rate_limited_retry_back_off (reset_headers) waits what a Retry-After or X-RateLimit-Reset says, and that is not modelled here.",
  build(overrides) {
    const base = envoyMilliseconds("retry_back_off.base_interval", overrides.baseMs ?? 25);
    const max = envoyMilliseconds("retry_back_off.max_interval", overrides.capMs ?? envoyDefaultMax(base));
    if (max < base) reject(`retry_back_off.max_interval must be at least base_interval (${groupDigits(base)} ms), got ${groupDigits(max)} ms`);
    const retries = envoyRetries("num_retries", overrides.retries ?? 1);
    return envoyBackoffModel(base, max, retries, { base_interval: base, max_interval: max, num_retries: retries }, [`envoy: ${envoyNote(base)}`]);
  },
};
