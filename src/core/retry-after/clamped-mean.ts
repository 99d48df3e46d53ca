import { nearestDouble } from "../exact.js";
import { type DrawRange, uncapped } from "../jitter/uniform.js";
import { MAX_EXACT_MS, SATURATED_MS } from "../limits.js";

/** num / den (both positive) as the nearest double, saturated from 2^53 − 1 up. */
function quotient(num: bigint, den: bigint): number {
  const mean = nearestDouble(num, den);
  return mean > MAX_EXACT_MS ? SATURATED_MS : mean;
}

/** Σ v for v = a..b (0 when b < a). */
function sumBetween(a: bigint, b: bigint): bigint {
  return b < a ? 0n : ((a + b) * (b - a + 1n)) / 2n;
}

/**
 * The exact mean of max(min(U{lo..hi}, ceiling), floor): a jittered draw clamped to the
 * cap, then raised to at least `floor` (a Retry-After the client waits at least), in
 * BigInt, divided once. A draw below the floor counts as the floor, one above the ceiling
 * as the ceiling.
 */
export function raisedDrawMean(range: DrawRange, floor: number): number {
  const L = BigInt(range.lo);
  const H = range.hiBeyond ?? BigInt(range.hi);
  // Without a cap nothing is clamped: a ceiling above the whole draw.
  const C = uncapped(range) ? H + 1n : BigInt(range.ceiling);
  const F = BigInt(floor);
  // Every draw at or above the ceiling: each is the ceiling, or the floor above it.
  if (C <= L) return Math.max(floor, range.ceiling);
  const top = H < C ? H : C;
  if (F >= top) return floor;
  const below = F > L ? F - L : 0n;
  const middle = sumBetween(F > L ? F : L, top);
  const above = H > C ? H - C : 0n;
  return quotient(below * F + middle + above * C, H - L + 1n);
}
