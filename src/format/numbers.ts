import { MAX_EXACT_MS, isSaturated } from "../core/limits.js";

/**
 * How a saturated value (2^53 ms or more, see core/limits) is written in
 * machine formats: a string that says "more than the largest exact value",
 * so that a spreadsheet or jq sees text, not a wrong number.
 */
export const SATURATED_TEXT = `>${MAX_EXACT_MS}`;

/** A millisecond value as a plain integer, or the saturation marker. */
export function msField(ms: number): string {
  return isSaturated(ms) ? SATURATED_TEXT : String(ms);
}

/** A millisecond value for JSON: a number, or the saturation marker as a string. */
export function msJson(ms: number): number | string {
  return isSaturated(ms) ? SATURATED_TEXT : ms;
}

/** 52428800 → "52,428,800". */
export function groupDigits(n: number | bigint): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A ratio such as 3.2 for "3.2×": at most two decimals, trailing zeros dropped. */
export function ratioText(ratio: number): string {
  return String(Math.round(ratio * 100) / 100);
}
