import { MAX_EXACT_MS, SATURATED_MS } from "../core/limits.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset, PresetModel, PresetOverrides } from "./types.js";
import { PresetError, option, parts } from "./errors.js";
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

/** Node's timer limit (2^31 − 1 ms): setTimeout fires a longer delay after 1 ms (a TimeoutOverflowWarning). */
export const NODE_TIMER_MAX_MS = 2_147_483_647;

/** What changed in what backoff computes between the releases got@14 stands for and got 16.1+ (issue 39, item 4). */
interface GotRelease {
  /** The library as the notes name it. */
  readonly label: string;
  /** 16.1+: Math.max(1, …) on the computed delay and on a Retry-After: every wait at least 1 ms, a Retry-After of 0 retries after 1 ms. */
  readonly atLeast1: boolean;
  /** 16.1+: a wait past Node's timer limit ends the retries (`backoff && backoff <= 2_147_483_647`); before, setTimeout fires it after 1 ms. */
  readonly stopsPastTimerLimit: boolean;
}
const GOT_16: GotRelease = { label: "got", atLeast1: true, stopsPastTimerLimit: true };
const GOT_14: GotRelease = { label: "got@14", atLeast1: false, stopsPastTimerLimit: false };

/** ∫₀ˣ floor(t) dt for x ≥ 0. */
function floorIntegral(x: number): number {
  const k = Math.floor(x);
  return (k * (k - 1)) / 2 + k * (x - k);
}

/**
 * E[max(1, round(X))] for X uniform on [lo, hi]: got 16.1+'s Math.max(1, d + Math.random() × noise),
 * rounded half up as shown (max(1, round(x)) = floor(max(1, x + ½))).
 */
function meanAtLeast1(lo: number, hi: number): number {
  const [a, b] = [lo + 0.5, hi + 0.5];
  if (!(b > a)) return Math.max(1, Math.floor(a));
  if (a >= 1) return meanFloorUniform(a, b);
  const below = Math.min(b, 1) - a;
  return (below + (b > 1 ? floorIntegral(b) - floorIntegral(1) : 0)) / (b - a);
}

/**
 * got's retry delay (`calculateRetryDelay`) at a release: the newest (16.2.0, the same as 16.1.0
 * in what backoff computes) or got@14 (14.x, 15.x and 16.0.0).
 */
