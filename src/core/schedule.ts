import { attemptDelay, constantFrom } from "./delay.js";
import { MAX_EXACT_MS, MAX_WALKED_ATTEMPTS, WalkLimitError, addMs, checkWalkLength, isSaturated, timesMs } from "./limits.js";
import type { RandomSource, RunsStopped, ScheduleModel } from "./model.js";
import { type Policy, checkAttempt } from "./policy.js";
import type { RetryTiming } from "./deadline/timing.js";
import type { RetryAfterChange } from "./retry-after/change.js";
import { exponentialWalkEnd, linearDelaySum } from "./totals.js";

/** An inclusive range of attempts, both ends from 1. */
export interface AttemptRange {
  readonly first: number;
  readonly last: number;
}

/** One row of a schedule; every value in whole milliseconds (saturated from 2^53). */
export interface ScheduleRow {
  readonly attempt: number;
  /** The un-jittered delay before the cap. */
  readonly rawMs: number;
  /** The un-jittered delay. */
  readonly delayMs: number;
  /** Total un-jittered waiting since the first failure: the delays of attempts 1..attempt. */
  readonly cumulativeMs: number;
  /** The comparison schedule (linear, same base, step and cap), for contrast. */
  readonly linearMs: number;
  readonly linearCumulativeMs: number;
  /** Whether the cap cut this attempt's un-jittered delay. */
  readonly clamped: boolean;
  /** Exact bounds of the (jittered) delay and of the total; equal to the delay without jitter. */
  readonly minMs: number;
  readonly maxMs: number;
  /** The expected delay (may be fractional). */
  readonly meanMs: number;
  readonly cumulativeMinMs: number;
  readonly cumulativeMaxMs: number;
  /** For a library that stops by elapsed time, whether some runs or all have stopped before this retry; otherwise null. */
  readonly runsStopped: RunsStopped | null;
  /** One sampled sequence, when a random source was given (null there once the sampled run has stopped); otherwise null. */
  readonly sampleMs: number | null;
  readonly sampleCumulativeMs: number | null;
  /** When the retry starts and whether it fires, where tries take time or a deadline ends them (deadline/timed-rows.ts). */
  readonly timing?: RetryTiming;
  /** The Retry-After this retry's failure carried and what it did to the wait (--retry-after; retry-after/rows.ts). */
  readonly retryAfter?: { readonly headerMs: number; readonly change: RetryAfterChange };
}

export interface ScheduleSummary {
  readonly first: number;
  readonly last: number;
  /** Total un-jittered waiting after the last attempt of the range (from the first failure). */
  readonly totalMs: number;
  readonly linearTotalMs: number;
  /** Best and worst case of the total (jitter included). */
  readonly totalMinMs: number;
  readonly totalMaxMs: number;
  /** The first attempt whose delay reaches the cap, within the range or not; null when never. */
  readonly capReachedAt: number | null;
  /** delay ÷ linear delay at the last attempt; null when either is saturated or zero. */
  readonly ratioToLinear: number | null;
  /** The last un-jittered delay and its comparison. */
  readonly lastDelayMs: number;
  readonly lastLinearMs: number;
  /** Whether any delay or total in the range is saturated (2^53 ms or more). */
  readonly saturated: boolean;
}

export function checkRange(range: AttemptRange): void {
  checkAttempt(range.first);
  checkAttempt(range.last);
  if (range.last < range.first) throw new RangeError(`attempt range ${range.first}..${range.last} is reversed`);
}

/** Sum of the delays of attempts from..to, stopping early once saturated. */
function sumDelays(policy: Policy, from: number, to: number): number {
  if (to < from) return 0;
  if (policy.strategy === "linear") return linearDelaySum(policy, from, to);
  // Exponential: no closed form for a sum of rounded powers, so the walk is bounded: it ends
  // where the cap is reached (the caller adds the constant tail) or the sum saturates.
  checkWalkLength(Math.min(to, exponentialWalkEnd(policy)) - from + 1, to);
  let sum = 0;
  for (let attempt = from; attempt <= to && !isSaturated(sum); attempt++) {
    sum = addMs(sum, attemptDelay(policy, attempt).delayMs);
  }
  return sum;
}

