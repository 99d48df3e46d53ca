import { MAX_EXACT_MS, SATURATED_MS, isSaturated } from "../limits.js";
import type { DelayBounds } from "../model.js";
import { type DrawRange, rangeUpTo } from "./uniform.js";

/**
 * AWS "decorrelated jitter": `sleep = min(cap, uniform(base, previous_sleep × 3))`, with
 * the previous sleep of attempt 1 taken as the base. Stateful: each delay depends on the
 * one before, not on the un-jittered curve (strategy and factor do not enter; the base
 * and the cap do). As whole milliseconds: U{B..min(3·prev, 2^53−1)}, then min(·, cap),
 * where B is the base rounded half up like every delay.
 */
export function decorrelatedRange(baseMs: number, previousMs: number, ceiling: number): DrawRange {
  const hi = 3 * previousMs;
  return hi > MAX_EXACT_MS ? rangeUpTo(baseMs, 3n * BigInt(previousMs), ceiling) : { lo: baseMs, hi, ceiling };
}

/** Above this many distinct values below the cap, the mean is computed on a grid of this many cells. */
export const EXACT_MEAN_VALUES = 1 << 16;
/**
 * The cells the mean is computed on, covering the whole milliseconds B..E−1: one per
 * millisecond when there are at most EXACT_MEAN_VALUES of them (exact), otherwise cells
 * whose width grows with their value (a fixed relative resolution, since the process is
 * multiplicative), as fine as EXACT_MEAN_VALUES cells allow.
 */
export function meanCells(B: number, E: number): { starts: Float64Array; widths: Float64Array } {
  const values = E - B;
  if (values <= EXACT_MEAN_VALUES) {
    const starts = new Float64Array(values);
    const widths = new Float64Array(values).fill(1);
    for (let i = 0; i < values; i++) starts[i] = B + i;
    return { starts, widths };
  }
  const build = (resolution: number, store: boolean) => {
    const starts: number[] = [];
    const widths: number[] = [];
    let count = 0;
    for (let start = B; start < E; count++) {
      const width = Math.min(E - start, Math.max(1, Math.floor(start * resolution)));
      if (store) {
        starts.push(start);
        widths.push(width);
      }
      start += width;
      if (count > EXACT_MEAN_VALUES) return null;
    }
    return { starts: Float64Array.from(starts), widths: Float64Array.from(widths) };
  };
  for (let resolution = 2 ** -14; ; resolution *= 2) {
    if (build(resolution, false) !== null) return build(resolution, true)!;
  }
}

/** The computed mean is declared steady once it moves by less than this fraction of itself between attempts. */
const MEAN_TOLERANCE = 1e-10;
/** A safety stop for the mean's iteration (it converges within a few dozen attempts in practice). */
const MAX_MEAN_ITERATIONS = 5000;

/**
 * Bounds and mean of decorrelated jitter for every attempt, over every possible history.
 *
 * Bounds (exact): the smallest delay is always B (the draw can return its low end); the
 * largest obeys M_0 = B, M_n = min(cap, 3·M_{n−1}), i.e. min(cap, B·3^n): each maximum is
 * reachable by drawing the top of every range.
 *
 * Mean: while B·3^n ≤ cap no draw can be clamped and E[U{B..3p}] = (B + 3p)/2 is linear
 * in p, so m_n = (B + 3·m_{n−1})/2 with m_0 = B, i.e. the closed form m_n = 2B·(3/2)^n − B.
 * Once the cap can bite the mean of a step is no longer linear in the previous delay, so it
 * is computed: the distribution of the delay is carried forward attempt by attempt over the
 * whole milliseconds B..cap (exact up to floating-point sums when there are at most
 * EXACT_MEAN_VALUES of them, otherwise on cells of a fixed relative width, see meanCells, each
 * keeping its mass and first moment so the error is of second order in the cell width),
 * rounded to 3 decimals, and held once it changes by less than a 10^-10 part between attempts.
 * Only sums of positive terms are formed, so no cap/base ratio (up to 2^53) can cancel digits.
 * A cap is required: without one the mean is dominated by astronomically rare histories.
 */
