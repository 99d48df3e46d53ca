/**
 * Non-negative decimals held exactly (digits and a power of ten), for the values a person
 * types: durations with units are converted to milliseconds here, without passing through a
 * binary multiply (3.5664 s is 3566.4 ms, not 3566.3999999999996), compared exactly (a jitter
 * fraction of 1.0000000000000001 is above 1), and printed without exponent notation.
 *
 * A decimal that a double reads back as itself (its shortest representation is the same
 * decimal) is then handed on as that double: exact.ts's fractionOf recovers the decimal from
 * it, so everything downstream computes with the decimal the user wrote.
 */
export interface Decimal {
  /** The value is digits × 10^−scale. */
  readonly digits: bigint;
  /** At least 0; no trailing zero digit when above 0 (normalised). */
  readonly scale: number;
}

/** digits × 10^−scale, normalised (trailing zeros of the fraction dropped). */
export function decimal(digits: bigint, scale: number): Decimal {
  if (digits < 0n) throw new RangeError("a Decimal is never negative");
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale--;
  }
  while (scale < 0) {
    digits *= 10n;
    scale++;
  }
  return { digits, scale };
}

/** Powers of ten beyond this are refused: no value a person or a file gives needs one, and 1e999999999 would spell out a billion digits. */
export const MAX_DECIMAL_EXPONENT = 400;

const DECIMAL_TEXT = /^(-?)(\d*)(?:(\.)(\d*))?(?:[eE]([+-]?\d+))?$/;

/** What decimal text may hold besides digits and a fraction ("12", "1.5"). */
export interface DecimalForms {
  /** A leading "-" ("-2.5"). */
  readonly sign?: boolean;
  /** A power of ten, "e" or "E" ("1e3", "5E-1"). */
  readonly exponent?: boolean;
  /** A point with no digit on one side (".5", "5."). */
  readonly bareDot?: boolean;
}

/**
 * Decimal text read exactly, the one reader of it (flags, durations, JSON numbers, a
 * system's decimals, a double's own digits): digits with an optional fraction, and what
 * `forms` allows besides. Null for anything else (spaces, "+", hex, "Infinity", an
 * exponent beyond MAX_DECIMAL_EXPONENT).
 */
export function parseDecimalText(text: string, forms: DecimalForms = {}): { readonly negative: boolean; readonly value: Decimal } | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole = "", dot, fraction = "", exponentText] = match;
  if (whole === "" && fraction === "") return null;
  if (sign === "-" && !forms.sign) return null;
  if (exponentText !== undefined && !forms.exponent) return null;
  if ((whole === "" || (dot !== undefined && fraction === "")) && !forms.bareDot) return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!(Math.abs(exponent) <= MAX_DECIMAL_EXPONENT)) return null;
  return { negative: sign === "-", value: decimal(BigInt(`${whole}${fraction}` || "0"), fraction.length - exponent) };
}

/** "12", "1.5", ".5", "5." → a Decimal; anything else (signs, exponents, spaces) → null. */
export function parsePlainDecimal(text: string): Decimal | null {
  return parseDecimalText(text, { bareDot: true })?.value ?? null;
}

/** The exact decimal of a finite non-negative double's shortest representation ("1e-7" → 1 × 10^−7). */
export function decimalOf(x: number): Decimal {
  if (!(Number.isFinite(x) && x >= 0)) throw new RangeError(`not a finite non-negative number: ${x}`);
  const read = parseDecimalText(String(x), { exponent: true });
  if (read === null) throw new RangeError(`cannot read ${String(x)} as a decimal`);
  return read.value;
}

/** Plain decimal text, never an exponent: 0.00000000000000000001, 4503599627370496.5. */
export function decimalText(d: Decimal): string {
  const text = d.digits.toString();
  if (d.scale === 0) return text;
  const padded = text.padStart(d.scale + 1, "0");
  return `${padded.slice(0, padded.length - d.scale)}.${padded.slice(padded.length - d.scale)}`;
}

/** A finite double as plain decimal text (its shortest representation, exponent spelled out). */
export function plainNumber(x: number): string {
  if (Object.is(x, -0)) return "0";
  return x < 0 ? `-${decimalText(decimalOf(-x))}` : decimalText(decimalOf(x));
}

/** Sign of a − b. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = a.digits * 10n ** BigInt(scale - a.scale);
  const right = b.digits * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** d × an integer, exactly. */
export function timesInteger(d: Decimal, factor: bigint): Decimal {
  return decimal(d.digits * factor, d.scale);
}

/** Whether the decimal is a whole number. */
export function isWhole(d: Decimal): boolean {
  return d.scale === 0;
}

/** The double that holds this decimal exactly (reads back as it), or null when none does. */
export function exactNumber(d: Decimal): number | null {
  const x = Number(decimalText(d));
  if (!Number.isFinite(x)) return null;
  return compareDecimals(decimalOf(x), d) === 0 ? x : null;
}

/**
 * A fraction as a percentage, plain: 0.2 → "20", 0.123456789 → "12.3457" (four decimals
 * at most, as before), 1e-20 → "0.000000000000000001" (exact when four decimals would say 0).
 */
export function percentText(fraction: number): string {
  const exact = timesInteger(decimalOf(fraction), 100n);
  if (exact.scale <= 4) return decimalText(exact);
  const rounded = Math.round(fraction * 1e6) / 1e4;
  return rounded > 0 ? plainNumber(rounded) : decimalText(exact);
}

export const ZERO: Decimal = { digits: 0n, scale: 0 };
export const ONE: Decimal = { digits: 1n, scale: 0 };
export const HALF: Decimal = { digits: 5n, scale: 1 };
