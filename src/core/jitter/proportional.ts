import { fractionOf } from "../exact.js";
import { type DrawRange, rangeUpTo } from "./uniform.js";

/**
 * Proportional jitter ±j (0 < j ≤ 1): uniform over [d·(1−j), d·(1+j)] around the capped
 * delay d, then clamped to the cap. As whole milliseconds: U{⌈d·(1−j)⌉..⌊d·(1+j)⌋}, then
 * min(·, cap). j is read as the decimal the user wrote (0.2 = 2/10) and the ends are
 * computed in BigInt, so ⌈1000·0.8⌉ is 800 exactly, never 799 from 0.8's binary error.
 */
export function proportionalRange(delayMs: number, ceiling: number, fraction: number): DrawRange {
  const { num, den } = fractionOf(fraction);
  const d = BigInt(delayMs);
  const lo = (d * (den - num) + den - 1n) / den; // ceiling division; both operands ≥ 0
  const hi = (d * (den + num)) / den; // floor division
  return rangeUpTo(Number(lo), hi, ceiling);
}

/** Whether j is an allowed fraction: 0 < j ≤ 1. */
export function isJitterFraction(fraction: number): boolean {
  return Number.isFinite(fraction) && fraction > 0 && fraction <= 1;
}
