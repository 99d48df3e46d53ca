/**
 * Millisecond values are safe integers. Anything from 2^53 up cannot be held
 * exactly, so it is saturated: stored as SATURATED_MS (2^53, itself not a safe
 * integer) and printed with an explicit marker by the formatters. 2^53 ms is
 * about 285,616 years, so only uncapped runaway schedules ever get there.
 */
export const MAX_EXACT_MS = Number.MAX_SAFE_INTEGER;
export const SATURATED_MS = MAX_EXACT_MS + 1;

export function isSaturated(ms: number): boolean {
  return ms > MAX_EXACT_MS;
}

/** Sum of two non-negative millisecond values, saturating. */
export function addMs(a: number, b: number): number {
  const sum = a + b;
  return sum > MAX_EXACT_MS ? SATURATED_MS : sum;
}

/** `ms × count`, saturating; a count of zero is zero even for a saturated value. */
export function timesMs(ms: number, count: number): number {
  if (count === 0 || ms === 0) return 0;
  const product = ms * count;
  return product > MAX_EXACT_MS ? SATURATED_MS : product;
}
