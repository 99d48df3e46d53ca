import { MAX_DURATION_NS, goDurationNs, nsToWholeMs } from "./kit/go-duration.js";
import { lastRetryWithin } from "./kit/last-retry-within.js";
import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset, PresetStop } from "./types.js";
import { PresetError } from "./errors.js";

/** Every refusal goes through here: one PresetError per bad value, in Temporal's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** RetryPolicy.maximum_attempts is an int32. */
const INT32_MAX = 2_147_483_647;

/** The Temporal server's retry policy for activities (and workflows that set one). */
export const temporal: Preset = {
  name: "temporal",
  library: "Temporal server 1.31.2 (RetryPolicy)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "temporalio/temporal",
  source: "common/backoff/retry.go (ExponentialBackoffAlgorithm, CalculateExponentialRetryInterval), common/retrypolicy/retry_policy.go, service/history/workflow/retry.go (getBackoffInterval, nextBackoffInterval; isRetryable: the conditions)",
  formula: "min(Duration(initialInterval × backoffCoefficient^(a−1)), maximumInterval) (whole ns, truncated)",
  defaults: "initialInterval 1 s, backoffCoefficient 2, maximumInterval 100 × initialInterval, maximumAttempts 0 (unlimited), no expiration",
  jitter: "none: every retry of the same failure is due at the same instant",
  defaultRetries: null,
  // Temporal server service/history/workflow/retry.go isRetryable (v1.31.2; common/failure/failure.go has no IsRetryable): every failure
  // is retried but a terminated or canceled one, a timeout other than start-to-close or heartbeat, a server failure marked non-retryable,
  // and an application failure marked non-retryable or whose type is in NonRetryableErrorTypes (empty by default).
  conditions: {
    words: ["NonRetryableErrorTypes []"],
    from: "RetryPolicy's default",
    isDefault: true,
    conditions: [{ kind: "every-error", but: "non-retryable application errors, cancellations, terminations and schedule-to-start or schedule-to-close timeouts" }],
  },
  defaultAttempts: 10,
  parameters: {
    baseMs: "initialInterval",
    factor: "backoffCoefficient (at least 1)",
    capMs: "maximumInterval (at least initialInterval; default 100 × initialInterval)",
    retries: "maximumAttempts − 1 (maximumAttempts counts the first attempt; 0 = unlimited)",
    maxElapsedMs: "ScheduleToCloseTimeout (activities) or WorkflowExecutionTimeout: no retry that would start past it",
  },
  quirks: [
    "maximumAttempts counts the first attempt: 0 (the default) retries forever, 1 never retries.",
    "maximumInterval defaults to 100 × initialInterval (DefaultRetrySettings.MaximumIntervalCoefficient), so 100 s, reached at attempt 8 (128 s capped).",
    "There is no jitter: activities that failed together retry together.",
    "An ApplicationFailure's NextRetryDelay replaces the computed interval (for an activity even past maximumInterval); non-retryable error types and timeouts other than StartToClose and Heartbeat end retrying at once.",
    "With an expiration, a retry whose start would pass it is not made (now + interval after the expiration time); attempts' own run time counts too (0 here unless a try time is given).",
    "Intervals are whole nanoseconds: int64(initialInterval × math.Pow(coefficient, a − 1)), truncated; shown rounded half up to whole ms.",
    "Activities get this policy by default; a workflow is retried only when it is given a retry policy.",
  ],
  retryAfter: "Temporal does not read Retry-After: the schedule is unchanged (an activity's ApplicationError NextRetryDelay replaces one wait, not modelled here).",
  build(overrides) {
    const initialNs = goDurationNs("initialInterval", overrides.baseMs ?? 1000);
    const coefficient = overrides.factor ?? 2;
    const maxNs = overrides.capMs === undefined ? initialNs * 100n : goDurationNs("maximumInterval", overrides.capMs);
    if (maxNs > MAX_DURATION_NS) reject(`maximumInterval defaults to 100 × initialInterval, past a Go time.Duration for ${groupDigits(nsToWholeMs(initialNs))} ms`);
    if (maxNs < initialNs) reject(`maximumInterval cannot be less than initialInterval (${groupDigits(nsToWholeMs(initialNs))} ms), got ${groupDigits(nsToWholeMs(maxNs))} ms`);
    const retries = overrides.retries ?? null;
    if (retries !== null && retries + 1 > INT32_MAX) reject(`maximumAttempts is an int32, at most ${groupDigits(INT32_MAX)} (${groupDigits(INT32_MAX - 1)} retries), got ${groupDigits(retries + 1)}`);
    const expirationNs = overrides.maxElapsedMs === undefined ? null : goDurationNs("ScheduleToCloseTimeout", overrides.maxElapsedMs);

    // retry.go: result := float64(initInterval.Nanoseconds()) * math.Pow(backoffCoefficient, float64(currentAttempt-1))
    //           time.Duration(max(0, min(int64(result), math.MaxInt64))); then capped by maximumInterval.
    // A result past int64 converts to a negative number on amd64, then 0, and `interval <= 0` gives maximumInterval.
    const raw = (attempt: number) => Number(initialNs) * Math.pow(coefficient, attempt - 1);
    const intervalNs = (attempt: number): bigint => {
      const x = raw(attempt);
      return x >= Number(maxNs) ? maxNs : BigInt(Math.trunc(x));
    };
    const capReachedAt = firstTrueFrom1((attempt) => raw(attempt) >= Number(maxNs), 1 << 24);
    const steadyFrom = coefficient === 1 ? 1 : capReachedAt;

    let stop: PresetStop | null = null;
    if (expirationNs !== null) {
      const last = lastRetryWithin({ wait: intervalNs, steadyFrom, limit: expirationNs, inclusive: true, retries });
      const limitText = `${groupDigits(nsToWholeMs(expirationNs))} ms`;
      if (last === 0) reject(`the first retry is due after ${groupDigits(nsToWholeMs(intervalNs(1)))} ms, past the expiration (${limitText}): Temporal makes no retry`);
      // No jitter: every run stops at the same retry.
      if (last !== null) {
        stop = {
          limit: `the expiration (${limitText})`,
          limitMs: nsToWholeMs(expirationNs),
          lastAttempt: last,
          fewest: last,
          most: last,
          reason: `temporal makes no retry that would start past the expiration (${limitText}): attempt ${last} is the last one retried.`,
        };
      }
    }
    const model = independentModel({
      delay: (attempt) => {
        const value = nsToWholeMs(intervalNs(attempt));
        const x = raw(attempt);
        return { rawMs: saturate(x >= 2 ** 63 ? Infinity : nsToWholeMs(BigInt(Math.trunc(x)))), delayMs: value, clamped: x > Number(maxNs) };
      },
      jitter: null,
      capMs: nsToWholeMs(maxNs),
      capReachedAt,
      steadyFrom,
      retries,
      stop,
      parameters: {
        initialInterval: Number(initialNs) / 1e6,
        backoffCoefficient: coefficient,
        maximumInterval: Number(maxNs) / 1e6,
        maximumAttempts: retries === null ? 0 : retries + 1,
        ScheduleToCloseTimeout: expirationNs === null ? null : Number(expirationNs) / 1e6,
      },
    });
    if (expirationNs === null) return model;
    // The expiration counts from the activity's scheduling (its first attempt's start); a retry whose start would pass
    // it is not made, the attempts' run time counted (no jitter: the waits are the model's own).
    const limitMs = nsToWholeMs(expirationNs);
    return { ...model, timed: { waits: model, stop: { rule: "fits", limitMs, from: "first-try" }, deadlineMs: null, text: `the expiration (${groupDigits(limitMs)} ms)` } };
  },
};
