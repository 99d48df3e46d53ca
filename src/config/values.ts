import { type Decimal, HALF, ONE, ZERO as ZERO_DECIMAL, compareDecimals, decimal, decimalText, exactNumber, isWhole, parsePlainDecimal, timesInteger } from "../core/decimal.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import type { RetryAfter } from "../core/retry-after/header.js";
import type { AttemptRange } from "../core/schedule.js";
import { UsageError, shown } from "./errors.js";

// One reader per kind of value (a duration, a base, a cap, a factor, attempts, a fraction,
// a whole number), used by the flags and the configuration files alike, so that both
// accept and refuse exactly the same texts.

/**
 * Characters that a value may not contain once its ASCII spaces, tabs and line ends are
 * trimmed: control characters, and the spaces and invisible marks that look like a space or
 * like nothing at all (a no-break space pasted from a document, a byte order mark). Every
 * option refuses them the same way, rather than some trimming them and others not.
 */
const ODD_CHARACTER = /[\u0000-\u001f\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/;

const CHARACTER_NAMES: Record<number, string> = {
  0x00a0: "a no-break space",
  0x202f: "a narrow no-break space",
  0x2007: "a figure space",
  0x200b: "a zero-width space",
  0x2060: "a word joiner",
  0xfeff: "a byte order mark",
  0x3000: "an ideographic space",
  0x0009: "a tab",
};

function characterName(character: string): string {
  const code = character.codePointAt(0)!;
  const name = CHARACTER_NAMES[code] ?? (code < 0x20 || code === 0x7f ? "a control character" : "an invisible character");
  return `${name} (U+${code.toString(16).toUpperCase().padStart(4, "0")})`;
}

/** The value with ASCII white space trimmed; one line naming the character when anything odd is left. */
export function inputText(option: string, text: string): string {
  const trimmed = text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  const odd = ODD_CHARACTER.exec(trimmed);
  if (odd) throw new UsageError(`${option} contains ${characterName(odd[0])} in ${shown(text)}; type it with plain characters`);
  return trimmed;
}

const DURATION_EXAMPLES = "a duration such as 250, 250ms, 1.5s, 2m or 1h";
/** A sign, the number (read by parsePlainDecimal), spaces, a unit. */
const DURATION_SHAPE = /^(-?)([\d.]+) *([a-zµ]*)$/i;

/** The units, in milliseconds (the spellings the `ms` package reads, as the README promises). */
const UNIT_MS = new Map<string, bigint>([
  ...["", "ms", "msec", "msecs", "millisecond", "milliseconds"].map((u) => [u, 1n] as const),
  ...["s", "sec", "secs", "second", "seconds"].map((u) => [u, 1000n] as const),
  ...["m", "min", "mins", "minute", "minutes"].map((u) => [u, 60_000n] as const),
  ...["h", "hr", "hrs", "hour", "hours"].map((u) => [u, 3_600_000n] as const),
  ...["d", "day", "days"].map((u) => [u, 86_400_000n] as const),
]);

/** The unit spellings a duration may end with (any case; none is milliseconds). */
export const DURATION_UNITS: readonly string[] = [...UNIT_MS.keys()].filter((unit) => unit !== "");

/** The short spelling of a unit ("seconds" → "s", "msecs" → "ms"), or null for a word that is no unit. */
export function shortUnit(unit: string): string | null {
  const ms = UNIT_MS.get(unit.toLowerCase());
  if (ms === undefined || unit === "") return null;
  return ms === 1n ? "ms" : ms === 1000n ? "s" : ms === 60_000n ? "m" : ms === 3_600_000n ? "h" : "d";
}

/**
 * A number typed with a comma, as much of Europe writes it: "1,5s" with a decimal comma is
 * 1.5s, "1,000ms" (groups of three) a thousands separator, 1000ms. The text as it was meant,
 * or null when no comma stands between digits.
 */
export function commaCorrected(text: string): string | null {
  const trimmed = text.trim();
  const grouped = /^(\d{1,3}(?:,\d{3})+)((?:\.\d+)? *[a-zµ%]*)$/i.exec(trimmed);
  if (grouped) return `${grouped[1]!.replace(/,/g, "")}${grouped[2]}`;
  const comma = /^(\d+),(\d+)( *[a-zµ%]*)$/i.exec(trimmed);
  return comma ? `${comma[1]}.${comma[2]}${comma[3]}` : null;
}

/**
 * A fraction typed as a percentage, "20%", as the decimal meant ("0.2"), exactly (the decimal
 * point moved two places); null for anything else.
 */
export function percentCorrected(text: string): string | null {
  const percent = /^(\d+(?:\.\d+)?) *%$/.exec(text.trim());
  const value = percent === null ? null : parsePlainDecimal(percent[1]!);
  return value === null ? null : decimalText({ digits: value.digits, scale: value.scale + 2 }).replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
}

/** "; did you mean --base 1.5s?" for a flag, "; did you mean 1.5s?" for a file's key; "" without a correction. */
export function correctedValue(option: string, corrected: string | null): string {
  if (corrected === null) return "";
  return `; did you mean ${option.startsWith("-") ? `${option} ` : ""}${corrected}?`;
}

/**
 * Units the `ms` package reads but backoff refuses: a week is a fixed 7 days, but a year
 * (365.25 days to `ms`) is not a fixed length, and accepting one without the other, or
 * either without saying so, would surprise; days say both exactly.
 */
const REFUSED_UNITS: ReadonlyArray<[RegExp, string]> = [
  [/^(w|wk|wks|week|weeks)$/i, "a week is 7d"],
  [/^(y|yr|yrs|year|years)$/i, "a year is 365d or 366d"],
];

/** Durations are read to the nanosecond: 6 decimals of a millisecond, always printable as a plain decimal. */
export const DURATION_DECIMALS = 6;

/**
 * A duration's exact value in milliseconds: a bare number is milliseconds; the units are
 * ms, s, m, h and d and their long forms (1.5s, 2 minutes). The number times the unit is
 * computed on the decimal as written, never in binary floating point: 3.5664s is 3566.4 ms
 * exactly. Always greater than zero and at most 2^53 − 1.
 */
export function readDuration(option: string, text: string, allowZero = false): Decimal {
  const trimmed = inputText(option, text);
  const shape = DURATION_SHAPE.exec(trimmed);
  const number = shape === null ? null : parsePlainDecimal(shape[2]!);
  if (shape === null || number === null) throw new UsageError(`${option} must be ${DURATION_EXAMPLES}, got ${shown(text)}${correctedValue(option, commaCorrected(trimmed))}`);
  const [, sign, , unitText] = shape as unknown as [string, string, string, string];
  const unit = unitText.toLowerCase();
  const unitMs = UNIT_MS.get(unit);
  if (unitMs === undefined) {
    const refused = REFUSED_UNITS.find(([pattern]) => pattern.test(unit));
    throw new UsageError(`${option} has an unknown unit "${unitText}" in ${shown(text)}; use ms, s, m, h or d${refused ? ` (${refused[1]})` : ""}`);
  }
  const value = timesInteger(number, unitMs);
  if (sign === "-") throw new UsageError(`${option} must be a positive duration, got ${shown(text)}`);
  if (value.digits === 0n && !allowZero) throw new UsageError(`${option} must be greater than zero, got ${shown(text)}`);
  if (compareDecimals(value, decimal(BigInt(MAX_EXACT_MS), 0)) > 0) {
    throw new UsageError(`${option} must be at most ${MAX_EXACT_MS} ms (about 285,616 years), got ${shown(text)}`);
  }
  return value;
}

/** Whether a duration is written without a unit ("30", "0.5"), which reads as milliseconds; false for what readDuration refuses. */
export function isUnitless(text: string): boolean {
  const shape = DURATION_SHAPE.exec(text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ""));
  return shape !== null && shape[1] === "" && shape[3] === "" && parsePlainDecimal(shape[2]!) !== null;
}

