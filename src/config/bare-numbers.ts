import { ASSERT_KEYS, type OptionValues } from "./option-values.js";
import { isUnitless } from "./values.js";

// A duration written without a unit is milliseconds (`--cap 30` is 30 ms). That is the
// tool's convention and it stays; these say so where it is the likely cause of a surprise.

/** A duration written as a bare number, no unit: read as milliseconds (the duration reader's own shape). */
export const isBareNumber = isUnitless;

/** A duration as an error quotes it: a bare number says how it was read ("30, read as 30 ms"). */
export function asRead(text: string): string {
  return isBareNumber(text) ? `${text.trim()}, read as ${text.trim()} ms` : text;
}

/**
 * The error of a cap below the base, with the cap in seconds suggested when the cap was a
 * bare number and as seconds it would be accepted (`--cap 30` beside `--base 1s`).
 */
export function capBelowBaseMessage(capText: string, baseText: string, baseMs: number): string {
  const seconds = isBareNumber(capText) && Number(capText) * 1000 >= baseMs ? `; did you mean ${capText.trim()}s?` : "";
  return `--cap (${asRead(capText)}) must be at least --base (${asRead(baseText)})${seconds}`;
}

/**
 * One warning line per limit flag given as a bare number below one second (`check . --max-total 5`
 * fails every policy against 5 ms): the limit is kept as given, the line says how it was read.
 */
export function bareLimitWarnings(values: OptionValues): string[] {
  const lines: string[] = [];
  for (const [key, { option, kind }] of Object.entries(ASSERT_KEYS)) {
    const text = values[option];
    if (kind !== "duration" || text === undefined || !isBareNumber(text) || Number(text) >= 1000) continue;
    lines.push(`warning: --${key} ${text.trim()} is read as ${text.trim()} ms (a number without a unit is milliseconds); for seconds write --${key} ${text.trim()}s`);
  }
  return lines;
}
