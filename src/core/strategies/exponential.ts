import { fractionOf, multiply, power, powerBits } from "../exact.js";
import type { Estimate } from "../rounding.js";

/** Exact powers beyond this many bits are not attempted (see Estimate.exact). */
const EXACT_BITS_LIMIT = 1 << 20;

/**
 * base × factor^(attempt − 1), before the cap. Math.pow keeps this finite or
 * Infinity, never wrapped, unlike an integer shift (1 << 31 is negative).
 */
export function exponentialRaw(baseMs: number, factor: number, attempt: number): Estimate {
  const exponent = attempt - 1;
  const approx = baseMs * Math.pow(factor, exponent);
  return {
    approx,
    // factor's own rounding compounds once per multiplication, plus pow's and the product's.
    error: approx * (exponent + 8) * 2 ** -52,
    exact: () => {
      const f = fractionOf(factor);
      if (powerBits(f, exponent) > EXACT_BITS_LIMIT) return null;
      return multiply(fractionOf(baseMs), power(f, exponent));
    },
  };
}
