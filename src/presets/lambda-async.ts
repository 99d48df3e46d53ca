import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { lastRetryWithin } from "./kit/last-retry-within.js";
import type { Preset, PresetStop } from "./types.js";
import { PresetError } from "./errors.js";
import { LAMBDA_ASYNC_DEFAULT_RETRY_ON } from "../core/conditions/defaults/lambda-async.js";

/** Every refusal goes through here: one PresetError per bad value, in the event invoke config's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** The waits AWS documents before the first and the second retry of a function error. */
const WAITS_MS = [60_000, 120_000] as const;
/** MaximumEventAgeInSeconds: 60 to 21,600 (6 hours, the default). */
const MIN_AGE_S = 60;
const MAX_AGE_S = 21_600;

/**
 * AWS Lambda's asynchronous invocation: the retries Lambda makes of an event whose run
 * returned a function error (the AWS Lambda Developer Guide, "How Lambda handles errors and
 * retries with asynchronous invocation", invocation-async-error-handling.html; the limits
 * of AWS::Lambda::EventInvokeConfig / PutFunctionEventInvokeConfig).
 */
export const lambdaAsync: Preset = {
  name: "lambda-async",
  library: "AWS Lambda asynchronous invocation (function errors; Developer Guide 2025)",
  repository: "docs.aws.amazon.com",
  source: "lambda/latest/dg/invocation-async-error-handling.html (\"a one-minute wait between the first two attempts, and two minutes between the second and third\"); AWS::Lambda::EventInvokeConfig (MaximumRetryAttempts 0–2, MaximumEventAgeInSeconds 60–21,600)",
  formula: "60 s before retry 1, 120 s before retry 2 (the documented waits; no retry 3)",
  defaults: "MaximumRetryAttempts 2, MaximumEventAgeInSeconds 21,600 (6 hours)",
  jitter: "none documented",
  defaultRetries: 2,
  defaultAttempts: 2,
  conditions: LAMBDA_ASYNC_DEFAULT_RETRY_ON,
  stopping: "MaximumRetryAttempts 2",
  parameters: {
    retries: "MaximumRetryAttempts (0 to 2)",
    maxElapsedMs: "MaximumEventAgeInSeconds (whole seconds, 60 to 21,600)",
  },
  quirks: [
    "The waits are AWS's documented ones for function errors (the code's or the runtime's, timeouts included): one minute, then two. They are not configurable, and there are at most two retries.",
    "Throttles (429) and system errors (500s) are retried otherwise: the event goes back to the queue, retried with a wait growing exponentially from 1 s to 5 min, for up to MaximumEventAgeInSeconds (6 hours by default). That schedule's factor is not documented and is not modelled.",
    "MaximumEventAgeInSeconds discards an event older than it: a retry whose wait would end past it is not made. The event's age also counts its time in the queue and each run (up to the function's Timeout), 0 here unless a try time is given, so retries near the limit may be discarded sooner.",
    "The event queue is eventually consistent: a function may receive an event more than once even without an error.",
  ],
  retryAfter: "Lambda's asynchronous retries read no Retry-After (a function error has no HTTP response): the schedule is unchanged.",
  build(overrides) {
    const retries = overrides.retries ?? 2;
    if (retries > 2) reject(`MaximumRetryAttempts is 0, 1 or 2, got ${groupDigits(retries)}`);
    const ageMs = overrides.maxElapsedMs ?? MAX_AGE_S * 1000;
    const age = ageMs / 1000;
    if (!Number.isInteger(age) || age < MIN_AGE_S || age > MAX_AGE_S) reject(`MaximumEventAgeInSeconds is a whole number of seconds from 60 to 21,600, got ${groupDigits(ageMs)} ms`);
    const wait = (attempt: number) => WAITS_MS[Math.min(attempt, 2) - 1]!;
    // A retry is made while the event is at most MaximumEventAgeInSeconds old when it would start (the runs taken as no time).
    const last = lastRetryWithin({ wait: (attempt) => BigInt(wait(attempt)), steadyFrom: 2, limit: BigInt(ageMs), inclusive: true, retries });
    const limitText = `MaximumEventAgeInSeconds ${groupDigits(age)}`;
    const stop: PresetStop | null =
      last === null
        ? null
        : { limit: limitText, limitMs: ageMs, lastAttempt: last, fewest: last, most: last, reason: `lambda-async discards the event once it is older than ${limitText} s: attempt ${last} is the last one retried.` };
    const model = independentModel({
      delay: (attempt) => ({ rawMs: wait(attempt), delayMs: wait(attempt), clamped: false }),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: 2,
      retries,
      stop,
      parameters: { MaximumRetryAttempts: retries, MaximumEventAgeInSeconds: age },
    });
    // For the deadline model (PresetModel.timed): the event's age counts each run too, so with runs that take time a retry
    // is made when its wait would end by the limit, counted from the first run's start (no jitter: the model's own waits).
    return { ...model, timed: { waits: model, stop: { rule: "fits", limitMs: ageMs, from: "first-try" }, deadlineMs: null, text: limitText } };
  },
};
