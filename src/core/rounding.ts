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
function widened(value: Estimate): number {
  return value.error + Math.max(Math.abs(value.approx), 1) * 2 ** -50;
}

/** Whole milliseconds, rounded half up, exactly; saturated from 2^53. */
export function roundMs(value: Estimate): number {
  const { approx } = value;
  const error = widened(value);
  if (!(approx - error < SATURATION_THRESHOLD)) return SATURATED_MS; // also Infinity and NaN guards
  const low = Math.floor(approx - error + 0.5);
  const high = Math.floor(approx + error + 0.5);
  if (low === high && approx + error < SATURATION_THRESHOLD) return low;
  const exact = value.exact();
  if (exact === null) return Math.min(Math.floor(approx + 0.5), SATURATED_MS);
  const rounded = roundHalfUp(exact);
  return rounded > BigInt(MAX_EXACT_MS) ? SATURATED_MS : Number(rounded);
}

/** Whether the value is strictly greater than `limit`, exactly. */
export function exceeds(value: Estimate, limit: number): boolean {
  if (!Number.isFinite(value.approx)) return true; // past 2^1024: certainly above any finite limit
  const error = widened(value);
  if (value.approx - error > limit) return true;
  if (value.approx + error <= limit) return false;
  const exact = value.exact();
  if (exact === null) return value.approx > limit;
  return compare(exact, fractionOf(limit)) > 0;
}

/** Whether the value is at least `limit`, exactly. */
export function reaches(value: Estimate, limit: number): boolean {
  if (!Number.isFinite(value.approx)) return true;
  const error = widened(value);
  if (value.approx - error >= limit) return true;
  if (value.approx + error < limit) return false;
  const exact = value.exact();
  if (exact === null) return value.approx >= limit;
  return compare(exact, fractionOf(limit)) >= 0;
}

/** A value that a double holds exactly (an input read back as itself). */
export function exactly(x: number): Estimate {
  return { approx: x, error: x * 2 ** -52, exact: () => fractionOf(x) };
}
