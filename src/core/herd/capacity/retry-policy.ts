import type { RandomSource, ScheduleModel } from "../../model.js";

/**
 * One request's retries: the wait before retry n (n = 1, 2, … in order), or null once the
 * policy gives up. Called only after a failure, so a request that succeeds at once costs
 * nothing.
 */
export type RetryRun = (retry: number) => number | null;

/** Where each request's retries come from: a fresh run per request that fails, drawing from `random`. */
export type RetryPolicy = (random: RandomSource) => RetryRun;

/** No retries at all: every failure is final. */
export const NO_RETRIES: RetryPolicy = () => () => null;

/**
 * Up to `retries` retries timed by a schedule model (the calculator's policy with any
 * jitter, or a library preset's model): each request that fails gets its own sampler, so
 * stateful jitter (decorrelated) follows each request's own history. An un-jittered model
 * needs no sampler: every request shares one run.
 */
export function scheduleRetries(model: ScheduleModel, retries: number): RetryPolicy {
  if (!Number.isSafeInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number from 0, got ${retries}`);
  if (!model.jittered) {
    const waits = Array.from({ length: retries }, (_, i) => model.delay(i + 1).delayMs);
    const shared: RetryRun = (n) => (n <= retries ? waits[n - 1]! : null);
    return () => shared;
  }
  return (random) => {
    const sample = model.sampler(random);
    return (n) => (n <= retries ? sample(n) : null);
  };
}
