/** Go's time.Duration (int64 nanoseconds) as exact bigint, and its conversions to ms. */
import { groupDigits } from "../../core/text/digits.js";
import { PresetError } from "../errors.js";

/** Whole nanoseconds to whole ms, rounded half up (exact for any int64). */
export function nsToWholeMs(ns: bigint): number {
  return Number((ns + 500_000n) / 1_000_000n);
}

/** ms (possibly fractional) to whole ns, rounded to nearest. */
export function msToNs(ms: number): bigint {
  return Number.isInteger(ms) ? BigInt(ms) * 1_000_000n : BigInt(Math.round(ms * 1e6));
}

/** Go's time.Duration limit, math.MaxInt64 ns (about 292 years). */
export const MAX_DURATION_NS = 9_223_372_036_854_775_807n;
/** The same limit in whole ms (9,223,372,036,854), for a bound stated in ms. */
export const MAX_DURATION_MS = Number(MAX_DURATION_NS / 1_000_000n);

/** A duration the library holds as a Go time.Duration (int64 ns), refused in its own terms when it does not fit. */
export function goDurationNs(parameter: string, ms: number): bigint {
  const ns = msToNs(ms);
  if (ns > MAX_DURATION_NS) throw new PresetError([`${parameter} must fit a Go time.Duration (at most about 292 years), got ${groupDigits(ms)} ms`]);
  return ns;
}
