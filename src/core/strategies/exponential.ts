import { fractionOf, multiply, power, powerBits } from "../exact.js";
import type { Estimate } from "../rounding.js";

/** Exact powers beyond this many bits are not attempted (see Estimate.exact). */
const EXACT_BITS_LIMIT = 1 << 20;

/**
 * base × factor^(attempt − 1) in double precision. Math.pow keeps this finite or
 * Infinity, never wrapped, unlike an integer shift (1 << 31 is negative).
 */
export function exponentialApprox(baseMs: number, factor: number, attempt: number): number {
  return baseMs * Math.pow(factor, attempt - 1);
}

/** The bound on exponentialApprox's absolute error: factor's own rounding compounds once per multiplication, plus pow's and the product's. */
export function exponentialError(approx: number, attempt: number): number {
  return approx * (attempt - 1 + 8) * 2 ** -52;
}

/** base × factor^(attempt − 1), before the cap, with its exact value on demand. */
export function exponentialRaw(baseMs: number, factor: number, attempt: number): Estimate {
  const exponent = attempt - 1;
  const approx = exponentialApprox(baseMs, factor, attempt);
  return {
    approx,
    error: exponentialError(approx, attempt),
    exact: () => {
      const f = fractionOf(factor);
      if (powerBits(f, exponent) > EXACT_BITS_LIMIT) return null;
      return multiply(fractionOf(baseMs), power(f, exponent));
    },
  };
}
