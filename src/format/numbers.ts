import { plainNumber } from "../core/decimal.js";
import { MAX_EXACT_MS, isSaturated } from "../core/limits.js";

/**
 * How a saturated value (2^53 ms or more, see core/limits) is written in
 * machine formats: a string that says "more than the largest exact value",
 * so that a spreadsheet or jq sees text, not a wrong number.
 */
export const SATURATED_TEXT = `>${MAX_EXACT_MS}`;

/**
 * How the fast writers of whole milliseconds split a number (delimited.ts integerField,
 * text-batch.ts TextBatch.integer, which the twin test holds equal): below SMALL_INTEGER_LIMIT
 * it is one small integer (V8's fast printer, 32-bit digit arithmetic); above it, its billions
 * and its last nine digits.
 */
export const SMALL_INTEGER_LIMIT = 2 ** 31;
export const BILLION = 1e9;

/** A millisecond value as a plain integer, or the saturation marker. */
export function msField(ms: number): string {
  return isSaturated(ms) ? SATURATED_TEXT : String(ms);
}

/** A millisecond value for JSON: a number, or the saturation marker as a string. */
export function msJson(ms: number): number | string {
  return isSaturated(ms) ? SATURATED_TEXT : ms;
}

/** A ratio such as 3.2 for "3.2×": at most two decimals, trailing zeros dropped. */
export function ratioText(ratio: number): string {
  return String(Math.round(ratio * 100) / 100);
}

/** Below this an approximate figure is said as a bound: its plain decimal would be all zeros. */
const SMALLEST_SHOWN = 1e-6;

/**
 * An approximate value to ten significant digits as a plain decimal, never in exponent
 * notation (4e-10 and 4.94e-324 are what toPrecision writes): 7.472784477, 1318.5,
 * "less than 0.000001" for anything smaller.
 */
export function approximateText(x: number): string {
  if (x === 0) return "0";
  if (Math.abs(x) < SMALLEST_SHOWN) return `${x < 0 ? "more than -" : "less than "}${plainNumber(SMALLEST_SHOWN)}`;
  return plainNumber(Number(x.toPrecision(10)));
}
