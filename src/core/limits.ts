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

/**
 * The most attempts a total is added up over one at a time. Closed forms cover the
 * un-jittered schedules (linear floor sums, constant tails once the cap is reached) and
 * full and equal jitter on them; anything else that would need a longer walk is refused
 * (WalkLimitError) rather than left running for minutes. Ten million attempts take about
 * a second.
 */
export const MAX_WALKED_ATTEMPTS = 10_000_000;

/** A total that would be added up over more than MAX_WALKED_ATTEMPTS attempts (see there). */
export class WalkLimitError extends Error {
  override readonly name = "WalkLimitError";
  constructor(readonly attempt: number) {
    super(
      `the totals up to attempt ${groupDigits(attempt)} have no closed form here and would be added up one attempt at a time past ${groupDigits(MAX_WALKED_ATTEMPTS)} attempts`,
    );
  }
}

/** Throws WalkLimitError when a walk over `count` attempts (ending at `attempt`) is past the limit. */
export function checkWalkLength(count: number, attempt: number): void {
  if (count > MAX_WALKED_ATTEMPTS) throw new WalkLimitError(attempt);
}

function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
