/**
 * Shared pieces for presets: whole-millisecond reporting of a library's own values,
 * the random numbers a library really draws, exact means of rounded uniforms, and a
 * model builder for libraries whose delays do not depend on earlier draws.
 */
import type { AttemptDelay } from "../core/delay.js";
import { MAX_EXACT_MS, SATURATED_MS } from "../core/limits.js";
import type { DelayBounds, RandomSource } from "../core/model.js";
import { PresetError, type PresetModel, type PresetStop } from "./types.js";

/** The largest value of V8's Math.random(): it returns multiples of 2^-52. */
export const JS_RANDOM_MAX = 1 - 2 ** -52;
/** The largest value of Go's rand.Float64, Python's random.random, Java's Math.random and .NET's NextDouble: multiples of 2^-53. */
export const RANDOM53_MAX = 1 - 2 ** -53;

/** A draw on the grid of V8's Math.random (so a library's bounds can never be passed by a finer source). */
export function jsRandom(random: RandomSource): number {
  return Math.floor(random.fraction() * 2 ** 52) / 2 ** 52;
}

/** A draw on the 53-bit grid of Go, Python, Java and .NET. */
export function random53(random: RandomSource): number {
  return Math.floor(random.fraction() * 2 ** 53) / 2 ** 53;
}

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

/** ∫₀ˣ floor(t) dt for x ≥ 0. */
function floorIntegral(x: number): number {
  const k = Math.floor(x);
  return (k * (k - 1)) / 2 + k * (x - k);
}

/**
 * E[min(floor(X), cap)] for X uniform on [lo, hi] (lo ≥ 0): the exact mean of a floored
 * uniform draw, clamped to a whole-ms cap afterwards (cap null: no clamp).
 * For a rounded draw, pass lo + 0.5 and hi + 0.5 (round half up = floor(x + ½)).
 */
export function meanFloorUniform(lo: number, hi: number, cap: number | null = null): number {
  if (!(hi > lo)) return Math.min(Math.floor(lo), cap ?? Infinity);
  if (cap === null || hi <= cap) return (floorIntegral(hi) - floorIntegral(lo)) / (hi - lo);
  if (lo >= cap) return cap;
  return (floorIntegral(cap) - floorIntegral(lo) + (hi - cap) * cap) / (hi - lo);
}

export function unclamped(ms: number): AttemptDelay {
  return { rawMs: ms, delayMs: ms, clamped: false };
}

/** min(raw, cap) as an AttemptDelay; both already whole ms. */
export function clampedTo(rawMs: number, capMs: number | null): AttemptDelay {
  if (capMs !== null && rawMs > capMs) return { rawMs, delayMs: capMs, clamped: true };
  return { rawMs, delayMs: rawMs, clamped: false };
}

/** The first attempt where a monotone predicate turns true (doubling then bisection); null if never up to `limit`. */
export function firstAttempt(holds: (attempt: number) => boolean, limit = Number.MAX_SAFE_INTEGER): number | null {
  if (holds(1)) return 1;
  let low = 1;
  let high = 2;
  while (!holds(high)) {
    if (high >= limit) return null;
    low = high;
    high = Math.min(high * 2, limit);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (holds(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/** What a preset whose every delay is independent of the earlier draws must say. */
export interface IndependentSpec {
  readonly delay: (attempt: number) => AttemptDelay;
  /** Jittered presets: exact bounds, mean, and one draw (the library's own distribution). */
  readonly jitter: {
    readonly bounds: (attempt: number) => DelayBounds;
    readonly mean: (attempt: number) => number;
    readonly draw: (attempt: number, random: RandomSource) => number;
  } | null;
  readonly capMs: number | null;
  readonly capReachedAt: number | null;
  /** The first attempt from which delay, bounds and mean never change; null if never (or unknown). */
  readonly steadyFrom: number | null;
  readonly mayExceedCap?: boolean;
  readonly retries: number | null;
  readonly stop?: PresetStop | null;
  readonly notes?: readonly string[];
  readonly parameters: PresetModel["parameters"];
}

/** A model for a library whose delays do not depend on earlier draws. */
export function independentModel(spec: IndependentSpec): PresetModel {
  const { delay, jitter } = spec;
  return {
    delay,
    jittered: jitter !== null,
    bounds: jitter ? jitter.bounds : (attempt) => {
      const { delayMs } = delay(attempt);
      return { minMs: delayMs, maxMs: delayMs };
    },
    meanMs: jitter ? jitter.mean : (attempt) => delay(attempt).delayMs,
    sampler: (random) => (jitter ? (attempt) => jitter.draw(attempt, random) : (attempt) => delay(attempt).delayMs),
    capMs: spec.capMs,
    capReachedAt: () => spec.capReachedAt,
    steadyFrom: () => spec.steadyFrom,
    mayExceedCap: spec.mayExceedCap ?? false,
    retries: spec.retries,
    stop: spec.stop ?? null,
    notes: spec.notes ?? [],
    parameters: spec.parameters,
  };
}

/** Parses a jitter fraction such as 0.5 for a library, naming the library's parameter. */
export function parseFraction(text: string, parameter: string, options: { min: number; max: number; maxIncluded: boolean }): number {
  const trimmed = text.trim();
  const value = /^(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const inRange = value >= options.min && (options.maxIncluded ? value <= options.max : value < options.max);
  if (!inRange) {
    const top = options.maxIncluded ? `${options.max}` : `below ${options.max}`;
    throw new PresetError(`--jitter is ${parameter}, a number from ${options.min} to ${top}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** Parses an on/off jitter switch (true/false, on/off, yes/no, 1/0). */
export function parseSwitch(text: string, parameter: string): boolean {
  const value = text.trim().toLowerCase();
  if (["true", "on", "yes", "1"].includes(value)) return true;
  if (["false", "off", "no", "0", "none"].includes(value)) return false;
  throw new PresetError(`--jitter is ${parameter}, on or off (true/false), got ${JSON.stringify(text)}`);
}

/** Parses one of a library's named jitter choices. */
export function parseChoice<T extends string>(text: string, parameter: string, choices: readonly T[]): T {
  const value = text.trim().toLowerCase() as T;
  if (!choices.includes(value)) throw new PresetError(`--jitter is ${parameter}, one of ${choices.join(", ")}, got ${JSON.stringify(text)}`);
  return value;
}

/** Requires a whole number of ms (libraries holding a long or an int). */
export function wholeOption(option: string, parameter: string, ms: number, unitMs = 1): number {
  if (!Number.isInteger(ms / unitMs)) {
    const unit = unitMs === 1000 ? "seconds" : "milliseconds";
    throw new PresetError(`${option} is ${parameter}, a whole number of ${unit}, got ${ms} ms`);
  }
  return ms / unitMs;
}

/** 144000 → "144,000", for the notes a preset writes (the same grouping as the formatters). */
export function grouped(value: number | bigint): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
