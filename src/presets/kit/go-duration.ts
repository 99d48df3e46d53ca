/** Go's time.Duration (int64 nanoseconds) as exact bigint, and its conversions to ms. */

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
