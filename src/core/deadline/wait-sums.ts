import { MAX_WALKED_ATTEMPTS, WalkLimitError, addMs, timesMs } from "../limits.js";
import type { ScheduleModel } from "../model.js";
import { modelTotals } from "../schedule.js";

/**
 * The waits of attempts 1..a added up in the runs that bound every other: un-jittered,
 * every draw at its lowest, every draw at its highest. Each start, end and give-up time
 * of the deadline model is a try-time multiple plus one of these.
 */
export interface WaitSums {
  readonly plainMs: number;
  readonly lowMs: number;
  readonly highMs: number;
}

export const NO_WAITS: WaitSums = { plainMs: 0, lowMs: 0, highMs: 0 };

/** The sums after attempts 1..attempt (closed forms where the model has them). */
export function waitSums(model: ScheduleModel, attempt: number): WaitSums {
  if (attempt < 1) return NO_WAITS;
  const totals = modelTotals(model, attempt);
  return { plainMs: totals.cumulativeMs, lowMs: totals.minMs, highMs: totals.maxMs };
}

/** The sums one attempt further on. */
export function addWaits(sums: WaitSums, model: ScheduleModel, attempt: number): WaitSums {
  const plain = model.delay(attempt).delayMs;
  const { minMs, maxMs } = model.jittered ? model.bounds(attempt) : { minMs: plain, maxMs: plain };
  return { plainMs: addMs(sums.plainMs, plain), lowMs: addMs(sums.lowMs, minMs), highMs: addMs(sums.highMs, maxMs) };
}

/** The expected sum of the waits 1..attempt: walked up to where the model is steady, then a constant tail. */
export function meanWaitSum(model: ScheduleModel, attempt: number): number {
  if (!model.jittered) return waitSums(model, attempt).plainMs;
  const steady = model.steadyFrom();
  const walkTo = steady === null ? attempt : Math.min(attempt, steady - 1);
  if (walkTo > MAX_WALKED_ATTEMPTS) throw new WalkLimitError(attempt);
  let sum = 0;
  for (let a = 1; a <= walkTo; a++) sum += model.meanMs(a);
  if (steady !== null && attempt >= steady) sum += model.meanMs(steady) * (attempt - steady + 1);
  return sum;
}

/** The highest single wait of an attempt (its un-jittered wait without jitter). */
export function highestWait(model: ScheduleModel, attempt: number): number {
  return model.jittered ? model.bounds(attempt).maxMs : model.delay(attempt).delayMs;
}

/** a × T: the try time of the a tries before retry a. */
export function triesMs(attemptTimeMs: number, tries: number): number {
  return timesMs(attemptTimeMs, tries);
}
