import { attemptDelay, capReachedAt as policyCapReachedAt, constantFrom } from "../core/delay.js";
import { MAX_EXACT_MS, SATURATED_MS } from "../core/limits.js";
import { normalizePolicy } from "../core/policy.js";
import { exponentialApprox } from "../core/strategies/exponential.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { isJitterOff } from "./kit/jitter-setting.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";

/** Every refusal goes through here: one PresetError per bad value, in the States Language's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** The Retrier field limits in the Step Functions Developer Guide. */
const MAX_INTERVAL_SECONDS = 99_999_999;
const MAX_DELAY_SECONDS = 31_622_401;
const MAX_ATTEMPTS = 99_999_999;

function wholeSeconds(field: string, ms: number, max: number): number {
  const seconds = ms / 1000;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > max) reject(`${field} is a whole number of seconds from 1 to ${groupDigits(max)}, got ${groupDigits(ms)} ms`);
  return seconds;
}

/** AWS Step Functions Retrier (Amazon States Language "Retry" field). */
export const stepFunctions: Preset = {
  name: "step-functions",
  aliases: ["sfn", "aws-step-functions"],
  library: "AWS Step Functions Retrier (Amazon States Language; MaxDelaySeconds and JitterStrategy since 2023)",
  timeUnit: "fractional seconds",
  repository: "docs.aws.amazon.com",
  source: "step-functions/latest/dg/concepts-error-handling.html (Retrier fields); states-language.net (Errors: Retrying after error)",
  formula: "min(IntervalSeconds × BackoffRate^(a−1), MaxDelaySeconds) seconds",
  defaults: "IntervalSeconds 1, BackoffRate 2.0, MaxAttempts 3, MaxDelaySeconds none, JitterStrategy NONE",
  jitter: "JitterStrategy FULL: uniform between 0 and the capped interval; NONE (default): the interval itself",
  defaultRetries: 3,
  defaultAttempts: 3,
  // states-language.net, "Retrying after error": a Retrier's ErrorEquals is required and names the errors it retries; there is
  // no default (shapes/step-functions.ts reads each retrier's ErrorEquals, from: "ErrorEquals").
  conditions: {
    words: [],
    from: "ErrorEquals, required: a Retrier has no default",
    isDefault: false,
    conditions: [{ kind: "other", text: "the errors each Retrier's ErrorEquals names" }],
  },
  parameters: {
    baseMs: "IntervalSeconds (whole seconds from 1)",
    factor: "BackoffRate (at least 1.0)",
    capMs: "MaxDelaySeconds (whole seconds, at least IntervalSeconds)",
    jitter: "JitterStrategy: NONE or FULL",
    retries: "MaxAttempts (retries after the first attempt; 0 never retries)",
  },
  quirks: [
    "MaxAttempts counts retries, not attempts: 3 means 4 tries in all, and 0 means the error is never retried.",
    "MaxDelaySeconds caps the interval before the jitter, so FULL draws between 0 and MaxDelaySeconds once the cap is reached.",
    "The resolution of the FULL draw is not documented; it is taken as continuous and shown rounded half up to whole ms.",
    "Each retrier keeps its own count: an error matched by a different retrier does not reset it (the guide's ErrorA/ErrorB/ErrorC example).",
    "The state's TimeoutSeconds and the execution's own limit (1 year for Standard, 5 minutes for Express workflows) bound the total.",
    "IntervalSeconds and MaxDelaySeconds are whole seconds; BackoffRate may be fractional (1.5: 1, 1.5, 2.25 s).",
  ],
  retryAfter: "A Step Functions Retrier does not read Retry-After: the schedule is unchanged.",
  build(overrides) {
    const interval = wholeSeconds("IntervalSeconds", overrides.baseMs ?? 1000, MAX_INTERVAL_SECONDS);
    const maxDelay = overrides.capMs === undefined ? null : wholeSeconds("MaxDelaySeconds", overrides.capMs, MAX_DELAY_SECONDS);
    if (maxDelay !== null && maxDelay < interval) reject(`MaxDelaySeconds below IntervalSeconds (${groupDigits(interval)} s) makes every wait MaxDelaySeconds; give at least IntervalSeconds, got ${groupDigits(maxDelay)} s`);
    const rate = overrides.factor ?? 2;
    // 0 is the calculator's "none" too: JitterStrategy NONE.
    const strategy = overrides.jitter === undefined || isJitterOff(overrides.jitter) ? "NONE" : overrides.jitter.trim().toUpperCase();
    if (strategy !== "NONE" && strategy !== "FULL") reject(`JitterStrategy is NONE or FULL, got ${JSON.stringify(overrides.jitter)}`);
    const retries = overrides.retries ?? 3;
    if (retries > MAX_ATTEMPTS) reject(`MaxAttempts is at most ${groupDigits(MAX_ATTEMPTS)}, got ${groupDigits(retries)}`);
    // IntervalSeconds × BackoffRate^(retry − 1), at most MaxDelaySeconds: the calculator's own exact formula, in ms.
    const policy = normalizePolicy({ baseMs: interval * 1000, factor: rate, capMs: maxDelay === null ? null : maxDelay * 1000 });
    const capReachedAt = policyCapReachedAt(policy);
    const ceiling = (attempt: number) => Math.min(exponentialApprox(policy.baseMs, rate, attempt), policy.capMs ?? Infinity);
    return independentModel({
      delay: (attempt) => attemptDelay(policy, attempt),
      jitter:
        strategy === "FULL"
          ? {
              bounds: (attempt) => ({ minMs: 0, maxMs: attemptDelay(policy, attempt).delayMs }),
              // Uniform on [0, d], rounded half up: E[floor(U + ½)].
              // From 2^53 ms the waits are saturated; past 2^1024 the interval is Infinity, and Infinity × 0 is NaN.
              mean: (attempt) => (ceiling(attempt) < MAX_EXACT_MS ? meanFloorUniform(0.5, ceiling(attempt) + 0.5) : SATURATED_MS),
              draw: (attempt, random) => {
                const top = attemptDelay(policy, attempt).delayMs;
                return Number.isFinite(ceiling(attempt)) ? Math.min(wholeMs(random.fraction() * ceiling(attempt)), top) : top;
              },
            }
          : null,
      capMs: policy.capMs,
      capReachedAt,
      steadyFrom: constantFrom(policy),
      retries,
      notes: strategy === "FULL" ? ["step-functions: delay_ms is the interval; with JitterStrategy FULL every wait is drawn between 0 and it."] : [],
      parameters: { IntervalSeconds: interval, BackoffRate: rate, MaxDelaySeconds: maxDelay, MaxAttempts: retries, JitterStrategy: strategy },
    });
  },
};
