import { MAX_EXACT_MS, SATURATED_MS } from "../core/limits.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { unclamped } from "./kit/attempt-delay.js";
import { withRetryAfterWaits } from "./kit/retry-after.js";
import { replacedChange } from "../core/retry-after/change.js";
import { humanDuration } from "../core/text/duration.js";

/** Every refusal goes through here: one PresetError per bad value, in got's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** retry.noise as got validates it: a number of ms, at most 100 either way. */
function parseNoise(text: string): number {
  // The calculator's "none" is retry.noise 0: no noise added.
  if (isJitterOff(text)) return 0;
  const trimmed = text.trim();
  const value = /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(Math.abs(value) <= 100)) reject(`retry.noise is a number of ms from -100 to 100 (got allows +/- 100 ms), got ${JSON.stringify(text)}`);
  return value === 0 ? 0 : value;
}

/** got's built-in retry delay, `calculateRetryDelay`. */
export const got: Preset = {
  name: "got",
  library: "got 14.6.6 (newest for Node 20; 15.x needs Node 22)",
  timeUnit: "fractional milliseconds (handed to setTimeout)",
  repository: "sindresorhus/got",
  source: "source/core/calculate-retry-delay.ts, source/core/options.ts (retry defaults, noise check), source/core/index.ts (attemptCount)",
  formula: "min(1000 × 2^(a−1), backoffLimit) + Math.random() × noise ms",
  defaults: "retry.limit 2, backoffLimit ∞, noise 100 ms",
  jitter: "+ Math.random() × noise after backoffLimit: [d, d + 100] ms by default (a negative noise subtracts)",
  defaultRetries: 2,
  // got 14.6.6 source/core/options.ts, retry defaults: statusCodes, errorCodes, methods.
  conditions: {
    words: ["statusCodes 408, 413, 429, 500, 502, 503, 504, 521, 522, 524", "errorCodes ETIMEDOUT, ECONNRESET, EADDRINUSE, ECONNREFUSED, EPIPE, ENOTFOUND, ENETUNREACH, EAI_AGAIN"],
    from: "got's default retry",
    isDefault: true,
    conditions: [
      ...[408, 413, 429, 500, 502, 503, 504, 521, 522, 524].map((code) => ({ kind: "status" as const, code })),
      { kind: "connection" },
      { kind: "timeout" },
    ],
    methods: ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"],
  },
  defaultAttempts: 2,
  parameters: {
    capMs: "retry.backoffLimit (ms)",
    jitter: "retry.noise, ms from -100 to 100",
    retries: "retry.limit",
    maxRetryAfterMs: "retry.maxRetryAfter (ms; by default timeout.request, itself unset: no limit)",
  },
  quirks: [
    "The base is fixed at 1000 ms; only backoffLimit (∞ by default) and noise change the curve.",
    "noise is added after backoffLimit, so a wait can pass the limit by up to noise ms; a negative noise (to −100) makes waits shorter.",
    "Only GET, PUT, HEAD, DELETE, OPTIONS and TRACE requests retry, on the listed status codes and network error codes; a 413 retries only when it carries a Retry-After (calculate-retry-delay.js returns that wait), and without one it returns 0: no retry.",
    "retry.calculateDelay can replace the whole formula; it receives this value as computedValue.",
    "The waits are fractional ms handed to setTimeout; shown rounded half up.",
  ],
  retryAfter:
    "A Retry-After replaces the computed delay (no noise, no backoffLimit), and when it is longer than retry.maxRetryAfter (by default timeout.request, itself unset) got gives up instead of retrying (calculate-retry-delay.js); a Retry-After of 0 leaves the computed delay.",
  build(overrides) {
    const backoffLimit = overrides.capMs ?? Infinity;
    const noise = overrides.jitter === undefined ? 100 : parseNoise(overrides.jitter);
    const limit = overrides.retries ?? 2;
    const maxRetryAfter = overrides.maxRetryAfterMs;
    if (backoffLimit + noise < 1) reject(`retry.backoffLimit (${groupDigits(backoffLimit)} ms) plus a noise of ${noise} ms can fall below 1 ms, where setTimeout waits 1 ms instead; give a backoffLimit above ${1 - noise} ms`);
    // calculate-retry-delay.ts: const noise = Math.random() * retryOptions.noise;
    //   return Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + noise;
    const computed = (attempt: number) => Math.min(2 ** (attempt - 1) * 1000, backoffLimit);
    const waitMs = (attempt: number, r: number) => wholeMs(computed(attempt) + r * noise);
    const capMs = backoffLimit === Infinity ? null : wholeMs(backoffLimit);
    const capReachedAt = capMs === null ? null : firstTrueFrom1((attempt) => 2 ** (attempt - 1) * 1000 >= backoffLimit);
    const own = independentModel({
      delay: (attempt) => {
        const raw = 2 ** (attempt - 1) * 1000;
        return { rawMs: wholeMs(raw), delayMs: wholeMs(computed(attempt)), clamped: raw > backoffLimit };
      },
      jitter:
        noise !== 0
          ? {
              bounds: (attempt) => {
                const [low, high] = [waitMs(attempt, 0), waitMs(attempt, JS_RANDOM_MAX)];
                return { minMs: Math.min(low, high), maxMs: Math.max(low, high) };
              },
              mean: (attempt) => {
                const d = computed(attempt);
                // From 2^53 ms every wait is saturated (and the exact mean's squares would overflow past 2^512).
                return d < MAX_EXACT_MS ? meanFloorUniform(Math.min(d, d + noise) + 0.5, Math.max(d, d + noise) + 0.5) : SATURATED_MS;
              },
              draw: (attempt, random) => waitMs(attempt, jsRandom(random)),
            }
          : null,
      capMs,
      capReachedAt,
      steadyFrom: capReachedAt,
      mayExceedCap: noise > 0 && capMs !== null,
      retries: limit,
      notes: noise > 0 && capMs !== null ? [`got: noise is added after backoffLimit; the worst case is ${groupDigits(waitMs(capReachedAt ?? 1, JS_RANDOM_MAX))} ms against a ${groupDigits(capMs)} ms limit.`] : [],
      parameters: { limit, backoffLimit: capMs, noise, ...(maxRetryAfter === undefined ? {} : { maxRetryAfter }) },
    });
    // index.js: retryAfter = Number(header) * 1000 (a date: its distance from now, at least 1);
    //   computedValue: retryOptions.maxRetryAfter ?? options.timeout.request ?? Infinity
    // calculate-retry-delay.js: if (retryAfter) { if (retryAfter > computedValue) return 0; return retryAfter; } — 0 is no retry.
    const limitMs = maxRetryAfter ?? Infinity;
    return withRetryAfterWaits(
      own,
      overrides.retryAfter,
      (attempt, headerMs) => {
        if (headerMs === 0) return { delay: own.delay(attempt), bounds: own.bounds(attempt), meanMs: own.meanMs(attempt), fromDraw: (ownMs) => ownMs, change: "no" };
        if (headerMs > limitMs) return "gives up";
        return { delay: unclamped(headerMs), bounds: { minMs: headerMs, maxMs: headerMs }, meanMs: headerMs, fromDraw: () => headerMs, change: replacedChange(own.bounds(attempt), headerMs) };
      },
      maxRetryAfter === undefined
        ? "got waits the Retry-After instead of its computed delay (no noise, no backoffLimit), and would give up on one longer than retry.maxRetryAfter, unset here (as is timeout.request, its default); a Retry-After of 0 leaves the computed delay"
        : `got waits the Retry-After instead of its computed delay (no noise, no backoffLimit) while it is at most retry.maxRetryAfter (${humanDuration(maxRetryAfter)}), and gives up on a longer one (calculate-retry-delay.js returns 0: no retry); a Retry-After of 0 leaves the computed delay`,
    );
  },
};