/** The double a checked duration is computed with: it holds the decimal exactly, or the duration is refused. */
export function durationNumber(option: string, text: string, value: Decimal): number {
  if (value.scale > DURATION_DECIMALS) {
    throw new UsageError(`${option} is finer than a nanosecond (at most ${DURATION_DECIMALS} decimals of a millisecond), got ${shown(text)}`);
  }
  const ms = exactNumber(value);
  if (ms === null) throw new UsageError(`${option} has more digits than can be computed exactly (15 significant digits at most), got ${shown(text)}`);
  return ms;
}

/** A duration in milliseconds, exactly the decimal written (see readDuration). */
export function parseDuration(option: string, text: string): number {
  return durationNumber(option, text, readDuration(option, text));
}

/**
 * The least base: a first delay of at least 1 ms once rounded half up. A smaller one would
 * make the first delay 0 ms, as a zero base would.
 */
export const LEAST_BASE_MS: Decimal = HALF;

/**
 * Whether a base read from a system's file is one the system accepts and backoff cannot
 * compute: above 0 and under LEAST_BASE_MS (Traefik's `initialInterval: 100us`, a Go
 * duration). False for any other, and for text that is no duration (parseBase says why).
 */
export function isBelowLeastBase(text: string): boolean {
  try {
    const value = readDuration("base", text);
    return compareDecimals(value, LEAST_BASE_MS) < 0 && compareDecimals(value, ZERO_DECIMAL) > 0;
  } catch (error) {
    if (error instanceof UsageError) return false;
    throw error;
  }
}

