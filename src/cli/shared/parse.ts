import parseMs from "ms";
import { MAX_EXACT_MS } from "../../core/limits.js";
import type { AttemptRange } from "../../core/schedule.js";
import { PLAIN_DECIMAL } from "../../core/text/decimal.js";
import { UsageError, shown } from "./errors.js";

const DURATION_EXAMPLES = "a duration such as 250, 250ms, 1.5s, 2m or 1h";
const DURATION_SHAPE = /^(-?)(\d*\.?\d+)\s*([a-zµ]*)$/i;

/**
 * A duration: a bare number is milliseconds; the units are ms, s, m, h and d (and the
 * long forms "seconds", "minutes"… that the `ms` package reads). Returns milliseconds,
 * possibly fractional (1.5ms), always positive, finite and at most 2^53 − 1.
 */
export function parseDuration(option: string, text: string): number {
  const value = text.trim() === "" ? undefined : (parseMs(text as parseMs.StringValue) as number | undefined);
  if (value === undefined || !Number.isFinite(value)) {
    const shape = DURATION_SHAPE.exec(text.trim());
    if (shape && shape[3] !== "") {
      throw new UsageError(`${option} has an unknown unit "${shape[3]}" in ${shown(text)}; use ms, s, m, h or d`);
    }
    throw new UsageError(`${option} must be ${DURATION_EXAMPLES}, got ${shown(text)}`);
  }
  if (value < 0 || Object.is(value, -0)) throw new UsageError(`${option} must be a positive duration, got ${shown(text)}`);
  if (value === 0) throw new UsageError(`${option} must be greater than zero, got ${shown(text)}`);
  if (value > MAX_EXACT_MS) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS} ms (about 285,616 years), got ${shown(text)}`);
  return value;
}

/** The growth factor: a decimal of at least 1 that a double holds without losing digits. */
export function parseFactor(option: string, text: string): number {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) throw new UsageError(`${option} must be a number of at least 1, such as 2 or 1.5, got ${shown(text)}`);
  const value = Number(trimmed);
  if (!(value >= 1)) throw new UsageError(`${option} must be at least 1 (1 keeps the delay constant), got ${shown(text)}`);
  if (!Number.isFinite(value)) throw new UsageError(`${option} is too large to compute with, got ${shown(text)}`);
  if (digitsOf(trimmed) !== digitsOf(String(value))) {
    throw new UsageError(`${option} has more digits than can be computed exactly (15 significant digits at most), got ${shown(text)}`);
  }
  return value;
}

/** Significant digits and the decimal point's place: "02.50" and "2.5" compare equal. */
function digitsOf(decimal: string): string {
  const [whole = "", fraction = ""] = decimal.split(".");
  return `${whole.replace(/^0+(?=\d)/, "")}.${fraction.replace(/0+$/, "")}`;
}

const COUNT = /^\d+$/;
const RANGE = /^(\d+)\.\.(\d+)$/;

/** `N` (attempts 1..N) or `A..B`, both ends whole numbers from 1, A ≤ B. */
export function parseAttempts(option: string, text: string): AttemptRange {
  const trimmed = text.trim();
  const range = RANGE.exec(trimmed);
  if (!COUNT.test(trimmed) && !range) {
    throw new UsageError(`${option} must be a count such as 10 or a range such as 3..8, got ${shown(text)}`);
  }
  const [first, last] = range ? [Number(range[1]), Number(range[2])] : [1, Number(trimmed)];
  for (const end of [first, last]) {
    if (!Number.isSafeInteger(end)) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
  }
  if (first < 1 || last < 1) throw new UsageError(`${option} counts from 1 (the first failure), got ${shown(text)}`);
  if (last < first) throw new UsageError(`${option} range ${shown(text)} is reversed; write ${last}..${first}`);
  return { first, last };
}
