/**
 * The random numbers a library really draws: each language's generator returns
 * multiples of a fixed step, so a draw is put on that grid (a finer source could
 * otherwise pass a library's bounds).
 */
import type { RandomSource } from "../../core/model.js";

/** The largest value of V8's Math.random(): it returns multiples of 2^-52. */
export const JS_RANDOM_MAX = 1 - 2 ** -52;
/** The largest value of Go's rand.Float64, Python's random.random, Java's Math.random and .NET's NextDouble: multiples of 2^-53. */
export const RANDOM53_MAX = 1 - 2 ** -53;

/** A draw on the grid of V8's Math.random (so a library's bounds can never be passed by a finer source). */
export function jsRandom(random: RandomSource): number {
  return Math.floor(random.fraction() * 2 ** 52) / 2 ** 52;
}

/** A draw on the 53-bit grid of Go, Python, Java and .NET. */
export function random53(random: RandomSource): number {
  return Math.floor(random.fraction() * 2 ** 53) / 2 ** 53;
}