/** The base: a duration of at least LEAST_BASE_MS. */
export function parseBase(option: string, text: string): number {
  const value = readDuration(option, text);
  if (compareDecimals(value, LEAST_BASE_MS) < 0) {
    throw new UsageError(`${option} rounds to a first delay of 0 ms (delays are whole milliseconds, rounded half up); give at least 0.5 ms, got ${shown(text)}`);
  }
  return durationNumber(option, text, value);
}

/**
 * The cap: a whole number of milliseconds. Delays are whole milliseconds, so a cap between
 * two of them cannot be honoured both ways: rounded up, a delay would pass it (cap 1.5 ms
 * printing a 2 ms delay); rounded down, a delay under it would be cut. Requiring a whole
 * cap keeps "no delay ever exceeds the cap" true with every delay still rounded half up.
 */
export function parseCap(option: string, text: string): number {
  const value = readDuration(option, text);
  if (!isWhole(value)) {
    throw new UsageError(`${option} must be a whole number of milliseconds, as every delay is (so none can pass it), got ${shown(text)}`);
  }
  return durationNumber(option, text, value);
}

/**
 * --spread: 0 in any spelling (0, 0.0, 0s) is no spread; otherwise a whole number of
 * milliseconds, since each client's first failure is drawn as a whole millisecond (0.4 ms
 * used to become no spread silently, while 0.0 was refused).
 */
export function parseSpread(option: string, text: string): number {
  const value = readDuration(option, text, true);
  if (value.digits === 0n) return 0;
  if (!isWhole(value)) throw new UsageError(`${option} must be 0 or a whole number of milliseconds (first failures are drawn in whole ms), got ${shown(text)}`);
  return durationNumber(option, text, value);
}

/**
 * A try time or a deadline: a whole number of milliseconds (0 too for a try time), as the
 * deadline model adds and compares whole-ms starts (a retry starting at or after the
 * deadline never fires: 1.5 ms would make "at" ambiguous).
 */
export function parseTimeout(option: string, text: string, allowZero: boolean): number {
  const value = readDuration(option, text, allowZero);
  if (!isWhole(value)) throw new UsageError(`${option} must be a whole number of milliseconds, as every start is, got ${shown(text)}`);
  return durationNumber(option, text, value);
}

/** A plain decimal (no sign, exponent, hex, NaN or Infinity), or a UsageError in the caller's words. */
export function readDecimal(option: string, text: string, expected: string): Decimal {
  const trimmed = inputText(option, text);
  const value = parsePlainDecimal(trimmed);
  if (value === null) throw new UsageError(`${option} must be ${expected}, got ${shown(text)}${correctedValue(option, percentCorrected(trimmed) ?? commaCorrected(trimmed))}`);
  return value;
}

