import { addMs } from "../limits.js";
import { checkRange, type AttemptRange, type TimingOf } from "../schedule.js";
import type { DeadlineInput } from "./input.js";
import { retryTiming } from "./retry.js";
import type { RetryTiming } from "./timing.js";
import { cutShortInSomeRun, firesOf } from "./fires.js";
import { meanWaitSum, triesMs, waitSums } from "./wait-sums.js";

/**
 * The retries of a range one at a time, in constant memory: the sums before the range once
 * (closed forms where the model has them), then one attempt added per step, its waits
 * either read from the model (`next`) or handed in (`nextWith`, un-jittered, lowest, highest
 * and expected: a schedule row of the same model holds exactly these, so the streamed CSV
 * does not work each delay out twice).
 */
export interface TimingSteps {
  next(): RetryTiming;
  readonly nextWith: TimingOf;
}

export function timingSteps(input: DeadlineInput, range: AttemptRange): TimingSteps {
  checkRange(range);
  const { waits } = input;
  const jittered = waits.jittered;
  const before = waitSums(waits, range.first - 1);
  let plainSum = before.plainMs;
  let lowSum = before.lowMs;
  let highSum = before.highMs;
  let meanSum = meanWaitSum(waits, range.first - 1);
  let attempt = range.first;
  const { attemptTimeMs, deadlineMs, retries } = input;
  // Without jitter and without a stop the three bounding runs are one and nothing clips a
  // start: retryTiming's verdict, worked out with no object but the timing itself (the
  // streamed CSV's case; test/core/deadline/rows.test.ts holds it to retryTimingAt).
  const plainStep = (delayMs: number): RetryTiming => {
    plainSum = addMs(plainSum, delayMs);
    const startMs = addMs(triesMs(attemptTimeMs, attempt), plainSum);
    const made = retries === null || attempt <= retries;
    const fires = firesOf(made, made, startMs, startMs, attemptTimeMs, deadlineMs);
    return {
      attempt: attempt++,
      startMs,
      startMinMs: startMs,
      startMaxMs: startMs,
      startMeanMs: made ? startMs : null,
      fires,
      cutShortSome: cutShortInSomeRun(fires, startMs, startMs, attemptTimeMs, deadlineMs),
      madeSome: made,
      madeAll: made,
    };
  };
  if (!jittered && input.stop === null) {
    return { next: () => plainStep(waits.delay(attempt).delayMs), nextWith: plainStep };
  }
  const step = (delayMs: number, minMs: number, maxMs: number, meanMs: number): RetryTiming => {
    const sums = { plainMs: plainSum, lowMs: lowSum, highMs: highSum };
    plainSum = addMs(plainSum, delayMs);
    lowSum = addMs(lowSum, minMs);
    highSum = addMs(highSum, maxMs);
    meanSum = jittered ? meanSum + meanMs : plainSum;
    return retryTiming(input, attempt++, sums, { plainMs: plainSum, lowMs: lowSum, highMs: highSum }, maxMs, meanSum);
  };
  return {
    next: () => {
      const delayMs = waits.delay(attempt).delayMs;
      if (!jittered) return step(delayMs, delayMs, delayMs, delayMs);
      const { minMs, maxMs } = waits.bounds(attempt);
      return step(delayMs, minMs, maxMs, waits.meanMs(attempt));
    },
    nextWith: step,
  };
}

/** Each retry of a range under the deadline model, lazily and in constant memory. */
export function* retryTimings(input: DeadlineInput, range: AttemptRange): Generator<RetryTiming> {
  const steps = timingSteps(input, range);
  for (let attempt = range.first; attempt <= range.last; attempt++) yield steps.next();
}
