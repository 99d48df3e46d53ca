import { MAX_EXACT_MS } from "../core/limits.js";
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, YEAR_MS } from "../core/time-units.js";

/** How durations map onto a chart's length axis. */
export type ScaleKind = "linear" | "log";

export const SCALE_KINDS: readonly ScaleKind[] = ["linear", "log"];

/**
 * Above this ratio between the largest and the smallest positive value, a linear
 * axis squashes the early attempts into nothing, so the log scale becomes the default.
 */
export const LOG_SCALE_SPAN = 100;

/** A map from milliseconds to a fraction of the axis, 0 at `lo` and 1 at `hi`. */
export interface Scale {
  readonly kind: ScaleKind;
  readonly lo: number;
  readonly hi: number;
  /** Where a value sits along the axis, clamped to [0, 1]; on a log axis 0 ms sits at 0. */
  fraction(ms: number): number;
  /** Values worth a label, ascending, inside [lo, hi]. */
  readonly ticks: readonly number[];
}

/** The largest value over the smallest positive one (1 when there is nothing to compare). */
export function valueSpan(values: Iterable<number>): number {
  let min = Infinity;
  let max = 0;
  for (const value of values) {
    if (value > 0 && value < min) min = value;
    if (value > max) max = value;
  }
  return min === Infinity ? 1 : max / min;
}

/** Log once the values span more than two orders of magnitude, linear otherwise. */
export function defaultScaleKind(values: Iterable<number>): ScaleKind {
  return valueSpan(values) > LOG_SCALE_SPAN ? "log" : "linear";
}


/** Whole multiples of 1, 2 and 5 of each power of ten of `unit`, up to `limit`. */
function oneTwoFive(unit: number, from: number, limit: number): number[] {
  const out: number[] = [];
  for (let power = from; power * unit <= limit; power *= 10) {
    for (const step of [1, 2, 5]) if (step * power * unit <= limit) out.push(step * power * unit);
  }
  return out;
}

/** Steps that read well as durations (15 s, 2 min, 6 h, 7 d …), ascending, past 2^53 ms. */
const NICE_STEPS: readonly number[] = [
  1, 2, 5, 10, 20, 50, 100, 200, 500,
  SECOND_MS, 2 * SECOND_MS, 5 * SECOND_MS, 10 * SECOND_MS, 15 * SECOND_MS, 30 * SECOND_MS,
  MINUTE_MS, 2 * MINUTE_MS, 5 * MINUTE_MS, 10 * MINUTE_MS, 15 * MINUTE_MS, 30 * MINUTE_MS,
  HOUR_MS, 2 * HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS,
  DAY_MS, 2 * DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 30 * DAY_MS, 90 * DAY_MS, 180 * DAY_MS,
  ...oneTwoFive(YEAR_MS, 1, 4 * (MAX_EXACT_MS + 1)),
];

/** Roughly a decade apart, each a duration people say aloud: the log axis's labels. */
const LOG_TICKS: readonly number[] = [
  1, 10, 100, SECOND_MS, 10 * SECOND_MS, MINUTE_MS, 10 * MINUTE_MS, HOUR_MS, 10 * HOUR_MS, DAY_MS, 10 * DAY_MS, 100 * DAY_MS,
  ...oneTwoFive(YEAR_MS, 1, 4 * (MAX_EXACT_MS + 1)).filter((ms) => Number.isInteger(Math.log10(ms / YEAR_MS))),
];

/** The smallest nice step that cuts [0, max] into at most `count` intervals. */
export function niceStep(max: number, count: number): number {
  return NICE_STEPS.find((step) => step * count >= max) ?? NICE_STEPS[NICE_STEPS.length - 1]!;
}

export interface ScaleRequest {
  readonly kind: ScaleKind;
  /** The values the axis must hold (zeros and the cap included). */
  readonly values: readonly number[];
  /** Round the linear axis's end up to a whole step (a plot) or keep it at the largest value (bars). */
  readonly roundUp: boolean;
  /** The most intervals a linear axis is cut into. */
  readonly tickCount: number;
  /**
   * Where a log axis starts, from the smallest positive value v: "decade" starts at the power
   * of ten at or below v (a plot's point may sit on the axis); "half" starts at v ÷ 2, so the
   * shortest bar still has a length.
   */
  readonly logStart: "decade" | "half";
}

export function makeScale(request: ScaleRequest): Scale {
  let max = 0;
  let minPositive = Infinity;
  for (const value of request.values) {
    if (value > max) max = value;
    if (value > 0 && value < minPositive) minPositive = value;
  }
  if (max <= 0) max = 1;
  if (minPositive === Infinity) minPositive = max;
  if (request.kind === "linear") {
    const step = niceStep(max, request.tickCount);
    const hi = request.roundUp ? Math.ceil(max / step) * step : max;
    const ticks: number[] = [];
    for (let tick = 0; tick <= hi * (1 + 1e-12); tick += step) ticks.push(tick);
    return { kind: "linear", lo: 0, hi, ticks, fraction: (ms) => Math.min(1, Math.max(0, ms / hi)) };
  }
  // A plot starts at the label at or below the smallest value and ends at the one at or above the largest.
  const lo = request.logStart === "decade" ? ([...LOG_TICKS].reverse().find((ms) => ms <= minPositive) ?? 10 ** Math.floor(Math.log10(minPositive))) : minPositive / 2;
  let hi = request.roundUp ? (LOG_TICKS.find((ms) => ms >= max) ?? max) : max;
  if (hi <= lo) hi = lo * 10;
  const logLo = Math.log10(lo);
  const logSpan = Math.log10(hi) - logLo;
  const inside = (ms: number) => ms >= lo * (1 - 1e-12) && ms <= hi * (1 + 1e-12);
  let ticks = LOG_TICKS.filter(inside);
  // A narrow range (chosen with --scale log) may hold one decade mark or none: label the nice steps inside it.
  if (ticks.length < 2) ticks = NICE_STEPS.filter(inside);
  return {
    kind: "log",
    lo,
    hi,
    ticks,
    fraction: (ms) => (ms <= lo ? 0 : ms >= hi ? 1 : (Math.log10(ms) - logLo) / logSpan),
  };
}
