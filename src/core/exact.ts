/**
 * Exact rational arithmetic for the rare cases where double precision cannot
 * decide a rounding: a value within its error bound of a half-millisecond tie,
 * of the cap, or of the saturation limit. Inputs are read as the decimal the
 * user wrote (the shortest representation of the double, so 1.6 means 16/10),
 * which is what a person checking a table by hand computes with.
 */

export interface Fraction {
  readonly num: bigint;
  /** Always positive. */
  readonly den: bigint;
}

/** The exact decimal value of a finite double's shortest representation. */
export function fractionOf(x: number): Fraction {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const text = String(x); // e.g. "1.6", "1e-7", "1.5e+21", "-3"
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`cannot read ${text} as a decimal`);
  const [, sign, whole, fraction = "", exponentText = "0"] = match;
  let num = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponentText);
  if (sign === "-") num = -num;
  if (scale <= 0) return { num: num * 10n ** BigInt(-scale), den: 1n };
  return { num, den: 10n ** BigInt(scale) };
}

export function multiply(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.num, den: a.den * b.den };
}

export function add(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}

export function power(a: Fraction, exponent: number): Fraction {
  const e = BigInt(exponent);
  return { num: a.num ** e, den: a.den ** e };
}

export function integer(n: number): Fraction {
  return { num: BigInt(n), den: 1n };
}

/** Sign of a − b. */
export function compare(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Round half up (towards +∞ at an exact .5) for a non-negative fraction. */
export function roundHalfUp(a: Fraction): bigint {
  return (2n * a.num + a.den) / (2n * a.den);
}

/** Bits needed for an exact power: used to refuse hopeless exact computations. */
export function powerBits(a: Fraction, exponent: number): number {
  const bits = Math.max(a.num < 0n ? (-a.num).toString(2).length : a.num.toString(2).length, a.den.toString(2).length);
  return bits * exponent;
}

/**
 * Σ_{i=0}^{n−1} ⌊(a·i + b) / m⌋ for non-negative a, b and positive m, in O(log) steps
 * (the classic floor-sum recursion), so the total of a long run of rounded linear
 * delays needs no walk over the attempts.
 */
export function floorSum(n: bigint, m: bigint, a: bigint, b: bigint): bigint {
  let total = 0n;
  for (;;) {
    if (a >= m) {
      total += ((n - 1n) * n / 2n) * (a / m);
      a %= m;
    }
    if (b >= m) {
      total += n * (b / m);
      b %= m;
    }
    const yMax = a * n + b;
    if (yMax < m) return total;
    n = yMax / m;
    b = yMax % m;
    [m, a] = [a, m];
  }
}

/**
 * num / den (num ≥ 0, den > 0) as the nearest double, ties to even: one rounding, where
 * Number(num / den) + Number(num % den) / Number(den) makes up to three. A quotient past
 * 2^53 − 1 is only ever saturated by the callers, so its rounding there does not matter.
 */
export function nearestDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const whole = num / den;
  if (whole >= 1n << 53n) return Number(whole);
  // Scale so the quotient has 53 bits before the point, then round the remainder half to even.
  let shift = 53 - (whole === 0n ? 0 : whole.toString(2).length);
  if (whole === 0n) shift += den.toString(2).length - num.toString(2).length + 1;
  let q = (num << BigInt(shift)) / den;
  while (q >= 1n << 53n) {
    shift -= 1;
    q = (num << BigInt(shift)) / den;
  }
  while (q < 1n << 52n) {
    shift += 1;
    q = (num << BigInt(shift)) / den;
  }
  const twiceRest = 2n * ((num << BigInt(shift)) - q * den);
  if (twiceRest > den || (twiceRest === den && (q & 1n) === 1n)) q += 1n;
  return Number(q) / 2 ** shift;
}