export class DecorrelatedSchedule {
  private readonly means: number[] = [];
  private meanSteady: number | null = null;
  private boundsSteady: number | null = null;

  constructor(
    readonly baseMs: number,
    readonly ceiling: number,
  ) {}


  range(previousMs: number): DrawRange {
    return decorrelatedRange(this.baseMs, previousMs, this.ceiling);
  }

  /** The first attempt from which the bounds stop changing (M_n = cap, or B = 0). */
  boundsSteadyFrom(): number {
    if (this.boundsSteady === null) {
      let max = Math.min(this.baseMs, this.ceiling);
      let attempt = 1;
      for (;;) {
        const next = Math.min(this.ceiling, 3 * max, MAX_EXACT_MS);
        if (next === max) break;
        max = next;
        attempt++;
      }
      // M_attempt equals M_(attempt−1) from here on; attempt 1's maximum is min(cap, 3B).
      this.boundsSteady = Math.max(1, attempt - 1);
    }
    return this.boundsSteady;
  }

  bounds(attempt: number): DelayBounds {
    if (isSaturated(this.baseMs)) return { minMs: SATURATED_MS, maxMs: SATURATED_MS };
    const steps = Math.min(attempt, this.boundsSteadyFrom() + 1);
    let max = this.baseMs;
    for (let n = 1; n <= steps; n++) max = Math.min(this.ceiling, 3 * max, MAX_EXACT_MS);
    return { minMs: Math.min(this.baseMs, this.ceiling), maxMs: max };
  }

  /** The first attempt from which bounds and mean never change again. */
  steadyFrom(): number {
    this.computeMeans();
    return Math.max(this.boundsSteadyFrom(), this.meanSteady ?? 1);
  }

  meanMs(attempt: number): number {
    if (isSaturated(this.baseMs)) return SATURATED_MS;
    const closed = this.closedFormMean(attempt);
    if (closed !== null) return closed;
    this.computeMeans();
    if (this.meanSteady !== null && attempt >= this.meanSteady) return this.means[this.meanSteady]!;
    return this.means[attempt]!;
  }

  /** 2B·(3/2)^n − B while B·3^n ≤ cap (no draw can be clamped up to attempt n); else null. */
  private closedFormMean(attempt: number): number | null {
    const B = this.baseMs;
    if (B === 0) return 0;
    if (attempt > 40 || B * 3 ** attempt > this.ceiling) return null;
    return 2 * B * 1.5 ** attempt - B;
  }

