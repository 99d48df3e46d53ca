import { attemptDelay, capReachedAt, constantFrom } from "./delay.js";
import { MAX_EXACT_MS, SATURATED_MS, addMs, isSaturated, timesMs } from "./limits.js";
import { type Policy, checkAttempt, linearComparison } from "./policy.js";

/** An inclusive range of attempts, both ends from 1. */
export interface AttemptRange {
  readonly first: number;
  readonly last: number;
}

/** One row of a schedule; every value in whole milliseconds (saturated from 2^53). */
export interface ScheduleRow {
  readonly attempt: number;
  /** The delay before the cap. */
  readonly rawMs: number;
  readonly delayMs: number;
  /** Total waiting since the first failure: the delays of attempts 1..attempt. */
  readonly cumulativeMs: number;
  /** The linear schedule with the same base, step and cap, for contrast. */
  readonly linearMs: number;
  readonly linearCumulativeMs: number;
  /** Whether the cap cut this attempt's delay. */
  readonly clamped: boolean;
}

export interface ScheduleSummary {
  readonly first: number;
  readonly last: number;
  /** Total waiting after the last attempt of the range (from the first failure). */
  readonly totalMs: number;
  readonly linearTotalMs: number;
  /** The first attempt whose delay reaches the cap, within the range or not; null when never. */
  readonly capReachedAt: number | null;
  /** delay ÷ linear delay at the last attempt; null when either is saturated. */
  readonly ratioToLinear: number | null;
  /** The last delay. */
  readonly lastDelayMs: number;
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
  if (policy.strategy === "linear" && Number.isInteger(policy.baseMs) && Number.isInteger(policy.stepMs)) {
    // Integer inputs: the delays are exact integers, so the arithmetic series has a closed form.
    const n = BigInt(to - from + 1);
    const first = BigInt(policy.baseMs) + BigInt(policy.stepMs) * BigInt(from - 1);
    const sum = n * first + (BigInt(policy.stepMs) * n * (n - 1n)) / 2n;
    return sum > BigInt(MAX_EXACT_MS) ? SATURATED_MS : Number(sum);
  }
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

/**
 * The schedule for a range, one row per attempt, generated lazily so that a
 * range of ten million attempts streams in constant memory.
 */
export function* scheduleRows(policy: Policy, range: AttemptRange): Generator<ScheduleRow> {
  checkRange(range);
  const linear = linearComparison(policy);
  const sameAsLinear = policy.strategy === "linear";
  let cumulative = cumulativeMs(policy, range.first - 1);
  let linearCumulative = sameAsLinear ? cumulative : cumulativeMs(linear, range.first - 1);
  for (let attempt = range.first; attempt <= range.last; attempt++) {
    const main = attemptDelay(policy, attempt);
    const comparison = sameAsLinear ? main : attemptDelay(linear, attempt);
    cumulative = addMs(cumulative, main.delayMs);
    linearCumulative = addMs(linearCumulative, comparison.delayMs);
    yield {
      attempt,
      rawMs: main.rawMs,
      delayMs: main.delayMs,
      cumulativeMs: cumulative,
      linearMs: comparison.delayMs,
      linearCumulativeMs: linearCumulative,
      clamped: main.clamped,
    };
  }
}

/** The figures under a schedule table, computed from the policy alone (no rows needed). */
export function scheduleSummary(policy: Policy, range: AttemptRange): ScheduleSummary {
  checkRange(range);
  const linear = linearComparison(policy);
  const lastDelayMs = attemptDelay(policy, range.last).delayMs;
  const lastLinearMs = attemptDelay(linear, range.last).delayMs;
  const totalMs = cumulativeMs(policy, range.last);
  const linearTotalMs = cumulativeMs(linear, range.last);
  const saturated = [lastDelayMs, lastLinearMs, totalMs, linearTotalMs].some(isSaturated);
  return {
    first: range.first,
    last: range.last,
    totalMs,
    linearTotalMs,
    capReachedAt: capReachedAt(policy),
    ratioToLinear: isSaturated(lastDelayMs) || isSaturated(lastLinearMs) || lastLinearMs === 0 ? null : lastDelayMs / lastLinearMs,
    lastDelayMs,
    saturated,
  };
}
