import type { RandomSource } from "../core/model.js";
import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { parseSwitch } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset, PresetModel } from "./types.js";

/** node-retry (npm `retry`): `retry.timeouts(options)`, i.e. `createTimeout(i, opts)` for i = 0 … retries − 1, sorted. */
export const nodeRetry: Preset = {
  name: "node-retry",
  aliases: ["retry"],
  library: "retry 0.13.1",
  repository: "tim-kos/node-retry",
  source: "lib/retry.js (exports.timeouts, exports.createTimeout), lib/retry_operation.js (retry: the conditions)",
  formula: "min(round(max(minTimeout, 1) × factor^(a−1)), maxTimeout)",
  defaults: "retries 10, factor 2, minTimeout 1000 ms, maxTimeout ∞, randomize false",
  stopping: "retries: 10",
  jitter: "randomize: round((1 + r) × d) in [d, 2d] (both ends), then capped by maxTimeout; then every timeout is sorted",
  defaultRetries: 10,
  // retry 0.13.1 lib/retry_operation.js (RetryOperation.prototype.retry): it retries whenever it is handed a truthy err; which errors
  // are handed to it is the caller's code.
  conditions: { words: ["operation.retry(err)"], from: "retry's RetryOperation", isDefault: true, conditions: [{ kind: "code", why: "every error the caller passes to operation.retry(err)" }] },
  defaultAttempts: 10,
  parameters: {
    baseMs: "minTimeout (ms)",
    capMs: "maxTimeout (ms)",
    factor: "factor",
    jitter: "randomize (on or off)",
    retries: "retries",
  },
  quirks: [
    "timeouts() draws every timeout up front and sorts them ascending: with randomize and a factor below 2 the a-th wait is the a-th smallest draw, not the a-th draw.",
    "The cap is applied after randomize, so past the cap every wait is exactly maxTimeout.",
    "minTimeout below 1 is raised to 1 (Math.max(minTimeout, 1)); minTimeout > maxTimeout throws.",
    "maxRetryTime (RetryOperation) stops retrying once the elapsed time reaches it, without shortening a wait.",
  ],
  retryAfter: "retry does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const minTimeout = overrides.baseMs ?? 1000;
    const maxTimeout = overrides.capMs ?? Infinity;
    const factor = overrides.factor ?? 2;
    const randomize = overrides.jitter === undefined ? false : parseSwitch(overrides.jitter, "node-retry's randomize");
    const retries = overrides.retries ?? 10;
    if (minTimeout > maxTimeout) throw new PresetError(parts`node-retry throws "minTimeout is greater than maxTimeout" (${option("baseMs")} ${minTimeout} ms > ${option("capMs")} ${maxTimeout} ms)`);
    // retry.js createTimeout(attempt, opts), attempt = a − 1:
    // Math.round(random * Math.max(opts.minTimeout, 1) * Math.pow(opts.factor, attempt)), then Math.min(timeout, opts.maxTimeout)
    const unrounded = (attempt: number, random: number) => random * Math.max(minTimeout, 1) * Math.pow(factor, attempt - 1);
    const timeout = (attempt: number, random: number) => Math.min(Math.round(unrounded(attempt, random)), maxTimeout);
    const capMs = maxTimeout === Infinity ? null : maxTimeout;
    const capReachedAt = capMs === null ? null : firstTrueFrom1((attempt) => Math.round(unrounded(attempt, 1)) >= capMs);
    const sorted = randomize && factor < 2;
    const draw = (attempt: number, random: RandomSource) => saturate(timeout(attempt, jsRandom(random) + 1));
    const model: PresetModel = {
      delay: (attempt) => clampedTo(saturate(Math.round(unrounded(attempt, 1))), capMs),
      jittered: randomize,
      bounds: (attempt) => (randomize
        ? { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, JS_RANDOM_MAX + 1)) }
        : { minMs: saturate(timeout(attempt, 1)), maxMs: saturate(timeout(attempt, 1)) }),
      meanMs: (attempt) => {
        if (!randomize) return saturate(timeout(attempt, 1));
        const d = unrounded(attempt, 1);
        return meanFloorUniform(d + 0.5, 2 * d + 0.5, capMs);
      },
      sampler: (random) => {
        if (!randomize) return (attempt) => saturate(timeout(attempt, 1));
        if (!sorted) return (attempt) => draw(attempt, random);
        // Factor below 2: the ranges overlap, and timeouts() sorts its draws, so draw them all first.
        let timeouts: Float64Array | null = null;
        return (attempt) => {
          if (timeouts === null) {
            timeouts = new Float64Array(retries);
            for (let a = 1; a <= retries; a++) timeouts[a - 1] = draw(a, random);
            timeouts.sort();
          }
          return attempt <= retries ? timeouts[attempt - 1]! : draw(attempt, random);
        };
      },
      capMs,
      capReachedAt: () => capReachedAt,
      steadyFrom: () => (capReachedAt === null && factor === 1 ? 1 : capReachedAt),
      mayExceedCap: false,
      retries,
      stop: null,
      notes: sorted ? ["node-retry sorts its randomized timeouts: with a factor below 2 the mean shown is that of the a-th draw, not of the a-th smallest."] : [],
      parameters: { retries, factor, minTimeout, maxTimeout: capMs, randomize },
    };
    return model;
  },
};