/** Total waiting after attempts 1..attempt, without walking past where the delay stops changing. */
export function cumulativeMs(policy: Policy, attempt: number): number {
  if (attempt < 1) return 0;
  const steady = constantFrom(policy);
  if (steady === null || attempt < steady) return sumDelays(policy, 1, attempt);
  const before = sumDelays(policy, 1, steady - 1);
  return addMs(before, timesMs(attemptDelay(policy, steady).delayMs, attempt - steady + 1));
}

/** Totals after attempts 1..attempt: un-jittered, best case and worst case. */
export interface Totals {
  readonly cumulativeMs: number;
  readonly minMs: number;
  readonly maxMs: number;
}

/** Totals after attempts 1..attempt, using closed forms once the model is steady. */
export function modelTotals(model: ScheduleModel, attempt: number): Totals {
  if (model.totals) return attempt < 1 ? { cumulativeMs: 0, minMs: 0, maxMs: 0 } : model.totals(attempt);
  if (!model.jittered && model.cumulativeMs) {
    // Without jitter the bounds are the delay itself: the closed form gives all three.
    const total = model.cumulativeMs(attempt);
    return { cumulativeMs: total, minMs: total, maxMs: total };
  }
  if (model.boundsTotals) {
    // Closed forms for the bounds (full and equal jitter on the calculator's own schedules).
    const bounds = model.boundsTotals(attempt);
    return { cumulativeMs: model.cumulativeMs ? model.cumulativeMs(attempt) : bounds.maxMs, minMs: bounds.minMs, maxMs: bounds.maxMs };
  }
  const steady = model.steadyFrom();
  const walkTo = steady === null ? attempt : Math.min(attempt, steady - 1);
  const closedForm = model.cumulativeMs !== undefined;
  if (walkTo > MAX_WALKED_ATTEMPTS && model.monotone) {
    // With delays that never shrink, the walk can only stop early once the smallest total
    // saturates; if the first MAX_WALKED_ATTEMPTS smallest delays cannot get there, refuse now.
    if (model.bounds(MAX_WALKED_ATTEMPTS).minMs * MAX_WALKED_ATTEMPTS < MAX_EXACT_MS) throw new WalkLimitError(attempt);
  }
  let cumulative = 0;
  let min = 0;
  let max = 0;
  // Once every running total is saturated, nothing further can change them.
  for (let a = 1; a <= walkTo && !(isSaturated(min) && (closedForm || isSaturated(cumulative))); a++) {
    if (a > MAX_WALKED_ATTEMPTS) throw new WalkLimitError(attempt);
    const bounds = model.bounds(a);
    if (!closedForm) cumulative = addMs(cumulative, model.delay(a).delayMs);
    min = addMs(min, bounds.minMs);
    max = addMs(max, bounds.maxMs);
  }
  if (steady !== null && attempt >= steady) {
    const count = attempt - steady + 1;
    const bounds = model.bounds(steady);
    if (!closedForm) cumulative = addMs(cumulative, timesMs(model.delay(steady).delayMs, count));
    min = addMs(min, timesMs(bounds.minMs, count));
    max = addMs(max, timesMs(bounds.maxMs, count));
  }
  if (model.cumulativeMs) cumulative = model.cumulativeMs(attempt);
  return { cumulativeMs: cumulative, minMs: min, maxMs: max };
}

/**
 * A retry's timing from the waits its attempt adds (un-jittered, lowest, highest, expected),
 * called once per row in order: core/deadline/timed-rows.ts hands one in for rows that carry
 * their timing, so each row is one object, built once.
 */
export type TimingOf = (delayMs: number, minMs: number, maxMs: number, meanMs: number) => RetryTiming;

/**
 * The schedule for a range, one row per attempt, generated lazily so that a range of
 * ten million attempts streams in constant memory. Totals count from attempt 1 even
 * when the range starts later. With a random source, one sampled sequence rides along;
 * with `timingOf`, each row carries its retry's timing.
 */