function gotModel(overrides: PresetOverrides, release: GotRelease): PresetModel {
  const backoffLimit = overrides.capMs ?? Infinity;
  const noise = overrides.jitter === undefined ? 100 : parseNoise(overrides.jitter);
  const limit = overrides.retries ?? 2;
  const maxRetryAfter = overrides.maxRetryAfterMs;
  // 14.6.6 index.js: `if (backoff)`, so a computed 0 is no retry; 16.1.0 returns Math.max(1, …) (0 and below are an immediate retry).
  if (!release.atLeast1 && backoffLimit + noise < 1) reject(`retry.backoffLimit (${groupDigits(backoffLimit)} ms) plus a noise of ${noise} ms can fall below 1 ms, where setTimeout waits 1 ms instead; give a backoffLimit above ${1 - noise} ms`);
  // calculate-retry-delay.ts: const noise = Math.random() * retryOptions.noise;
  //   14.6.6: return Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + noise;
  //   16.1.0, 16.2.0: return Math.max(1, Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + noise);
  const computed = (attempt: number) => Math.min(2 ** (attempt - 1) * 1000, backoffLimit);
  const unclampedWait = (attempt: number, r: number) => computed(attempt) + r * noise;
  const waitOf = (attempt: number, r: number) => (release.atLeast1 ? Math.max(1, unclampedWait(attempt, r)) : unclampedWait(attempt, r));
  const waitMs = (attempt: number, r: number) => wholeMs(waitOf(attempt, r));
  const lowest = (attempt: number) => Math.min(waitOf(attempt, 0), waitOf(attempt, JS_RANDOM_MAX));
  const highest = (attempt: number) => Math.max(waitOf(attempt, 0), waitOf(attempt, JS_RANDOM_MAX));
  // The first retry whose wait passes Node's timer limit for some draw, and for every draw (null: never); both grow with the attempt.
  const reachesTimerAt = firstTrueFrom1((attempt) => highest(attempt) > NODE_TIMER_MAX_MS);
  const pastTimerAt = firstTrueFrom1((attempt) => lowest(attempt) > NODE_TIMER_MAX_MS);
  if (release.stopsPastTimerLimit && reachesTimerAt !== null && reachesTimerAt <= limit) {
    // 16.1.0 index.js: if (backoff && backoff <= 2_147_483_647) { …wait and retry… }: a longer wait ends the retries.
    if (pastTimerAt !== reachesTimerAt) {
      throw new PresetError(parts`got 16.1+ gives up on a wait past ${groupDigits(NODE_TIMER_MAX_MS)} ms, which retry ${groupDigits(reachesTimerAt)} reaches for some draws of the noise and not others; give a backoffLimit (${option("capMs")}) of at most ${groupDigits(NODE_TIMER_MAX_MS - Math.max(noise, 0))} ms`);
    }
    throw new PresetError(
      parts`got 16.1+ makes no retry whose wait passes ${groupDigits(NODE_TIMER_MAX_MS)} ms (Node's timer limit): retry ${groupDigits(reachesTimerAt)} would wait at least ${groupDigits(wholeMs(lowest(reachesTimerAt)))} ms, so got stops after ${groupDigits(reachesTimerAt - 1)}; give at most ${groupDigits(reachesTimerAt - 1)} retries with ${option("retries")}, a backoffLimit with ${option("capMs")}, or name got@14, whose setTimeout fires such a wait after 1 ms`,
    );
  }
  const capMs = backoffLimit === Infinity ? null : wholeMs(backoffLimit);
  const capReachedAt = capMs === null ? null : firstTrueFrom1((attempt) => 2 ** (attempt - 1) * 1000 >= backoffLimit);
  const clampedByOne = release.atLeast1 && Math.min(backoffLimit, backoffLimit + noise) < 1;
  const own = independentModel({
    delay: (attempt) => {
      const raw = 2 ** (attempt - 1) * 1000;
      // The jitter-free value: the formula with the noise's draw at 0 (16.1+: at least 1 ms).
      return { rawMs: wholeMs(raw), delayMs: wholeMs(release.atLeast1 ? Math.max(1, computed(attempt)) : computed(attempt)), clamped: raw > backoffLimit };
    },
    jitter:
      noise !== 0
        ? {
            bounds: (attempt) => ({ minMs: wholeMs(lowest(attempt)), maxMs: wholeMs(highest(attempt)) }),
            mean: (attempt) => {
              const d = computed(attempt);
              const [lo, hi] = [Math.min(d, d + noise), Math.max(d, d + noise)];
              // From 2^53 ms every wait is saturated (and the exact mean's squares would overflow past 2^512).
              if (!(d < MAX_EXACT_MS)) return SATURATED_MS;
              return release.atLeast1 ? meanAtLeast1(lo, hi) : meanFloorUniform(lo + 0.5, hi + 0.5);
            },
            draw: (attempt, random) => waitMs(attempt, jsRandom(random)),
          }
        : null,
    capMs,
    capReachedAt,
    steadyFrom: capReachedAt,
    mayExceedCap: (noise > 0 && capMs !== null) || clampedByOne,
    retries: limit,
    notes: [
      ...(noise > 0 && capMs !== null ? [`${release.label}: noise is added after backoffLimit; the worst case is ${groupDigits(waitMs(capReachedAt ?? 1, JS_RANDOM_MAX))} ms against a ${groupDigits(capMs)} ms limit.`] : []),
      ...(clampedByOne ? [`${release.label}: backoffLimit plus the noise can fall below 1 ms; got 16.1+ waits at least 1 ms (Math.max(1, …)), an immediate retry.`] : []),
      ...(!release.stopsPastTimerLimit && pastTimerAt !== null && pastTimerAt <= limit
        ? [`${release.label}: from retry ${groupDigits(pastTimerAt)} got hands setTimeout more than ${groupDigits(NODE_TIMER_MAX_MS)} ms, which Node fires after 1 ms (a TimeoutOverflowWarning); the rows show the delay got computes. got 16.1+ gives up there instead.`]
        : []),
    ],
    parameters: { limit, backoffLimit: capMs, noise, ...(maxRetryAfter === undefined ? {} : { maxRetryAfter }) },
  });
  // 14.6.6 index.js: retryAfter = Number(header) * 1000 (a date: its distance from now, at least 1);
  //   computedValue: retryOptions.maxRetryAfter ?? options.timeout.request ?? Infinity
  //   calculate-retry-delay.js: if (retryAfter) { if (retryAfter > computedValue) return 0; return retryAfter; }: 0 is no retry, and a header of 0 leaves the computed delay.
  // 16.1.0 index.js: only /^\d+$/ delta-seconds or an HTTP-date (a past date is 0; anything else is ignored);
  //   calculate-retry-delay.js: if (retryAfter !== undefined) return retryAfter > computedValue ? 0 : Math.max(1, retryAfter);
  //   and a wait past 2_147_483_647 ms ends the retries, as the computed delay's does.
  const limitMs = maxRetryAfter ?? Infinity;
  const ownWait = (attempt: number) => ({ delay: own.delay(attempt), bounds: own.bounds(attempt), meanMs: own.meanMs(attempt), fromDraw: (ownMs: number) => ownMs, change: "no" as const });
  const limitText =
    maxRetryAfter === undefined
      ? "would give up on one longer than retry.maxRetryAfter, unset here (as is timeout.request, its default)"
      : `gives up on one longer than retry.maxRetryAfter (${humanDuration(maxRetryAfter)}; calculate-retry-delay.js returns 0: no retry)`;
  return withRetryAfterWaits(
    own,
    overrides.retryAfter,
    (attempt, headerMs) => {
      if (headerMs > limitMs) return "gives up";
      if (release.atLeast1) {
        if (headerMs > NODE_TIMER_MAX_MS) return "gives up";
        const waited = Math.max(1, headerMs);
        return { delay: unclamped(waited), bounds: { minMs: waited, maxMs: waited }, meanMs: waited, fromDraw: () => waited, change: replacedChange(own.bounds(attempt), waited) };
      }
      if (headerMs === 0) return ownWait(attempt);
      return { delay: unclamped(headerMs), bounds: { minMs: headerMs, maxMs: headerMs }, meanMs: headerMs, fromDraw: () => headerMs, change: replacedChange(own.bounds(attempt), headerMs) };
    },
    release.atLeast1
      ? `got waits the Retry-After instead of its computed delay (no noise, no backoffLimit; at least 1 ms, so a Retry-After of 0 retries after 1 ms), and ${limitText}, or on one past ${groupDigits(NODE_TIMER_MAX_MS)} ms (Node's timer limit); delta-seconds that are not a whole number are ignored`
      : `got waits the Retry-After instead of its computed delay (no noise, no backoffLimit), and ${limitText}; a Retry-After of 0 leaves the computed delay`,
  );
}

