import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseChoice } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";

/** coveo/exponential-backoff `backOff(fn, options)` with the default skip-first delay. */
export const exponentialBackoff: Preset = {
  name: "exponential-backoff",
  library: "exponential-backoff 3.1.3",
  timeUnit: "fractional milliseconds (handed to setTimeout)",
  repository: "coveo/exponential-backoff",
  source: "src/delay/delay.base.ts, src/delay/skip-first/skip-first.delay.ts, src/jitter/full/full.jitter.ts, src/options.ts",
  formula: "min(startingDelay × timeMultiple^(a−1), maxDelay)",
  defaults: "startingDelay 100 ms, timeMultiple 2, maxDelay ∞, numOfAttempts 10 (9 retries), jitter 'none', delayFirstAttempt false",
  stopping: "numOfAttempts: 10",
  jitter: "'full': Math.round(r × d), in [0, d] (both ends at half weight), after the cap",
  defaultRetries: 9,
  // exponential-backoff 3.1.3 src/options.ts: retry: () => true.
  conditions: { words: ["retry () => true"], from: "exponential-backoff's default", isDefault: true, conditions: [{ kind: "every-error" }] },
  defaultAttempts: 9,
  parameters: {
    baseMs: "startingDelay (ms)",
    capMs: "maxDelay (ms)",
    factor: "timeMultiple",
    jitter: "jitter: none or full",
    retries: "numOfAttempts − 1 (numOfAttempts counts the first call)",
  },
  quirks: [
    "numOfAttempts counts the first call, so the default makes 9 retries (51,100 ms in all).",
    "Without jitter the delay is not rounded: a fractional startingDelay or timeMultiple gives fractional ms (shown rounded half up).",
    "delayFirstAttempt: true waits startingDelay before the first call too and shifts every later delay up one power (not modelled).",
  ],
  retryAfter: "exponential-backoff does not read Retry-After: the schedule is unchanged (retry() can only say yes or no, not how long).",
  build(overrides) {
    const startingDelay = overrides.baseMs ?? 100;
    const timeMultiple = overrides.factor ?? 2;
    const maxDelay = overrides.capMs ?? Infinity;
    const jitter = overrides.jitter === undefined ? "none" : parseChoice(overrides.jitter, "exponential-backoff's jitter", ["none", "full"] as const);
    // delay.base.ts: constant * Math.pow(base, power) with power = numOfDelayedAttempts = a − 1 (skip-first), then Math.min(delay, maxDelay)
    const raw = (attempt: number) => startingDelay * Math.pow(timeMultiple, attempt - 1);
    const delay = (attempt: number) => Math.min(raw(attempt), maxDelay);
    // full.jitter.ts: Math.round(Math.random() * delay)
    const full = (attempt: number, r: number) => Math.round(r * delay(attempt));
    const capMs = maxDelay === Infinity ? null : wholeMs(maxDelay);
    const capReachedAt = maxDelay === Infinity ? null : firstTrueFrom1((attempt) => raw(attempt) >= maxDelay);
    const retries = overrides.retries ?? 9;
    return independentModel({
      delay: (attempt) => clampedTo(wholeMs(raw(attempt)), capMs),
      jitter:
        jitter === "full"
          ? {
              bounds: (attempt) => ({ minMs: 0, maxMs: saturate(full(attempt, JS_RANDOM_MAX)) }),
              mean: (attempt) => meanFloorUniform(0.5, delay(attempt) + 0.5),
              draw: (attempt, random) => saturate(full(attempt, jsRandom(random))),
            }
          : null,
      capMs,
      capReachedAt,
      steadyFrom: timeMultiple === 1 ? 1 : capReachedAt,
      retries,
      parameters: { startingDelay, timeMultiple, maxDelay: capMs, numOfAttempts: retries + 1, jitter },
    });
  },
};
