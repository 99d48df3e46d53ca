import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseFraction } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { random53, RANDOM53_MAX } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import { wholeUnits } from "./kit/whole-units.js";
import type { Preset } from "./types.js";

/** Java's (long) cast of a double: truncation, saturating at Long.MAX_VALUE (here: past 2^53, saturated). */
function javaLong(x: number): number {
  return saturate(x >= 2 ** 63 ? 2 ** 63 : Math.trunc(x));
}

/** resilience4j `IntervalFunction.ofExponentialRandomBackoff(initial, multiplier, randomizationFactor[, max])`. */
export const resilience4j: Preset = {
  name: "resilience4j",
  library: "resilience4j-core 2.4.0 (IntervalFunction.ofExponentialRandomBackoff; the 1 ms floor since 2.3.0)",
  repository: "resilience4j/resilience4j",
  source: "resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java",
  formula: "x₁ = initial, x(a+1) = (long)(x(a) × multiplier) (truncated every step)",
  defaults: "initialInterval 500 ms, multiplier 1.5, randomizationFactor 0.5, no max; Retry maxAttempts 3 (2 retries)",
  stopping: "RetryConfig maxAttempts 3",
  jitter: "(long) max(1.0, x(1−rf) + r × (2·rf·x + 1)): from x(1−rf) to below x(1+rf) + 1, truncated, at least 1 ms (2.3.0+); the 4-argument max clamps after jitter",
  defaultRetries: 2,
  // resilience4j-core 2.4.0 RetryConfig: retryExceptions and ignoreExceptions empty, retryOnException throwable -> true.
  conditions: { words: ["retryExceptions (none)", "ignoreExceptions (none)"], from: "resilience4j's default", isDefault: true, conditions: [{ kind: "every-error" }] },
  defaultAttempts: 2,
  parameters: {
    baseMs: "initialIntervalMillis (whole ms)",
    capMs: "maxIntervalMillis (the 4-argument overload)",
    factor: "multiplier",
    jitter: "randomizationFactor, from 0 to 1 (checkRandomizationFactor)",
    retries: "RetryConfig maxAttempts − 1 (maxAttempts counts the first call)",
  },
  quirks: [
    "The interval is truncated to a long at every step: 500, 750, 1125, 1687, 2530 (not 2531.25).",
    "The max interval clamps after the jitter, so past it every wait is exactly the max.",
    "randomize draws min + r × (max − min + 1), the + 1 by design, then truncates to a long: attempt 3 (1125 ms) spans 562–1688 ms with mean 1125, attempt 4 (1687 ms) 843–2531 ms with mean 1687.",
    "Only double rounding reaches min + (max − min + 1) itself: at attempt 1, 250 + (1 − 2^-53) × 501 rounds to 751, so attempt 1 spans 250–751 ms.",
    "Since 2.3.0 randomize returns Math.max(1.0, value), so randomizationFactor 1 waits at least 1 ms; 2.2.0 and earlier could wait 0 ms.",
    "RetryConfig's own default interval is a fixed 500 ms; this preset is the exponential random backoff function.",
  ],
  retryAfter: "resilience4j does not read Retry-After: the schedule is unchanged (an intervalBiFunction of your own would have to).",
  build(overrides) {
    const initial = wholeUnits("baseMs", "resilience4j's initialIntervalMillis (a long)", overrides.baseMs ?? 500);
    const multiplier = overrides.factor ?? 1.5;
    const rf = overrides.jitter === undefined ? 0.5 : parseFraction(overrides.jitter, "resilience4j's randomizationFactor", { min: 0, max: 1, maxIncluded: true });
    const max = overrides.capMs === undefined ? null : wholeUnits("capMs", "resilience4j's maxIntervalMillis (a long)", overrides.capMs);
    const retries = overrides.retries ?? 2;
    // of(initial, x -> (long) (x * multiplier)).apply(attempt): LongStream.iterate(initial, f).skip(attempt - 1)
    const intervals: number[] = [initial];
    const interval = (attempt: number): number => {
      while (intervals.length < attempt) {
        const previous = intervals[intervals.length - 1]!;
        const next = javaLong(previous * multiplier);
        intervals.push(next);
        if (next === previous || next > Number.MAX_SAFE_INTEGER) break; // constant from here on (or saturated)
      }
      return intervals[Math.min(attempt, intervals.length) - 1]!;
    };
    // IntervalFunctionCompanion.randomize (2.3.0+): delta = rf * current; min = current - delta; max = current + delta;
    //   randomizedValue = min + (Math.random() * (max - min + 1)); return Math.max(1.0, randomizedValue) — then (long), then Math.min(…, maxInterval)
    const randomized = (attempt: number, r: number) => {
      const current = interval(attempt);
      const delta = rf * current;
      const low = current - delta;
      const high = current + delta;
      const value = javaLong(Math.max(1.0, low + r * (high - low + 1)));
      return max === null ? value : Math.min(value, max);
    };
    const capReachedAt = max === null ? null : firstTrueFrom1((attempt) => interval(attempt) >= max, 1 << 20);
    const lowAtCap = max === null ? null : firstTrueFrom1((attempt) => interval(attempt) * (1 - rf) >= max, 1 << 20);
    return independentModel({
      delay: (attempt) => clampedTo(interval(attempt), max),
      jitter:
        rf > 0
          ? {
              bounds: (attempt) => ({ minMs: randomized(attempt, 0), maxMs: randomized(attempt, RANDOM53_MAX) }),
              mean: (attempt) => {
                // (long) max(1.0, X) = max(1, floor X), X uniform on [low, high + 1): a draw below 1 counts 1, not 0.
                const current = interval(attempt);
                const low = current - rf * current;
                const top = current + rf * current + 1;
                return meanFloorUniform(low, top, max) + (low < 1 ? (Math.min(1, top) - low) / (top - low) : 0);
              },
              draw: (attempt, random) => randomized(attempt, random53(random)),
            }
          : null,
      capMs: max,
      capReachedAt,
      steadyFrom: rf > 0 ? lowAtCap : capReachedAt,
      retries,
      parameters: { initialIntervalMillis: initial, multiplier, randomizationFactor: rf, maxIntervalMillis: max, maxAttempts: retries + 1 },
    });
  },
};