/** got 14.6.6 (also 15.x and 16.0.0) source/core/options.ts, retry defaults: statusCodes, errorCodes, methods; 16.0.0 adds QUERY to the methods. */
const STATUS_CODES = [408, 413, 429, 500, 502, 503, 504, 521, 522, 524] as const;
function gotConditions(methods: readonly string[]): NonNullable<Preset["conditions"]> {
  return {
    words: [`statusCodes ${STATUS_CODES.join(", ")}`, "errorCodes ETIMEDOUT, ECONNRESET, EADDRINUSE, ECONNREFUSED, EPIPE, ENOTFOUND, ENETUNREACH, EAI_AGAIN"],
    from: "got's default retry",
    isDefault: true,
    conditions: [...STATUS_CODES.map((code) => ({ kind: "status" as const, code })), { kind: "connection" }, { kind: "timeout" }],
    methods,
  };
}
const METHODS_14 = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];

const QUIRKS_SHARED = [
  "The base is fixed at 1000 ms; only backoffLimit (∞ by default) and noise change the curve.",
  "noise is added after backoffLimit, so a wait can pass the limit by up to noise ms; a negative noise (to −100) makes waits shorter.",
  "retry.calculateDelay can replace the whole formula; it receives this value as computedValue.",
  "The waits are fractional ms handed to setTimeout; shown rounded half up.",
];

