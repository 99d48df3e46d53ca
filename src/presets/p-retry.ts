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
import { nodeRetry } from "./node-retry.js";
import type { Preset, PresetModel, PresetOverrides } from "./types.js";

/**
 * p-retry 9.0.0's timer limit (index.js: const maximumDelay = (2 ** 31) - 1): every wait is
 * min(timeout, Math.ceil(maxTimeout), maximumDelay), as setTimeout fires a longer delay at once.
 */
export const P_RETRY_TIMER_MAX_MS = 2 ** 31 - 1;

/** What changed between p-retry's releases in its calculateDelay: 9.0.0's ceil and clamp, or 7.x–8.x's plain min. */
interface PRetryRelease {
  /** 9.0.0+: Math.ceil(maxTimeout) and the clamp to 2^31 − 1 ms; before, Math.min(timeout, maxTimeout) alone. */
  readonly clamped: boolean;
  readonly label: string;
}
const P_RETRY_9: PRetryRelease = { clamped: true, label: "p-retry 9.0.0" };
const P_RETRY_8: PRetryRelease = { clamped: false, label: "p-retry 7.0.0–8.0.1" };

/** p-retry 9.0.0, its own formula since 7.0.0 (before, node-retry's: p-retry@6). */
export const pRetry: Preset = {
  name: "p-retry",
  library: "p-retry 9.0.0 (needs Node 22; 7.x runs on Node 20 and computes as p-retry@8)",
  repository: "sindresorhus/p-retry",
  source: "index.js (calculateDelay, onAttemptFailure, pRetry), 9.0.0",
  formula: "min(round(minTimeout × factor^(a−1)), ceil(maxTimeout), 2^31 − 1 ms), never past maxRetryTime − elapsed",
  defaults: "retries 10, factor 2, minTimeout 1000 ms, maxTimeout ∞, maxRetryTime ∞, randomize false",
  stopping: "retries: 10",
  jitter: "randomize: round((1 + r) × d) in [d, 2d] (both ends), then capped by ceil(maxTimeout) and 2^31 − 1 ms; not sorted",
  defaultRetries: 10,
  // p-retry 9.0.0 index.js (as 7.x and 8.x): every error but an AbortError and a TypeError that is not a network error (is-network-error); isRetriableError = !(normalizedError instanceof TypeError) || isNetworkError(normalizedError); shouldRetry () => true.
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
    "maxTimeout is rounded up (Math.ceil: 1500.2 caps at 1501 ms), and no wait passes 2,147,483,647 ms (2^31 − 1, Node's timer limit): without maxTimeout the waits stop growing there, from retry 23 at the defaults (1000 × 2^22 = 4,194,304,000).",
    "With maxRetryTime the last wait is cut to the time left (min(delay, maxRetryTime − elapsed)), and p-retry gives up once none is left; elapsed counts the calls' own run time too (0 here unless a try time is given).",
    "factor 0 is replaced by 1; negative or NaN options, and a retries that is not a whole number, throw a TypeError.",
    "shouldConsumeRetry returning false retries at once without counting a retry.",
  ],
  retryAfter: "p-retry does not read Retry-After: the schedule is unchanged (it sees only the error thrown; a wait of its own would go in onFailedAttempt).",
  versions: [
    {
      version: "8",
      releases: "p-retry 7.0.0 to 8.0.1",
      changed:
        "each wait was min(round(minTimeout × factor^(a−1)), maxTimeout), without 9.0.0's Math.ceil(maxTimeout) (a fractional cap gave a fractional wait: 1500.2 ms, not 1501) and without its clamp to 2^31 − 1 ms: a longer wait was handed to setTimeout, which Node fires after 1 ms (a TimeoutOverflowWarning), so from retry 23 at the defaults the waits collapse",
      sources: [
        "sindresorhus/p-retry index.js calculateDelay at v8.0.1 (timeout = Math.min(timeout, options.maxTimeout)) against v9.0.0 (return Math.min(timeout, Math.ceil(options.maxTimeout), maximumDelay); const maximumDelay = (2 ** 31) - 1), read in the npm tarballs",
        "sindresorhus/p-retry index.js at v7.1.1: the same calculateDelay as v8.0.1 (8.0.0 raised the engine to Node 22 and refuses a retries that is not a whole number)",
      ],
      defaults: {},
      described: {
        source: "index.js (calculateDelay, onAttemptFailure, pRetry), 8.0.1",
        formula: "min(round(minTimeout × factor^(a−1)), maxTimeout), never past maxRetryTime − elapsed",
        jitter: "randomize: round((1 + r) × d) in [d, 2d] (both ends), then capped by maxTimeout; not sorted",
      },
      build: (overrides) => pRetryModel(overrides, P_RETRY_8),
    },
    {
      version: "6",
      releases: "p-retry 5.x and 6.x (6.2.1 the last)",
      changed:
        "p-retry handed its options to node-retry's retry.operation (retry 0.13), so the waits were node-retry's: minTimeout raised to at least 1, every timeout drawn up front and sorted, minTimeout above maxTimeout refused, and maxRetryTime giving up once reached without shortening the last wait; 7.0.0 computes each wait itself (pull request #79, 'Rewrite the package to not depend on retry')",
      sources: ["sindresorhus/p-retry index.js at v6.2.1 (import retry from 'retry'; retry.operation(options)) and package.json (retry ^0.13.1); tim-kos/node-retry lib/retry.js (the node-retry preset)"],
      defaults: {},
      described: {
        source: nodeRetry.source,
        formula: nodeRetry.formula,
        jitter: nodeRetry.jitter,
        parameters: { ...nodeRetry.parameters, maxElapsedMs: "maxRetryTime (ms): node-retry's RetryOperation, not modelled" },
        quirks: nodeRetry.quirks,
      },
      build: (overrides: PresetOverrides) => {
        // p-retry 6 handed maxRetryTime to retry.operation: node-retry stops once it is reached, which the node-retry preset does not model.
        if (overrides.maxElapsedMs !== undefined) {
          throw new PresetError(parts`p-retry@6's ${option("maxElapsedMs")} is node-retry's maxRetryTime (it gives up once the time is reached, without shortening a wait), which backoff does not model; leave it out, or use p-retry, whose maxRetryTime is modelled`);
        }
        return nodeRetry.build(overrides);
      },
    },
  ],
  build: (overrides) => pRetryModel(overrides, P_RETRY_9),
};

