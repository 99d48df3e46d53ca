/**
 * Searches over whole numbers for a predicate that is monotone: false up to some
 * point, true from there on (a total that grows with the attempt, a delay that reaches
 * the cap and stays there). Each answers in O(log n) calls of the predicate.
 */

/** Bisection of low..high, where the answer is known to lie (holds(high) is true). */
function bisect(low: number, high: number, holds: (k: number) => boolean): number {
  while (low < high) {
    const middle = low + Math.floor((high - low) / 2);
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The smallest k in low..high with `holds(k)`, given it stays true once true; null when even `holds(high)` is false. */
export function firstTrueBetween(low: number, high: number, holds: (k: number) => boolean): number | null {
  if (high < low || !holds(high)) return null;
  return bisect(low, high, holds);
}

/**
 * The smallest k from 1 with `holds(k)`, without a known upper end: doubling from 1
 * (so an answer near 1 costs few calls), then bisection between the last two probes;
 * null when it is false all the way to `limit`.
 */
export function firstTrueFrom1(holds: (k: number) => boolean, limit = Number.MAX_SAFE_INTEGER): number | null {
  if (holds(1)) return 1;
  // holds(low) is false; every probe stays within the limit (a limit of 1 probes 1 alone).
  for (let low = 1; low < limit; ) {
    const high = Math.min(low * 2, limit);
    if (holds(high)) return bisect(low + 1, high, holds);
    low = high;
  }
  return null;
}
