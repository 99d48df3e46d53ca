import type { DelayBounds } from "../core/model.js";
import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import { wholeUnits } from "./kit/whole-units.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset, PresetModel, PresetStop } from "./types.js";

/** Prefix sums are walked up to here at most when maxRetryTime is set. */
const MAX_WALK = 10_000_000;

/** p-retry 7 (its own formula since v5; no longer node-retry's). */
export const pRetry: Preset = {
  name: "p-retry",
  library: "p-retry 7.1.1 (newest for Node 20; 8.x and 9.x need Node 22)",
  repository: "sindresorhus/p-retry",
  source: "index.js (calculateDelay, pRetry)",
  formula: "min(round(minTimeout × factor^(a−1)), maxTimeout), never past maxRetryTime − elapsed",
  defaults: "retries 10, factor 2, minTimeout 1000 ms, maxTimeout ∞, maxRetryTime ∞, randomize false",
  jitter: "randomize: round((1 + r) × d) in [d, 2d] (both ends), then capped by maxTimeout; not sorted",
  defaultRetries: 10,
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
    "With maxRetryTime the last wait is cut to the time left (min(delay, maxRetryTime − elapsed)), and p-retry gives up once none is left; elapsed counts the calls' own run time too (taken as 0 here).",
    "factor ≤ 0 is replaced by 1; negative or NaN options throw a TypeError.",
    "shouldConsumeRetry returning false retries at once without counting a retry.",
  ],
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

    // maxRetryTime: every wait is min(delay, maxRetryTime − the waits so far); walk the totals once.
    const delays: number[] = [];
    const lows: number[] = [];
    const highs: number[] = [];
    let sum = 0;
    let sumLow = 0;
    let sumHigh = 0;
    let plainStop = 0;
    for (let attempt = 1; attempt <= retries && sumLow < maxRetryTime; attempt++) {
      if (attempt > MAX_WALK) throw new PresetError(parts`p-retry with this maxRetryTime retries more than ${MAX_WALK} times; give a smaller ${option("maxElapsedMs")} or ${option("retries")}`);
      const b = own(attempt);
      const plain = timeout(attempt, 1);
      if (sum < maxRetryTime) {
        delays.push(Math.min(plain, maxRetryTime - sum));
        sum = Math.min(sum + plain, maxRetryTime);
        plainStop = attempt;
      } else delays.push(0);
      // An attempt that some histories never reach (they gave up before) has 0 as its low end: the sampler's 0.
      lows.push(sumHigh >= maxRetryTime ? 0 : Math.min(b.minMs, maxRetryTime - sumHigh));
      highs.push(Math.min(b.maxMs, maxRetryTime - sumLow));
      sumLow = Math.min(sumLow + b.minMs, maxRetryTime);
      sumHigh = Math.min(sumHigh + b.maxMs, maxRetryTime);
    }
    const last = delays.length;
    const stopsByTime = last < retries || (randomize ? sumLow >= maxRetryTime : sum >= maxRetryTime);
    const stop: PresetStop | null = stopsByTime
      ? {
          lastAttempt: last,
          reason: randomize
            ? `p-retry gives up once maxRetryTime (${maxRetryTime} ms) has elapsed: the last wait follows attempt ${plainStop} without randomize, ${last} at the latest (every draw low); the last wait is cut to the time left.`
            : `p-retry gives up once maxRetryTime (${maxRetryTime} ms) has elapsed: attempt ${last} is the last one retried, and its wait is cut to the time left.`,
        }
      : null;
    const at = (list: number[], attempt: number) => list[Math.min(attempt, last) - 1] ?? 0;
    return {
      ...base,
      delay: (attempt) => {
        const d = clampedTo(saturate(Math.round(unrounded(attempt, 1))), capMs);
        return { ...d, delayMs: attempt > plainStop ? 0 : at(delays, attempt) };
      },
      jittered: randomize,
      bounds: (attempt) => (randomize ? { minMs: attempt > last ? 0 : at(lows, attempt), maxMs: attempt > last ? 0 : at(highs, attempt) } : { minMs: attempt > plainStop ? 0 : at(delays, attempt), maxMs: attempt > plainStop ? 0 : at(delays, attempt) }),
      meanMs: (attempt) => (randomize ? Math.min(ownMean(attempt), attempt > last ? 0 : at(highs, attempt)) : attempt > plainStop ? 0 : at(delays, attempt)),
      sampler: (random) => {
        let elapsed = 0;
        return (attempt) => {
          const remaining = maxRetryTime - elapsed;
          if (remaining <= 0) return 0;
          const wait = Math.min(randomize ? timeout(attempt, jsRandom(random) + 1) : timeout(attempt, 1), remaining);
          elapsed += wait;
          return wait;
        };
      },
      steadyFrom: () => null,
      stop,
      notes: randomize ? ["p-retry with randomize and maxRetryTime: the bounds assume any total between the extremes can occur; the mean is approximate."] : [],
    } satisfies PresetModel;
  },
};
