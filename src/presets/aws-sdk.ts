import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo, meanWithin, unclamped } from "./kit/attempt-delay.js";
import { saturate } from "./kit/whole-ms.js";
import { withRetryAfterWaits } from "./kit/retry-after.js";
import { raisedChange } from "../core/retry-after/change.js";
import { independentModel } from "./kit/independent-model.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import type { Preset } from "./types.js";
import { AWS_RETRY_QUOTA_DEFAULTS } from "../core/chain/budgets/aws-quota.js";

/** @smithy/core MAXIMUM_RETRY_DELAY: a constant, not an option. */
const MAXIMUM_RETRY_DELAY = 20_000;

/** AWS SDK for JavaScript v3, standard retry mode (DefaultRetryBackoffStrategy under StandardRetryStrategy). */
export const awsSdk: Preset = {
  name: "aws-sdk",
  aliases: ["@smithy/util-retry", "smithy", "aws"],
  library: "@smithy/core 3.41.1 (via @smithy/util-retry 4.6.2), 2026 retry config (the default from @smithy/core 3.40.0)",
  repository: "smithy-lang/smithy-typescript",
  // The standard retry mode's retry quota (StandardRetryStrategy), applied without being asked.
  chainBudget: { kind: "aws-quota", ...AWS_RETRY_QUOTA_DEFAULTS },
  source: "packages/util-retry/src/DefaultRetryBackoffStrategy.ts, StandardRetryStrategy.ts, retries-2026-config.ts",
  formula: "U = min(base × 2^(a−1), 20 s); wait floor(r × U)",
  defaults: "base 50 ms (1000 ms for throttling errors), cap 20 s (a constant), maxAttempts 3 (2 retries)",
  stopping: "maxAttempts 3",
  jitter: "full jitter inside the cap: floor(r × min(base × 2^(a−1), 20000)), in [0, U − 1]; always on",
  defaultRetries: 2,
  // @smithy/core 3.41.1 dist-cjs/submodules/retry/index.js: the retry middleware's getRetryErrorType gives THROTTLING (429,
  // THROTTLING_ERROR_CODES), TRANSIENT (TRANSIENT_ERROR_CODES, status 500/502/503/504, the Node.js timeout and network codes),
  // SERVER_ERROR (any other 5xx: isServerError) or CLIENT_ERROR, and StandardRetryStrategy.isRetryableError retries only
  // THROTTLING and TRANSIENT: a 501 or 505 is not retried. The retry quota is its budget.
  conditions: {
    words: ["isThrottlingError", "isTransientError"],
    from: "the SDK's StandardRetryStrategy",
    isDefault: true,
    conditions: [
      { kind: "status", code: 429 },
      { kind: "error", name: "ThrottlingException" },
      { kind: "error", name: "TooManyRequestsException" },
      { kind: "error", name: "RequestLimitExceeded" },
      { kind: "error", name: "SlowDown" },
      { kind: "status", code: 500 },
      { kind: "status", code: 502 },
      { kind: "status", code: 503 },
      { kind: "status", code: 504 },
      { kind: "connection" },
      { kind: "timeout" },
    ],
    budget: "the retry quota (500 tokens, 14 per retry, 5 per throttling retry)",
  },
  defaultAttempts: 2,
  parameters: {
    baseMs: "the strategy's baseDelay (new StandardRetryStrategy({ baseDelay }); throttling errors use 1000 ms)",
    retries: "maxAttempts − 1 (maxAttempts counts the first try)",
  },
  quirks: [
    "The wait is floor(r × U), never the ceiling U(a) itself: delay_ms is U, the formula before the draw, and the waits run from 0 to U − 1 (mean about U / 2).",
    "THROTTLING errors use a 1000 ms base instead of 50 ms (a base of 1 s shows them).",
    "The retry quota (500 tokens, 14 per retry, 5 per throttling retry) refuses retries after 35 transient failures until successes refill it.",
    "The 2026 values (base 50 ms, 1000 ms throttling, quota cost 14 and 5) are the default from @smithy/core 3.40.0 (the SMITHY_NEW_RETRIES_2026 variable is no longer read). Earlier releases that carry retries-2026-config (@smithy/core 3.29.5, for one) use them only with SMITHY_NEW_RETRIES_2026=true and otherwise the old values: base 100 ms (500 ms throttling), quota cost 10 for a transient error (TIMEOUT_RETRY_COST) and 5 for a throttling one, as releases before that file do; the wait is floor(r × min(base × 2^(a−1), 20000)) in both, where releases before that file (@smithy/util-retry 4.0.7, for one) drew floor(min(20000, r × 2^(a−1) × base)).",
  ],
  retryAfter:
    "A Retry-After (seconds, or an HTTP date) or x-amz-retry-after (ms) hint makes the wait max(d, min(hint, d + 5 s)) for the drawn d (StandardRetryStrategy.refreshRetryTokenForRetry): it can lengthen a wait by 5 s at most, never shorten it, and pass the 20 s MAXIMUM_RETRY_DELAY.",
  build(overrides) {
    const base = overrides.baseMs ?? 50;
    // DefaultRetryBackoffStrategy.computeNextBackoffDelay(i), i = a − 1:
    // Math.floor(Math.random() * Math.min(this.x * 2 ** i, MAXIMUM_RETRY_DELAY))
    const ceiling = (attempt: number) => Math.min(base * 2 ** (attempt - 1), MAXIMUM_RETRY_DELAY);
    const wait = (attempt: number, r: number) => Math.floor(r * ceiling(attempt));
    const capReachedAt = firstTrueFrom1((attempt) => base * 2 ** (attempt - 1) >= MAXIMUM_RETRY_DELAY);
    const retries = overrides.retries ?? 2;
    const own = independentModel({
      // delay is the ceiling U, the formula's value before the draw (no wait is U itself: floor(r × U), r < 1).
      delay: (attempt) => clampedTo(saturate(base * 2 ** (attempt - 1)), MAXIMUM_RETRY_DELAY),
      jitter: {
        bounds: (attempt) => ({ minMs: wait(attempt, 0), maxMs: wait(attempt, JS_RANDOM_MAX) }),
        mean: (attempt) => meanFloorUniform(0, ceiling(attempt)),
        draw: (attempt, random) => wait(attempt, jsRandom(random)),
      },
      capMs: MAXIMUM_RETRY_DELAY,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries,
      notes: ["aws-sdk: every wait is floor(r × U) below the full-jitter ceiling U = min(base × 2^(a−1), 20 s); delay_ms is U, the formula before the draw, with the waits' range and mean beside it."],
      parameters: { baseDelay: base, maxAttempts: retries + 1, MAXIMUM_RETRY_DELAY },
    });
    // refreshRetryTokenForRetry: retryDelay = Math.max(delayFromErrorType, Math.min(retryAfterHint.getTime() - Date.now(), delayFromErrorType + 5_000))
    const hinted = (d: number, hint: number) => Math.max(d, Math.min(hint, d + HINT_ALLOWANCE_MS));
    return withRetryAfterWaits(
      own,
      overrides.retryAfter,
      (attempt, hint) => {
        const u = ceiling(attempt);
        const bounds = { minMs: hinted(wait(attempt, 0), hint), maxMs: hinted(wait(attempt, JS_RANDOM_MAX), hint) };
        const meanMs = meanWithin(hintedMean(u, hint), bounds);
        // The jitter-free wait with the hint: max(U, min(hint, U + 5 s)).
        return { delay: unclamped(hinted(u, hint)), bounds, meanMs, fromDraw: (d) => hinted(d, hint), change: raisedChange(own.bounds(attempt), hint) };
      },
      "the AWS SDK waits max(d, min(Retry-After, d + 5 s)) for its drawn d = floor(r × U) (StandardRetryStrategy.refreshRetryTokenForRetry): the hint lengthens a wait by 5 s at most and may pass the 20 s MAXIMUM_RETRY_DELAY",
    );
  },
};

/** How much longer than its own draw a hint can make a wait (refreshRetryTokenForRetry's `delayFromErrorType + 5_000`). */
const HINT_ALLOWANCE_MS = 5000;

/** ∫₀ˣ floor(t) dt for x ≥ 0. */
function floorIntegral(x: number): number {
  const k = Math.floor(x);
  return (k * (k - 1)) / 2 + k * (x - k);
}

/**
 * E[max(d, min(h, d + 5000))] for d = floor(X), X uniform on [0, u) (the draw floor(r × u)),
 * h a whole-ms hint: d + 5000 while d ≤ h − 5000 (X < h − 4999), h while h − 5000 < d < h,
 * d itself from d ≥ h (X ≥ h).
 */
export function hintedMean(u: number, hint: number): number {
  if (hint <= 0) return meanFloorUniform(0, u);
  const a = Math.min(u, Math.max(0, hint - HINT_ALLOWANCE_MS + 1));
  const b = Math.min(u, hint);
  const sum = floorIntegral(a) + HINT_ALLOWANCE_MS * a + hint * (b - a) + (u > hint ? floorIntegral(u) - floorIntegral(hint) : 0);
  return sum / u;
}