export function* scheduleRows(
  model: ScheduleModel,
  comparison: ScheduleModel,
  range: AttemptRange,
  random: RandomSource | null = null,
  timingOf: TimingOf | null = null,
): Generator<ScheduleRow> {
  checkRange(range);
  const before = modelTotals(model, range.first - 1);
  let cumulative = before.cumulativeMs;
  let cumulativeMin = before.minMs;
  let cumulativeMax = before.maxMs;
  let linearCumulative = modelTotals(comparison, range.first - 1).cumulativeMs;
  // A sampled run: the model's own totals where it has them, else the sum of the sampled waits.
  let sampleCumulative = 0;
  let sample: ((attempt: number) => number | null) | null = null;
  if (random !== null && model.sampledRun) {
    const run = model.sampledRun(random);
    sample = (attempt) => {
      const { waitMs, totalMs } = run(attempt);
      sampleCumulative = totalMs;
      return waitMs;
    };
  } else if (random !== null) {
    const draw = model.sampler(random);
    sample = (attempt) => {
      const waitMs = draw(attempt);
      sampleCumulative = addMs(sampleCumulative, waitMs);
      return waitMs;
    };
  }
  if (sample !== null) {
    // A sampled sequence carries state from attempt 1, so the attempts before the range are drawn too.
    for (let a = 1; a < range.first; a++) sample(a);
  }
  // The comparison's delay is all a row takes of it: from where it stops changing, kept.
  const comparisonSteady = comparison.steadyFrom();
  const steadyLinearMs = comparisonSteady === null ? 0 : comparison.delay(comparisonSteady).delayMs;
  for (let attempt = range.first; attempt <= range.last; attempt++) {
    const main = model.delay(attempt);
    const linearMs = comparisonSteady !== null && attempt >= comparisonSteady ? steadyLinearMs : comparison.delay(attempt).delayMs;
    let minMs = main.delayMs;
    let maxMs = main.delayMs;
    if (model.jittered) ({ minMs, maxMs } = model.bounds(attempt));
    if (model.totals) {
      ({ cumulativeMs: cumulative, minMs: cumulativeMin, maxMs: cumulativeMax } = model.totals(attempt));
    } else {
      cumulative = addMs(cumulative, main.delayMs);
      cumulativeMin = addMs(cumulativeMin, minMs);
      cumulativeMax = addMs(cumulativeMax, maxMs);
    }
    linearCumulative = addMs(linearCumulative, linearMs);
    let sampleMs: number | null = null;
    if (sample !== null) sampleMs = sample(attempt);
    const meanMs = model.jittered ? model.meanMs(attempt) : main.delayMs;
    yield {
      attempt,
      rawMs: main.rawMs,
      delayMs: main.delayMs,
      cumulativeMs: cumulative,
      linearMs,
      linearCumulativeMs: linearCumulative,
      clamped: main.clamped,
      minMs,
      maxMs,
      meanMs,
      runsStopped: model.runsStopped ? model.runsStopped(attempt) : null,
      cumulativeMinMs: cumulativeMin,
      cumulativeMaxMs: cumulativeMax,
      sampleMs,
      sampleCumulativeMs: sample === null ? null : sampleCumulative,
      timing: timingOf === null ? undefined : timingOf(main.delayMs, minMs, maxMs, meanMs),
    };
  }
}

/** The figures under a schedule table, computed without the rows. */
export function scheduleSummary(model: ScheduleModel, comparison: ScheduleModel, range: AttemptRange): ScheduleSummary {
  checkRange(range);
  const lastDelayMs = model.delay(range.last).delayMs;
  const lastLinearMs = comparison.delay(range.last).delayMs;
  const totals = modelTotals(model, range.last);
  const linearTotalMs = modelTotals(comparison, range.last).cumulativeMs;
  const saturated = [lastDelayMs, lastLinearMs, totals.cumulativeMs, totals.maxMs, linearTotalMs].some(isSaturated);
  return {
    first: range.first,
    last: range.last,
    totalMs: totals.cumulativeMs,
    linearTotalMs,
    totalMinMs: totals.minMs,
    totalMaxMs: totals.maxMs,
    capReachedAt: model.capReachedAt(),
    // No ratio where either side is 0 (a library past its last retry waits 0): "0×" says nothing.
    ratioToLinear: isSaturated(lastDelayMs) || isSaturated(lastLinearMs) || lastLinearMs === 0 || lastDelayMs === 0 ? null : lastDelayMs / lastLinearMs,
    lastDelayMs,
    lastLinearMs,
    saturated,
  };
}