function pRetryModel(overrides: PresetOverrides, release: PRetryRelease): PresetModel {
  const minTimeout = overrides.baseMs ?? 1000;
  const maxTimeout = release.clamped && overrides.capMs !== undefined ? Math.ceil(overrides.capMs) : (overrides.capMs ?? Infinity);
  const factor = overrides.factor ?? 2;
  const randomize = overrides.jitter === undefined ? false : parseSwitch(overrides.jitter, "p-retry's randomize");
  const retries = overrides.retries ?? 10;
  const maxRetryTime = overrides.maxElapsedMs === undefined ? Infinity : wholeUnits("maxElapsedMs", "p-retry's maxRetryTime", overrides.maxElapsedMs);
  // index.js calculateDelay(retriesConsumed), attempt = retriesConsumed + 1 = a:
  // Math.round(random * options.minTimeout * (options.factor ** (attempt - 1))), then Math.min(timeout, options.maxTimeout)
  // 9.0.0 returns 0 at once for minTimeout 0 ("multiplying by a factor that has grown to Infinity would give NaN").
  const unrounded = (attempt: number, random: number) => (release.clamped && minTimeout === 0 ? 0 : random * minTimeout * factor ** (attempt - 1));
  // 9.0.0: Math.min(timeout, Math.ceil(options.maxTimeout), maximumDelay); 7.x–8.x: Math.min(timeout, options.maxTimeout).
  const timerMax = release.clamped ? P_RETRY_TIMER_MAX_MS : Infinity;
  const timeout = (attempt: number, random: number) => Math.min(Math.round(unrounded(attempt, random)), maxTimeout, timerMax);
  const capMs = maxTimeout === Infinity ? null : maxTimeout;
  // The lowest limit on a wait: maxTimeout, or 9.0.0's timer limit below it.
  const limitMs = Math.min(maxTimeout, timerMax);
  const capReachedAt = capMs === null ? null : firstTrueFrom1((attempt) => Math.round(unrounded(attempt, 1)) >= capMs);
  // Without a maxTimeout under it, the first retry whose wait the timer limit holds (9.0.0).
  const timerReachedAt = limitMs === timerMax && timerMax !== Infinity ? firstTrueFrom1((attempt) => Math.round(unrounded(attempt, 1)) >= timerMax) : null;
  const steadyAt = capReachedAt === null ? timerReachedAt : timerReachedAt === null ? capReachedAt : Math.min(capReachedAt, timerReachedAt);
  const own = (attempt: number): DelayBounds =>
    randomize ? { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, JS_RANDOM_MAX + 1)) } : { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, 1)) };
  const ownMean = (attempt: number) => {
    if (!randomize) return saturate(timeout(attempt, 1));
    const d = unrounded(attempt, 1);
    return meanFloorUniform(d + 0.5, 2 * d + 0.5, limitMs === Infinity ? null : limitMs);
  };

  // 7.x–8.x: the first retry whose least wait passes Node's timer limit, which setTimeout fires after 1 ms.
  const overflowAt = release.clamped ? null : firstTrueFrom1((attempt) => timeout(attempt, 1) > P_RETRY_TIMER_MAX_MS);
  const timerNotes = [
    ...(timerReachedAt !== null && timerReachedAt <= retries
      ? [`${release.label} holds every wait to ${groupDigits(P_RETRY_TIMER_MAX_MS)} ms (2^31 − 1, Node's timer limit) from retry ${groupDigits(timerReachedAt)}: without a maxTimeout below it, the waits stop growing there.`]
      : []),
    ...(overflowAt !== null && overflowAt <= retries
      ? [`${release.label}: from retry ${groupDigits(overflowAt)} p-retry hands setTimeout more than ${groupDigits(P_RETRY_TIMER_MAX_MS)} ms, which Node fires after 1 ms (a TimeoutOverflowWarning); the rows show the wait p-retry computes. 9.0.0 holds it to ${groupDigits(P_RETRY_TIMER_MAX_MS)} ms instead.`]
      : []),
  ];
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
      delay: (attempt) => clampedTo(saturate(Math.round(unrounded(attempt, 1))), limitMs === Infinity ? null : limitMs),
      jittered: randomize,
      bounds: own,
      meanMs: ownMean,
      sampler: (random) => (attempt) => (randomize ? saturate(timeout(attempt, jsRandom(random) + 1)) : saturate(timeout(attempt, 1))),
      steadyFrom: () => (steadyAt === null && factor === 1 ? 1 : steadyAt),
      stop: null,
      notes: timerNotes,
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
      const d = clampedTo(saturate(Math.round(unrounded(attempt, 1))), limitMs === Infinity ? null : limitMs);
      return { ...d, delayMs: limit.plainWaitMs(attempt) };
    },
    jittered: randomize,
    ...elapsedModelParts(limit),
    steadyFrom: () => limit.most + 1,
    stop,
    // onAttemptFailure: remainingTime = maxRetryTime − (performance.now() − startTime), startTime taken before the first
    // try; it gives up once remainingTime <= 0 and waits min(delay, remainingTime): the tries' time counts.
    timed: {
      waits: drawnWaits(limitSpec, { capMs, steadyFrom: steadyAt === null && factor === 1 ? 1 : steadyAt }),
      stop: { rule: "cut", limitMs: maxRetryTime, from: "first-try" },
      deadlineMs: null,
      text: limitText,
    },
    notes: [...timerNotes, ...(randomize ? ["p-retry with randomize and maxRetryTime: the mean is integrated numerically over the elapsed time of every run."] : [])],
  } satisfies PresetModel;
}