/** got's built-in retry delay, `calculateRetryDelay`, at its newest release; got@14 the releases before 16.1.0. */
export const got: Preset = {
  name: "got",
  library: "got 16.2.0 (Node 22+; got@14 models 14.x to 16.0.0)",
  timeUnit: "fractional milliseconds (handed to setTimeout)",
  repository: "sindresorhus/got",
  source: "source/core/calculate-retry-delay.ts, source/core/options.ts (retry defaults, noise check), source/core/index.ts (attemptCount, Retry-After, the timer limit), 16.2.0",
  formula: "max(1, min(1000 × 2^(a−1), backoffLimit) + Math.random() × noise) ms; a wait past 2,147,483,647 ms ends the retries",
  defaults: "retry.limit 2, backoffLimit ∞, noise 100 ms",
  jitter: "+ Math.random() × noise after backoffLimit: [d, d + 100] ms by default (a negative noise subtracts); every wait at least 1 ms",
  defaultRetries: 2,
  conditions: gotConditions([...METHODS_14, "QUERY"]),
  defaultAttempts: 2,
  parameters: {
    capMs: "retry.backoffLimit (ms)",
    jitter: "retry.noise, ms from -100 to 100",
    retries: "retry.limit",
    maxRetryAfterMs: "retry.maxRetryAfter (ms; by default timeout.request, itself unset: no limit)",
  },
  quirks: [
    ...QUIRKS_SHARED.slice(0, 2),
    "Only GET, PUT, HEAD, DELETE, OPTIONS, TRACE and QUERY requests retry, on the listed status codes and network error codes; a 413 retries only when it carries a Retry-After (calculate-retry-delay.js returns that wait), and without one it returns 0: no retry.",
    "Every wait is at least 1 ms (Math.max(1, …)): backoffLimit 0 with noise 0 retries at once, where got before 16.1 made no retry.",
    "A wait past 2,147,483,647 ms (Node's timer limit; from retry 23 with no backoffLimit) ends the retries instead of firing after 1 ms (index.js: backoff && backoff <= 2_147_483_647).",
    ...QUIRKS_SHARED.slice(2),
  ],
  retryAfter:
    "A Retry-After replaces the computed delay (no noise, no backoffLimit; at least 1 ms, so 0 retries after 1 ms), and when it is longer than retry.maxRetryAfter (by default timeout.request, itself unset) or than 2,147,483,647 ms got gives up instead of retrying (calculate-retry-delay.js, index.js); delta-seconds that are not a whole number (\"1.5\") are ignored, as RFC 9110 asks.",
  versions: [
    {
      version: "14",
      releases: "got 14.x and 15.x (16.0.0 computes the same waits, but a Retry-After of 0 waits 1 ms)",
      changed:
        "the computed delay was min(1000 × 2^(a−1), backoffLimit) + Math.random() × noise without the 1 ms floor, so a computed 0 made no retry; a wait past 2,147,483,647 ms was handed to setTimeout, which Node fires after 1 ms; a Retry-After of 0 left the computed delay (if (retryAfter) is false for 0) and \"1.5\" waited 1.5 s; QUERY was not retried (added in 16.0.0, as was a Retry-After of 0 waiting 1 ms; a past date already waited 1 ms)",
      sources: [
        "sindresorhus/got source/core/calculate-retry-delay.ts and source/core/index.ts at v14.6.6 and v16.0.0 (if (retryAfter) … return retryAfter; return Math.min(…) + noise; if (backoff) setTimeout(…)), against v16.1.0 and v16.2.0 (Math.max(1, …); retryAfter tested for being set, not for truth, so a 0 counts; backoff && backoff <= 2_147_483_647; /^\\d+$/ delta-seconds), read in the npm tarballs",
        "sindresorhus/got source/core/options.ts at v16.0.0: retry.methods gains 'QUERY'",
      ],
      defaults: {},
      described: {
        formula: "min(1000 × 2^(a−1), backoffLimit) + Math.random() × noise ms",
        jitter: "+ Math.random() × noise after backoffLimit: [d, d + 100] ms by default (a negative noise subtracts)",
        source: "source/core/calculate-retry-delay.ts, source/core/options.ts (retry defaults, noise check), source/core/index.ts (attemptCount), 14.6.6",
        conditions: gotConditions(METHODS_14),
        quirks: [
          ...QUIRKS_SHARED.slice(0, 2),
          "Only GET, PUT, HEAD, DELETE, OPTIONS and TRACE requests retry, on the listed status codes and network error codes; a 413 retries only when it carries a Retry-After (calculate-retry-delay.js returns that wait), and without one it returns 0: no retry.",
          ...QUIRKS_SHARED.slice(2),
        ],
        retryAfter:
          "A Retry-After replaces the computed delay (no noise, no backoffLimit), and when it is longer than retry.maxRetryAfter (by default timeout.request, itself unset) got gives up instead of retrying (calculate-retry-delay.js); a Retry-After of 0 leaves the computed delay.",
      },
      build: (overrides) => gotModel(overrides, GOT_14),
    },
  ],
  build: (overrides) => gotModel(overrides, GOT_16),
};
