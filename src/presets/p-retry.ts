import type { DelayBounds } from "../core/model.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { ELAPSED_WALK_LIMIT, type ElapsedLimitSpec, elapsedLimit, elapsedModelParts, drawnWaits, elapsedStop } from "./kit/elapsed-limit.js";
import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import { wholeUnits } from "./kit/whole-units.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset, PresetModel } from "./types.js";

/** p-retry 7 (its own formula since v5; no longer node-retry's). */
export const pRetry: Preset = {
  name: "p-retry",
  library: "p-retry 7.1.1 (newest for Node 20; 8.x and 9.x need Node 22)",
  repository: "sindresorhus/p-retry",
  source: "index.js (calculateDelay, pRetry)",
  formula: "min(round(minTimeout × factor^(a−1)), maxTimeout), never past maxRetryTime − elapsed",
  defaults: "retries 10, factor 2, minTimeout 1000 ms, maxTimeout ∞, maxRetryTime ∞, randomize false",
  stopping: "retries: 10",
  jitter: "randomize: round((1 + r) × d) in [d, 2d] (both ends), then capped by maxTimeout; not sorted",
  defaultRetries: 10,
  // p-retry 7.1.1 index.js: every error but an AbortError and a TypeError that is not a network error (is-network-error); shouldRetry () => true.
  conditions: { words: ["shouldRetry () => true"], from: "p-retry's default", isDefault: true, conditions: [{ kind: "every-error", but: "AbortError and a TypeError that is not a network error" }] },
  defaultAttempts: 10,
  parameters: {
    baseMs: "minTimeout (ms)",
    capMs: "maxTimeout (ms)",
    factor: "factor",
    jitter: "randomize (on or off)",
    retries: "retries",
    maxElapsedMs: "maxRetryTime (ms)",
  },
  quirks: [
    "Unlike node-retry: no Math.max(minTimeout, 1), no sorting, and minTimeout > maxTimeout silently gives maxTimeout.",
    "With maxRetryTime the last wait is cut to the time left (min(delay, maxRetryTime − elapsed)), and p-retry gives up once none is left; elapsed counts the calls' own run time too (0 here unless a try time is given).",
    "factor ≤ 0 is replaced by 1; negative or NaN options throw a TypeError.",
    "shouldConsumeRetry returning false retries at once without counting a retry.",
  ],
  retryAfter: "p-retry does not read Retry-After: the schedule is unchanged (it sees only the error thrown; a wait of its own would go in onFailedAttempt).",
  build(overrides) {
    const minTimeout = overrides.baseMs ?? 1000;
    const maxTimeout = overrides.capMs ?? Infinity;
    const factor = overrides.factor ?? 2;
    const randomize = overrides.jitter === undefined ? false : parseSwitch(overrides.jitter, "p-retry's randomize");
    const retries = overrides.retries ?? 10;
    const maxRetryTime = overrides.maxElapsedMs === undefined ? Infinity : wholeUnits("maxElapsedMs", "p-retry's maxRetryTime", overrides.maxElapsedMs);
    // index.js calculateDelay(retriesConsumed), attempt = retriesConsumed + 1 = a:
    // Math.round(random * options.minTimeout * (options.factor ** (attempt - 1))), then Math.min(timeout, options.maxTimeout)
    const unrounded = (attempt: number, random: number) => random * minTimeout * factor ** (attempt - 1);
    const timeout = (attempt: number, random: number) => Math.min(Math.round(unrounded(attempt, random)), maxTimeout);
    const capMs = maxTimeout === Infinity ? null : maxTimeout;
    const capReachedAt = capMs === null ? null : firstTrueFrom1((attempt) => Math.round(unrounded(attempt, 1)) >= capMs);
    const own = (attempt: number): DelayBounds =>
      randomize ? { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, JS_RANDOM_MAX + 1)) } : { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, 1)) };
    const ownMean = (attempt: number) => {
      if (!randomize) return saturate(timeout(attempt, 1));
      const d = unrounded(attempt, 1);
      return meanFloorUniform(d + 0.5, 2 * d + 0.5, capMs);
    };

    const base = {
      capMs,
      capReachedAt: () => capReachedAt,
      mayExceedCap: false,
      retries,
      parameters: { retries, factor, minTimeout, maxTimeout: capMs, maxRetryTime: maxRetryTime === Infinity ? null : maxRetryTime, randomize },
    };
    if (maxRetryTime === Infinity) {
      return {
        ...base,
        delay: (attempt) => clampedTo(saturate(Math.round(unrounded(attempt, 1))), capMs),
        jittered: randomize,
        bounds: own,
        meanMs: ownMean,
        sampler: (random) => (attempt) => (randomize ? saturate(timeout(attempt, jsRandom(random) + 1)) : saturate(timeout(attempt, 1))),
        steadyFrom: () => (capReachedAt === null && factor === 1 ? 1 : capReachedAt),
        stop: null,
        notes: [],
      } satisfies PresetModel;
    }

    // maxRetryTime: onAttemptFailure gives up once remainingTime <= 0, and waits min(delay, remainingTime).
    const limitSpec: ElapsedLimitSpec = {
      rule: "cut",
      limit: maxRetryTime,
      retries,
      plain: (attempt) => saturate(timeout(attempt, 1)),
      low: (attempt) => own(attempt).minMs,
      high: (attempt) => own(attempt).maxMs,
      draw: randomize ? (attempt, random) => saturate(timeout(attempt, jsRandom(random) + 1)) : null,
      mean: ownMean,
      toMs: (ms) => ms,
      unitsPerMs: 1,
      tooMany: () =>
        new PresetError(parts`p-retry with this maxRetryTime retries more than ${groupDigits(ELAPSED_WALK_LIMIT)} times; give a smaller ${option("maxElapsedMs")} or ${option("retries")}`),
    };
    const limit = elapsedLimit(limitSpec);
    const limitText = `maxRetryTime (${humanDuration(maxRetryTime)})`;
    const rule = `p-retry gives up once ${limitText} has elapsed, and cuts the last wait to the time left`;
    const stop = elapsedStop(limit, { limitText, limitMs: maxRetryTime, rule, jitterName: "randomize", retries, retriesName: "retries" });
    return {
      ...base,
      delay: (attempt) => {
        const d = clampedTo(saturate(Math.round(unrounded(attempt, 1))), capMs);
        return { ...d, delayMs: limit.plainWaitMs(attempt) };
      },
      jittered: randomize,
      ...elapsedModelParts(limit),
      steadyFrom: () => limit.most + 1,
      stop,
      // onAttemptFailure: remainingTime = maxRetryTime − (performance.now() − startTime), startTime taken before the first
      // try; it gives up once remainingTime <= 0 and waits min(delay, remainingTime): the tries' time counts.
      timed: {
        waits: drawnWaits(limitSpec, { capMs, steadyFrom: capReachedAt === null && factor === 1 ? 1 : capReachedAt }),
        stop: { rule: "cut", limitMs: maxRetryTime, from: "first-try" },
        deadlineMs: null,
        text: limitText,
      },
      notes: randomize ? ["p-retry with randomize and maxRetryTime: the mean is integrated numerically over the elapsed time of every run."] : [],
    } satisfies PresetModel;
  },
};
