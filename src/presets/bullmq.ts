import { unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { parseFraction } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

/** BullMQ's built-in exponential backoff, `Backoffs.builtinStrategies.exponential(delay, jitter)(attemptsMade)`. */
export const bullmq: Preset = {
  name: "bullmq",
  library: "bullmq 6.7.0",
  repository: "taskforcesh/bullmq",
  source: "src/classes/backoffs.ts (called from src/classes/job.ts with attemptsMade + 1); src/classes/job.ts (shouldRetryJob: the conditions)",
  formula: "round(2^(a−1) × delay); type 'fixed': delay",
  defaults: "backoff { type: 'exponential', delay: 1000 (BullMQ has no default delay), jitter: 0 }; attempts 1 (no retries)",
  stopping: "attempts: 1, no retries",
  jitter: "downward only: floor(r × D × jitter + D × (1 − jitter)), in [floor(D(1−jitter)), D − 1]; no cap exists",
  defaultRetries: 0,
  // bullmq src/classes/job.ts (shouldRetryJob, lines 696-699, read at v6.2.0, the newest tag in the stored history): a job is retried while
  // attemptsMade + 1 < attempts && !(err instanceof UnrecoverableError || err.name == 'UnrecoverableError'): every error the processor throws.
  conditions: { words: [], from: "BullMQ's default: every thrown error", isDefault: true, conditions: [{ kind: "every-error", but: "UnrecoverableError" }] },
  defaultAttempts: 10,
  parameters: {
    strategy: "backoff.type: exponential (default) or fixed",
    baseMs: "backoff.delay (ms)",
    jitter: "backoff.jitter, a fraction from 0 to 1 (downward)",
    retries: "attempts − 1 (attempts counts the first try)",
  },
  quirks: [
    "attempts defaults to 1, so a job is not retried unless attempts is set; the schedule shows 10 retries (attempts: 11).",
    "Without a delay the built-in strategy returns NaN; the preset uses 1000 ms.",
    "The multiplier is fixed at 2 and there is no cap option.",
    "Releases before 3.4.1 computed round((2^a − 1) × delay): 1000, 3000, 7000, …",
    "With jitter the base is rounded first (Math.round), then the jittered value is floored: the top value D itself is never drawn; delay_ms is still D, the formula's value before the jitter, with the waits' range and mean beside it.",
  ],
  retryAfter: "BullMQ does not read Retry-After: the schedule is unchanged (a job that must wait longer calls job.moveToDelayed itself, or throws a DelayedError).",
  build(overrides) {
    const delay = overrides.baseMs ?? 1000;
    const jitter = overrides.jitter === undefined ? 0 : parseFraction(overrides.jitter, "BullMQ's backoff.jitter", { min: 0, max: 1, maxIncluded: true });
    const type = overrides.strategy ?? "exponential";
    if (type === "linear") throw new PresetError(parts`${option("strategy")} linear has no counterpart in bullmq; its backoff.type is exponential or fixed`);
    // backoffs.ts: exponential Math.round(Math.pow(2, attemptsMade - 1) * delay); fixed returns delay itself.
    const full = type === "fixed" ? () => delay : (attempt: number) => Math.round(Math.pow(2, attempt - 1) * delay);
    const jittered = (attempt: number, r: number) => {
      const maxDelay = full(attempt);
      const minDelay = maxDelay * (1 - jitter);
      return Math.floor(r * maxDelay * jitter + minDelay);
    };
    const retries = overrides.retries ?? 0;
    const mean = (attempt: number) => {
      const d = full(attempt);
      return meanFloorUniform(d * (1 - jitter), d);
    };
    return independentModel({
      // delay is D, the formula's value before the jitter; with jitter no wait reaches it (the top is D − 1).
      delay: (attempt) => unclamped(wholeMs(full(attempt))),
      jitter:
        jitter > 0
          ? {
              bounds: (attempt) => ({ minMs: saturate(jittered(attempt, 0)), maxMs: saturate(jittered(attempt, JS_RANDOM_MAX)) }),
              mean,
              draw: (attempt, random) => saturate(jittered(attempt, jsRandom(random))),
            }
          : null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: type === "fixed" ? 1 : null,
      retries,
      notes: overrides.retries === undefined ? ["BullMQ retries nothing by default (attempts: 1); shown: attempts 1..10, i.e. attempts: 11."] : [],
      parameters: { type, delay, jitter, attempts: retries + 1 },
    });
  },
};