/** The double that holds a decimal exactly, or a UsageError. */
export function exactDecimalNumber(option: string, text: string, value: Decimal): number {
  const x = exactNumber(value);
  if (x === null) throw new UsageError(`${option} has more digits than can be computed exactly (15 significant digits at most), got ${shown(text)}`);
  return x;
}

const WHOLE = /^\d+$/;
const GROUPED = /^\d{1,3}([_,]\d{3})+$/;

/**
 * A whole number from 0 (attempt counts and ranges, clients, seeds): plain digits only. Digit
 * separators (1_000, 1,000) are refused by every option alike, with a hint, rather than read
 * by one option and not another.
 */
export function readWhole(option: string, text: string, expected: string): number | null {
  const trimmed = inputText(option, text);
  if (!WHOLE.test(trimmed)) {
    if (GROUPED.test(trimmed)) throw new UsageError(`${option} takes plain digits without separators (${trimmed.replace(/[_,]/g, "")}, not ${trimmed}), got ${shown(text)}`);
    throw new UsageError(`${option} must be ${expected}, got ${shown(text)}`);
  }
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * A decimal between 0 and 1, compared exactly as written (1.0000000000000001 is above 1,
 * though a double would read it as 1): jitter fractions and probabilities.
 */
export function parseUnitFraction(option: string, text: string, expected: string, bounds: { zero: boolean }): number {
  const value = readDecimal(option, text, expected);
  if (compareDecimals(value, ONE) > 0 || (!bounds.zero && value.digits === 0n)) throw new UsageError(`${option} ${expected.replace(/^a /, "must be a ")}, got ${shown(text)}`);
  return exactDecimalNumber(option, text, value);
}

/** The growth factor: a decimal of at least 1 that a double holds without losing digits. */
export function parseFactor(option: string, text: string): number {
  const value = readDecimal(option, text, "a number of at least 1, such as 2 or 1.5");
  if (compareDecimals(value, ONE) < 0) throw new UsageError(`${option} must be at least 1 (1 keeps the delay constant), got ${shown(text)}`);
  const factor = exactDecimalNumber(option, text, value);
  if (!Number.isFinite(factor)) throw new UsageError(`${option} is too large to compute with, got ${shown(text)}`);
  return factor;
}

const RANGE = /^([^.]*)\.\.([^.]*)$/;

/** `N` (attempts 1..N) or `A..B`, both ends whole numbers from 1, A ≤ B. */
export function parseAttempts(option: string, text: string): AttemptRange {
  const expected = "a count such as 10 or a range such as 3..8";
  const trimmed = inputText(option, text);
  const range = RANGE.exec(trimmed);
  const ends = range ? [range[1]!, range[2]!] : [trimmed];
  const values = ends.map((end) => {
    if (end === "") throw new UsageError(`${option} must be ${expected}, got ${shown(text)}`);
    const value = readWhole(option, end, expected);
    if (value === null) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
    return value;
  });
  const [first, last] = values.length === 2 ? [values[0]!, values[1]!] : [1, values[0]!];
  if (first < 1 || last < 1) throw new UsageError(`${option} counts from 1 (the first failure), got ${shown(text)}`);
  if (last < first) throw new UsageError(`${option} range ${shown(text)} is reversed; write ${last}..${first}`);
  return { first, last };
}

/**
 * --retry-after: the wait a server asks for, a whole number of ms (0 too: "Retry-After: 0"),
 * before every retry, or `DURATION@A..B` before retries A..B only (`@N` reads as --attempts
 * does: retries 1..N).
 */
export function parseRetryAfter(option: string, text: string): RetryAfter {
  const trimmed = inputText(option, text);
  const at = trimmed.indexOf("@");
  const duration = at === -1 ? trimmed : trimmed.slice(0, at);
  const ms = parseTimeout(option, duration === "" ? text : duration, true);
  if (at === -1) return { ms, attempts: null };
  const range = trimmed.slice(at + 1);
  if (range === "") throw new UsageError(`${option} takes a duration, or DURATION@A..B for retries A..B only, such as 30s@2..3, got ${shown(text)}`);
  return { ms, attempts: parseAttempts(option, range) };
}
