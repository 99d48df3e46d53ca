import { type Fraction, compare, fractionOf, roundHalfUp } from "./exact.js";
import { MAX_EXACT_MS, SATURATED_MS } from "./limits.js";

/**
 * A non-negative value computed in double precision, with a bound on its
 * absolute error and a way to compute it exactly when the bound is not enough.
 * `exact` returns null when the exact computation would be unreasonably large
 * (an exponent in the millions on a many-digit factor); the double then stands.
 */
export interface Estimate {
  readonly approx: number;
  readonly error: number;
  readonly exact: () => Fraction | null;
}

/** Anything at or above this rounds (half up) to 2^53 or more: saturated. */
const SATURATION_THRESHOLD = MAX_EXACT_MS + 0.5;

/** The error bound plus a few units in the last place, so the comparisons below cannot hide a boundary. */
function widened(approx: number, error: number): number {
  return error + Math.max(Math.abs(approx), 1) * 2 ** -50;
}

/**
 * roundMs decided by the double alone: the rounded value, or NaN when the value is
 * within its error bound of a tie (or of saturation) and only the exact value can
 * decide. The fast path of the schedule: no Estimate, no closure, no BigInt.
 */
export function roundMsQuick(approx: number, error: number): number {
  const widenedError = widened(approx, error);
  if (!(approx - widenedError < SATURATION_THRESHOLD)) return SATURATED_MS; // also Infinity and NaN guards
  const low = Math.floor(approx - widenedError + 0.5);
  const high = Math.floor(approx + widenedError + 0.5);
  if (low === high && approx + widenedError < SATURATION_THRESHOLD) return low;
  return Number.NaN;
}

/** Whole milliseconds, rounded half up, exactly; saturated from 2^53. */
export function roundMs(value: Estimate): number {
  const quick = roundMsQuick(value.approx, value.error);
  if (quick === quick) return quick; // not NaN: decided
  const exact = value.exact();
  if (exact === null) return Math.min(Math.floor(value.approx + 0.5), SATURATED_MS);
  const rounded = roundHalfUp(exact);
  return rounded > BigInt(MAX_EXACT_MS) ? SATURATED_MS : Number(rounded);
}

/** exceeds decided by the double alone: 1 (above), 0 (not above) or −1 (only the exact value can tell). */
export function exceedsQuick(approx: number, error: number, limit: number): 1 | 0 | -1 {
  if (!Number.isFinite(approx)) return 1; // past 2^1024: certainly above any finite limit
  const widenedError = widened(approx, error);
  if (approx - widenedError > limit) return 1;
  if (approx + widenedError <= limit) return 0;
  return -1;
}

/** Whether the value is strictly greater than `limit`, exactly. */
export function exceeds(value: Estimate, limit: number): boolean {
  const quick = exceedsQuick(value.approx, value.error, limit);
  if (quick >= 0) return quick === 1;
  const exact = value.exact();
  if (exact === null) return value.approx > limit;
  return compare(exact, fractionOf(limit)) > 0;
}

/** Whether the value is at least `limit`, exactly. */
export function reaches(value: Estimate, limit: number): boolean {
  if (!Number.isFinite(value.approx)) return true;
  const error = widened(value.approx, value.error);
  if (value.approx - error >= limit) return true;
  if (value.approx + error < limit) return false;
  const exact = value.exact();
  if (exact === null) return value.approx >= limit;
  return compare(exact, fractionOf(limit)) >= 0;
}

/** The error bound of a value that a double holds exactly. */
export function exactlyError(x: number): number {
  return x * 2 ** -52;
}

/** A value that a double holds exactly (an input read back as itself). */
export function exactly(x: number): Estimate {
  return { approx: x, error: exactlyError(x), exact: () => fractionOf(x) };
}
