import { MAX_DURATION_NS, goDurationNs, nsToWholeMs } from "./kit/go-duration.js";
import { lastRetryWithin } from "./kit/last-retry-within.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import type { Preset, PresetStop } from "./types.js";
import { PresetError } from "./errors.js";
import { ARGO_DEFAULT_RETRY_ON } from "../core/conditions/defaults/argo.js";

/** Every refusal goes through here: one PresetError per bad value, in Argo's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** backoff.factor and retryStrategy.limit are read with intstr.Int32. */
const INT32_MAX = 2_147_483_647;

/** Argo Workflows retryStrategy with backoff (the workflow controller's processNodeRetries). */
export const argo: Preset = {
  name: "argo",
  aliases: ["argo-workflows"],
  library: "Argo Workflows v4.1.2 (retryStrategy.backoff; cap since v3.7.0)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "argoproj/argo-workflows",
  source: "workflow/controller/operator.go (processNodeRetries), pkg/apis/workflow/v1alpha1/workflow_types.go (Backoff, RetryStrategy), examples/retry-backoff.yaml",
  formula: "min(duration × factor^(a−1), cap) (whole ns; factor an integer)",
  defaults: "Argo has none for backoff; shown: examples/retry-backoff.yaml's limit 10, duration 1 s, factor 2 (its cap 5 s and maxDuration 1 m left out)",
  jitter: "none",
  defaultRetries: 10,
  defaultAttempts: 10,
  conditions: ARGO_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "backoff.duration",
    factor: "backoff.factor (a whole number; 1 keeps the wait constant)",
    capMs: "backoff.cap (v3.7.0+)",
    retries: "retryStrategy.limit (retries after the first attempt)",
    maxElapsedMs: "backoff.maxDuration (from the first attempt's start)",
  },
  quirks: [
    "backoff.factor is an integer (intstr.Int32): \"1.5\" fails the workflow; unset or 0 keeps every wait at duration.",
    "Argo waits only when retryStrategy.limit is set: without a limit it retries at once, whatever the backoff (operator.go checks Limit != nil before requeueing).",
    "backoff.cap exists from v3.7.0; earlier controllers ignore it and the wait grows without bound.",
    "maxDuration counts from the first attempt's start: a retry whose wait would end past it is not made ('Backoff would exceed max duration limit'); pods' run time counts too (0 here unless a try time is given).",
    "The wait runs from the failed pod's finish and the controller requeues the workflow, so real waits are a little longer.",
    "retryPolicy defaults to OnFailure: nodes in the Error phase are not retried.",
  ],
  retryAfter: "Argo's retryStrategy does not read Retry-After (a failed node has no HTTP response): the schedule is unchanged.",
  build(overrides) {
    const durationNsValue = goDurationNs("backoff.duration", overrides.baseMs ?? 1000);
    const factor = overrides.factor ?? 2;
    if (!Number.isInteger(factor) || factor > INT32_MAX) reject(`backoff.factor is a whole number (intstr.Int32) up to ${groupDigits(INT32_MAX)}, got ${factor}`);
    const capNs = overrides.capMs === undefined ? null : goDurationNs("backoff.cap", overrides.capMs);
    const limit = overrides.retries ?? 10;
    if (limit > INT32_MAX) reject(`retryStrategy.limit is an int32, at most ${groupDigits(INT32_MAX)}, got ${groupDigits(limit)}`);
    const maxDurationNs = overrides.maxElapsedMs === undefined ? null : goDurationNs("backoff.maxDuration", overrides.maxElapsedMs);

    // operator.go: factor := math.Pow(float64(factor), float64(len(childNodeIds)-1))
    //   if factor > float64(math.MaxInt64)/float64(baseDuration) { timeToWait = time.Duration(math.MaxInt64) }
    //   else { timeToWait = baseDuration * time.Duration(factor) };  if timeToWait > capDuration { timeToWait = capDuration }
    const uncappedNs = (attempt: number): bigint => {
      const power = Math.pow(factor, attempt - 1);
      if (power > Number(MAX_DURATION_NS) / Number(durationNsValue)) return MAX_DURATION_NS;
      return durationNsValue * BigInt(power);
    };
    const waitNs = (attempt: number): bigint => {
      const value = uncappedNs(attempt);
      return capNs !== null && value > capNs ? capNs : value;
    };
    const capReachedAt = capNs === null ? null : firstTrueFrom1((attempt) => uncappedNs(attempt) >= capNs, 1 << 20);
    const steadyFrom = factor === 1 ? 1 : capReachedAt ?? firstTrueFrom1((attempt) => uncappedNs(attempt) === MAX_DURATION_NS, 1 << 20);

    let stop: PresetStop | null = null;
    if (maxDurationNs !== null) {
      // waitingDeadline := lastChildNode.FinishedAt.Add(timeToWait); stop if waitingDeadline.After(maxDurationDeadline)
      const last = lastRetryWithin({ wait: waitNs, steadyFrom, limit: maxDurationNs, inclusive: true, retries: limit });
      const limitText = `${groupDigits(nsToWholeMs(maxDurationNs))} ms`;
      if (last === 0) reject(`the first wait (${groupDigits(nsToWholeMs(waitNs(1)))} ms) would end past backoff.maxDuration (${limitText}): Argo makes no retry`);
      // No jitter: every run stops at the same retry.
      if (last !== null) {
        stop = {
          limit: `backoff.maxDuration (${limitText})`,
          limitMs: nsToWholeMs(maxDurationNs),
          lastAttempt: last,
          fewest: last,
          most: last,
          reason: `argo makes no retry whose wait would end past backoff.maxDuration (${limitText}): attempt ${last} is the last one retried.`,
        };
      }
    }
    const model = independentModel({
      delay: (attempt) => {
        const raw = uncappedNs(attempt);
        return { rawMs: nsToWholeMs(raw), delayMs: nsToWholeMs(waitNs(attempt)), clamped: capNs !== null && raw > capNs };
      },
      jitter: null,
      capMs: capNs === null ? null : nsToWholeMs(capNs),
      capReachedAt,
      steadyFrom,
      retries: limit,
      stop,
      notes: overrides.baseMs === undefined && overrides.factor === undefined ? ["argo: Argo has no default backoff; duration 1 s and factor 2 are examples/retry-backoff.yaml's."] : [],
      parameters: {
        duration: Number(durationNsValue) / 1e6,
        factor,
        cap: capNs === null ? null : Number(capNs) / 1e6,
        maxDuration: maxDurationNs === null ? null : Number(maxDurationNs) / 1e6,
        limit,
      },
    });
    if (maxDurationNs === null) return model;
    // maxDurationDeadline counts from the first child's start, waitingDeadline from the last one's finish: the pods'
    // run time counts, and a retry is made when its wait ends by the limit (no jitter: the waits are the model's own).
    const limitMs = nsToWholeMs(maxDurationNs);
    return { ...model, timed: { waits: model, stop: { rule: "fits", limitMs, from: "first-try" }, deadlineMs: null, text: `backoff.maxDuration (${groupDigits(limitMs)} ms)` } };
  },
};
