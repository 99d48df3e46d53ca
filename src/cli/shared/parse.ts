import { ONE, compareDecimals } from "../../core/decimal.js";
import { MAX_EXACT_MS } from "../../core/limits.js";
import type { AttemptRange } from "../../core/schedule.js";
import { UsageError, shown } from "./errors.js";
import { exactDecimalNumber, inputText, readDecimal, readWhole } from "./values.js";

// The readers themselves live in shared/values.ts, one per kind of value, for flags and files alike.
export { parseBase, parseCap, parseDuration } from "./values.js";

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
