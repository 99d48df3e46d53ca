import { MAX_EXACT_MS, isSaturated } from "../limits.js";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, YEAR_MS } from "../time-units.js";
import { groupDigits } from "./digits.js";

/** From the largest; a duration of a minute or more shows its two largest units. */
const UNITS: ReadonlyArray<readonly [size: number, label: string]> = [
  [YEAR_MS, "yr"],
  [DAY_MS, "d"],
  [HOUR_MS, "h"],
  [MINUTE_MS, "min"],
  [SECOND_MS, "s"],
];
const MINUTE_INDEX = 3;

/**
 * A duration for people: "450 ms", "1.6 s", "2 min 40 s", "1 h 5 min", "20 d 9 h",
 * "3 yr 12 d". Below a minute, seconds keep one decimal; from a minute, the two
 * largest units, the smaller rounded half up (carrying into the larger when it fills).
 */
export function humanDuration(ms: number): string {
  if (isSaturated(ms)) return `> ${humanDuration(MAX_EXACT_MS)}`;
  if (ms < SECOND_MS) return `${ms} ms`;
  const tenths = Math.floor(ms / 100 + 0.5);
  if (tenths < 600) return `${tenths / 10} s`;
  let index = UNITS.findIndex(([size]) => ms >= size);
  if (index < 0 || index > MINUTE_INDEX) index = MINUTE_INDEX; // 59.95 s rounds up to a minute
  const [size, label] = UNITS[index]!;
  const [smallSize, smallLabel] = UNITS[index + 1]!;
  const inSmall = Math.floor(ms / smallSize + 0.5);
  if (index > 0 && inSmall * smallSize >= UNITS[index - 1]![0]) return humanDuration(inSmall * smallSize);
  const perLarge = Math.round(size / smallSize);
  const large = Math.floor(inSmall / perLarge);
  const small = inSmall - large * perLarge;
  const largeText = `${groupDigits(large)} ${label}`;
  return small === 0 ? largeText : `${largeText} ${small} ${smallLabel}`;
}
