import { nearestDouble } from "../exact.js";
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
  /** The top of the draw, at most 2^53 − 1 (see hiBeyond). */
  readonly hi: number;
  readonly ceiling: number;
  /**
   * The true top when it is above 2^53 − 1 (a ±j range or 3 × previous near 2^53), which a
   * double cannot hold exactly; `hi` is then 2^53 − 1. The draws above the ceiling count as
   * the ceiling, so how many there are changes the mean: clamping the top to 2^53 − 1 instead
   * put the mean of --base 2^53−1 --cap 2^53−1 --jitter 0.5 at 6755399441055744 rather than
   * 7881299347898367.4.
   */
  readonly hiBeyond?: bigint;
}

/** A range whose top may pass 2^53 − 1: kept exactly in hiBeyond when it does. */
export function rangeUpTo(lo: number, top: bigint, ceiling: number): DrawRange {
  return top > BigInt(MAX_EXACT_MS) ? { lo, hi: MAX_EXACT_MS, ceiling, hiBeyond: top } : { lo, hi: Number(top), ceiling };
}

/** num / den (both positive) as the nearest double, saturated from 2^53 − 1 up. */
function quotient(num: bigint, den: bigint): number {
  const mean = nearestDouble(num, den);
  return mean > MAX_EXACT_MS ? SATURATED_MS : mean;
}

/** A delay of 2^53 ms or more is unknown; so is any jitter around it, which stays saturated. */
export const SATURATED_RANGE: DrawRange = { lo: SATURATED_MS, hi: SATURATED_MS, ceiling: SATURATED_MS };

/**
 * The ceiling a delay is clamped to: the cap, or without one SATURATED_MS (2^53), which clamps
 * nothing a double can say exactly: a draw from 2^53 up is saturated, shown as the marker, and
 * the mean is that of the whole draw (--base 4s --attempts 42 --jitter 1: U{0..2^44·1000},
 * mean 8796093022208000 and max past 2^53, where a ceiling of 2^53 − 1 made them
 * 6701356245527297 and 9007199254740991).
 */
export function ceilingOf(capMs: number | null): number {
  return capMs === null ? SATURATED_MS : capMs;
}

/** Whether the range has no cap (its ceiling is ceilingOf(null)). */
export function uncapped(range: DrawRange): boolean {
  return isSaturated(range.ceiling);
}

/** The exact bounds of min(U{lo..hi}, ceiling); a top past 2^53 − 1 is saturated. */
export function drawBounds(range: DrawRange): DelayBounds {
  return { minMs: Math.min(range.lo, range.ceiling), maxMs: Math.min(range.hiBeyond === undefined ? range.hi : SATURATED_MS, range.ceiling) };
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
  if (range.hiBeyond === undefined && hi <= c) return lo + hi <= MAX_EXACT_MS ? (lo + hi) / 2 : quotient(BigInt(lo) + BigInt(hi), 2n);
  // No cap: nothing is clamped, so the mean is the middle of the whole draw (saturated past 2^53 − 1).
  if (uncapped(range)) return quotient(BigInt(lo) + (range.hiBeyond ?? BigInt(hi)), 2n);
  if (lo >= c) return c;
  const L = BigInt(lo);
  const H = range.hiBeyond ?? BigInt(hi);
  const C = BigInt(c);
  const twiceSum = (C - L) * (L + C - 1n) + 2n * C * (H - C + 1n);
  return quotient(twiceSum, 2n * (H - L + 1n));
}

/**
 * One draw. A range of a single value consumes no random number, so an un-jittered or
 * degenerate step leaves the generator where it was.
 */
export function draw(range: DrawRange, random: RandomSource): number {
  if (range.hiBeyond !== undefined) return drawBeyond(range.lo, range.hiBeyond, range.ceiling, random);
  const u = range.lo === range.hi ? range.lo : random.integer(range.lo, range.hi);
  return u < range.ceiling ? u : range.ceiling;
}

/**
 * A uniform draw from lo..top with top past 2^53 − 1 (so up to 2^55 values): an offset
 * v = 2a + b from a uniform a below ⌈n/2⌉ and a uniform bit b, redrawn when v ≥ n, uses
 * only integers the random source handles exactly; then min(·, ceiling).
 */
function drawBeyond(lo: number, top: bigint, ceiling: number, random: RandomSource): number {
  const count = top - BigInt(lo) + 1n;
  const halves = Number((count + 1n) / 2n);
  for (;;) {
    const offset = 2n * BigInt(random.integer(0, halves - 1)) + BigInt(random.integer(0, 1));
    if (offset >= count) continue;
    const value = BigInt(lo) + offset;
    return value < BigInt(ceiling) ? Number(value) : ceiling;
  }
}