  /** Carries the distribution forward, once, until the mean is steady (a few dozen to a few hundred attempts). */
  private computeMeans(): void {
    if (this.meanSteady !== null) return;
    const B = this.baseMs;
    const E = this.ceiling;
    const values = E - B; // whole milliseconds B..E−1 below the cap
    if (this.means.length === 0) this.means[0] = B;
    if (values <= 0 || B === 0) {
      // Every delay is the cap (B = cap), or always 0 (B rounds to 0).
      this.means[1] = Math.min(B, E);
      this.meanSteady = 1;
      return;
    }
    const { starts, widths } = meanCells(B, E);
    const cells = starts.length;
    // Each cell holds a probability mass and its first moment (mass × mean value), so the
    // reported mean is exact for whatever lies in the cell. For the next draw, a cell's mass
    // is split between its two end milliseconds so that its mean is kept (a two-point
    // representative: the error left is of second order in the cell's relative width).
    // From a previous delay p, each whole millisecond B..3p has chance 1/(3p − B + 1):
    // cells below the target wholly, `partial` milliseconds of the target cell, `overCap` at the cap.
    const points = 2 * cells;
    const share = new Float64Array(points);
    const target = new Int32Array(points);
    const partial = new Float64Array(points);
    const partialMoment = new Float64Array(points);
    const overCap = new Float64Array(points);
    const middle = new Float64Array(cells);
    const cellOf = (ms: number) => {
      let low = 0;
      let high = cells - 1;
      while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if (starts[mid]! <= ms) low = mid;
        else high = mid - 1;
      }
      return low;
    };
    for (let i = 0; i < cells; i++) {
      const first = starts[i]!;
      const last = first + widths[i]! - 1;
      middle[i] = (first + last) / 2;
      for (const [k, p] of [[2 * i, first], [2 * i + 1, last]] as const) {
        const top = 3 * p;
        share[k] = 1 / (top - B + 1);
        if (top >= E) {
          target[k] = cells;
          overCap[k] = top - E + 1;
        } else {
          const cell = cellOf(top);
          target[k] = cell;
          partial[k] = top - starts[cell]! + 1;
          partialMoment[k] = (partial[k]! * (starts[cell]! + top)) / 2;
        }
      }
    }
    const capShare = 1 / (3 * E - B + 1);
    const capOver = 2 * E + 1;
    let mass = new Float64Array(cells);
    let moment = new Float64Array(cells);
    let nextMass = new Float64Array(cells);
    let nextMoment = new Float64Array(cells);
    const reaching = new Float64Array(cells + 1);
    // Before attempt 1 the single history "previous delay = B" (the low end of cell 0).
    mass[0] = 1;
    moment[0] = B;
    let capMass = 0;
    let previous = B;
    for (let n = 1; ; n++) {
      // reaching[t]: the density (per millisecond) of the histories whose draw range ends in
      // cell t. A cell i is covered whole by every range ending above it, so its density is a
      // sum over t > i, accumulated from the top: only positive terms are ever added. (Taking
      // it as "all ranges minus those ending at or below i" cancelled catastrophically once
      // the cap was some 10^10 times the base, and drove the mean negative.)
      reaching.fill(0);
      nextMass.fill(0);
      nextMoment.fill(0);
      let nextCap = capMass * capShare * capOver;
      for (let i = 0; i < cells; i++) {
        const m = mass[i]!;
        if (m === 0) continue;
        const width = widths[i]!;
        let high = 0;
        if (width > 1) {
          const ratio = (moment[i]! / m - starts[i]!) / (width - 1);
          high = m * (ratio <= 0 ? 0 : ratio >= 1 ? 1 : ratio);
        }
        // The low end, then the high end (written out twice: this loop is the whole cost).
        const low = m - high;
        if (low !== 0) {
          const k = 2 * i;
          const each = low * share[k]!;
          const t = target[k]!;
          reaching[t]! += each;
          if (t === cells) nextCap += each * overCap[k]!;
          else {
            nextMass[t]! += each * partial[k]!;
            nextMoment[t]! += each * partialMoment[k]!;
          }
        }
        if (high !== 0) {
          const k = 2 * i + 1;
          const each = high * share[k]!;
          const t = target[k]!;
          reaching[t]! += each;
          if (t === cells) nextCap += each * overCap[k]!;
          else {
            nextMass[t]! += each * partial[k]!;
            nextMoment[t]! += each * partialMoment[k]!;
          }
        }
      }
      let running = capMass * capShare + reaching[cells]!;
      for (let i = cells - 1; i >= 0; i--) {
        const covered = running * widths[i]!;
        nextMass[i]! += covered;
        nextMoment[i]! += covered * middle[i]!;
        running += reaching[i]!;
      }
      [mass, nextMass] = [nextMass, mass];
      [moment, nextMoment] = [nextMoment, moment];
      capMass = nextCap;
      let mean = capMass * E;
      for (let i = 0; i < cells; i++) mean += moment[i]!;
      const closed = this.closedFormMean(n);
      this.means[n] = closed ?? Math.round(mean * 1000) / 1000;
      if (closed === null && n >= this.boundsSteadyFrom() && Math.abs(mean - previous) <= MEAN_TOLERANCE * mean) {
        this.meanSteady = n;
        return;
      }
      if (n >= MAX_MEAN_ITERATIONS) {
        this.meanSteady = n;
        return;
      }
      previous = mean;
    }
  }
}
