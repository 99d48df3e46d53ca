import { attemptDelay, capReachedAt } from "./delay.js";
import { floorSum, fractionOf } from "./exact.js";
import { MAX_EXACT_MS, MAX_WALKED_ATTEMPTS, SATURATED_MS, isSaturated } from "./limits.js";
import type { Policy } from "./policy.js";

/**
 * Sums of the calculator's own delays without walking the attempts: the closed forms
 * behind the totals of long ranges (see schedule.ts and jitter/totals.ts).
 */

/**
 * Σ over attempts from..to of a linear policy's delays below the cap, or of ⌈delay/2⌉ with
 * `half` (equal jitter's smallest draw). Below the cap delay(k+1) = round_half_up(B + S·k)
 * = ⌊(2S·k + 2B + D)/2D⌋ on the decimals as written (D their common denominator), and
 * ⌈⌊x⌋/2⌉ = ⌊(⌊x⌋ + 1)/2⌋ = ⌊(x + 1)/2⌋, so both sums are floor sums: exact, in O(log) steps.
 */
export function linearDelaySum(policy: Policy, from: number, to: number, half = false): number {
  if (to < from) return 0;
  const base = fractionOf(policy.baseMs);
  const step = fractionOf(policy.stepMs);
  const denominator = base.den * step.den;
  let b = 2n * base.num * step.den + denominator;
  const a = 2n * step.num * base.den;
  let m = 2n * denominator;
  if (half) {
    b += m;
    m *= 2n;
  }
  const sum = floorSum(BigInt(to), m, a, b) - floorSum(BigInt(from - 1), m, a, b);
  return sum > BigInt(MAX_EXACT_MS) ? SATURATED_MS : Number(sum);
}

/**
 * The first attempt whose (capped) delay is saturated (2^53 ms or more), or null when none
 * is: with a cap, never. Delays never decrease, so doubling then bisection finds it in
 * O(log) delay computations.
 */
export function saturatedFrom(policy: Policy): number | null {
  if (policy.capMs !== null) return null;
  const saturated = (attempt: number) => isSaturated(attemptDelay(policy, attempt).delayMs);
  if (saturated(1)) return 1;
  let low = 1;
  let high = 2;
  while (!saturated(high)) {
    if (high >= Number.MAX_SAFE_INTEGER) return null;
    low = high;
    high = Math.min(high * 2, Number.MAX_SAFE_INTEGER);
  }
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (saturated(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The last attempt a walk over an exponential policy's delays from attempt 1 can need: where
 * the delay stops changing (the cap) or saturates, whichever comes first. Past it the sum is
 * a constant tail or saturated, so nothing needs adding one by one.
 */
export function exponentialWalkEnd(policy: Policy): number {
  const cap = capReachedAt(policy);
  if (cap !== null) return cap;
  const end = saturatedFrom(policy) ?? Number.MAX_SAFE_INTEGER;
  // The sum saturates before its delays do: when even a lower bound of the sum of the first
  // MAX_WALKED_ATTEMPTS delays, base·(f^n − 1)/(f − 1) less half a millisecond of rounding per
  // term (and a 10^-9 part for the doubles), is past 2^53, the walk ends within them.
  const n = MAX_WALKED_ATTEMPTS;
  if (end > n && policy.strategy === "exponential" && policy.factor > 1) {
    const lower = (policy.baseMs * Math.expm1(n * Math.log1p(policy.factor - 1))) / (policy.factor - 1) - n / 2;
    if (lower * (1 - 1e-9) > MAX_EXACT_MS) return n;
  }
  return end;
}
