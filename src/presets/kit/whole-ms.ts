/**
 * Whole-millisecond reporting of a library's own values: rounded half up, exactly for
 * the double the library computed (the same convention as the calculator's own
 * delays), and saturated from 2^53.
 */
import { MAX_EXACT_MS, SATURATED_MS } from "../../core/limits.js";

/**
 * How a library value that is not a whole number of milliseconds is reported: rounded
 * half up to whole ms, exactly for the double the library computed (the same
 * convention as the calculator's own delays). Saturated from 2^53; NaN is refused.
 */
export function wholeMs(ms: number): number {
  if (Number.isNaN(ms)) throw new RangeError("a preset computed NaN");
  if (ms >= MAX_EXACT_MS + 0.5) return SATURATED_MS;
  const floor = Math.floor(ms);
  return ms - floor >= 0.5 ? floor + 1 : floor;
}

/** A whole-ms value computed by the library (integer ms, or seconds × 1000), saturated from 2^53. */
export function saturate(ms: number): number {
  return ms > MAX_EXACT_MS ? SATURATED_MS : ms;
}

/** Integer nanoseconds (Go's time.Duration) to whole ms, rounded half up. */
export function nsToMs(ns: number): number {
  if (ns >= (MAX_EXACT_MS + 0.5) * 1e6) return SATURATED_MS;
  const ms = Math.floor(ns / 1e6);
  const rest = ns - ms * 1e6;
  return rest >= 5e5 ? ms + 1 : rest < 0 ? ms - 1 : ms;
}
