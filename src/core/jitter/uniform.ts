import { MAX_EXACT_MS, SATURATED_MS, isSaturated } from "../limits.js";
import type { DelayBounds, RandomSource } from "../model.js";

/**
 * How every jitter mode draws a delay, in whole milliseconds: a uniform integer `u` in
 * [lo, hi] (both ends included, every value equally likely), then `min(u, ceiling)`.
 * The ceiling is the cap (or 2^53 − 1 without one), so a value above the cap becomes
 * the cap, as libraries clamp a jittered delay. Because the draw is an integer drawn
 * without bias, the bounds and the mean below are exact rather than estimated.
 */
export interface DrawRange {
  readonly lo: number;
  readonly hi: number;
  readonly ceiling: number;
}

/** A delay of 2^53 ms or more is unknown; so is any jitter around it, which stays saturated. */
export const SATURATED_RANGE: DrawRange = { lo: SATURATED_MS, hi: SATURATED_MS, ceiling: SATURATED_MS };

/** The ceiling a delay is clamped to: the cap, or the largest exact value. */
export function ceilingOf(capMs: number | null): number {
  return capMs === null ? MAX_EXACT_MS : capMs;
}

/** The exact bounds of min(U{lo..hi}, ceiling). */
export function drawBounds(range: DrawRange): DelayBounds {
  return { minMs: Math.min(range.lo, range.ceiling), maxMs: Math.min(range.hi, range.ceiling) };
}

/**
 * The exact expected value of min(U{lo..hi}, c), in closed form:
 *   hi ≤ c:  (lo + hi) / 2
 *   lo ≤ c < hi:  [ Σ_{v=lo}^{c−1} v + c·(hi − c + 1) ] / (hi − lo + 1)
 *              = [ (c − lo)(lo + c − 1)/2 + c·(hi − c + 1) ] / (hi − lo + 1)
 * computed in BigInt (the products overflow doubles near 2^53) and divided once.
 */
export function drawMean(range: DrawRange): number {
  const { lo, hi, ceiling: c } = range;
  if (isSaturated(lo)) return SATURATED_MS;
  if (hi <= c) return (lo + hi) / 2;
  if (lo >= c) return c;
  const L = BigInt(lo);
  const H = BigInt(hi);
  const C = BigInt(c);
  const twiceSum = (C - L) * (L + C - 1n) + 2n * C * (H - C + 1n);
  return Number(twiceSum) / (2 * (hi - lo + 1));
}

/**
 * One draw. A range of a single value consumes no random number, so an un-jittered or
 * degenerate step leaves the generator where it was.
 */
export function draw(range: DrawRange, random: RandomSource): number {
  const u = range.lo === range.hi ? range.lo : random.integer(range.lo, range.hi);
  return u < range.ceiling ? u : range.ceiling;
}
