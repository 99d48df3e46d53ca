import { MAX_EXACT_MS, SATURATED_MS, isSaturated } from "../limits.js";
import type { DelayBounds } from "../model.js";
import type { DrawRange } from "./uniform.js";

/**
 * AWS "decorrelated jitter": `sleep = min(cap, uniform(base, previous_sleep × 3))`, with
 * the previous sleep of attempt 1 taken as the base. Stateful: each delay depends on the
 * one before, not on the un-jittered curve (strategy and factor do not enter; the base
 * and the cap do). As whole milliseconds: U{B..min(3·prev, 2^53−1)}, then min(·, cap),
 * where B is the base rounded half up like every delay.
 */
export function decorrelatedRange(baseMs: number, previousMs: number, ceiling: number): DrawRange {
  const hi = 3 * previousMs;
  return { lo: baseMs, hi: hi > MAX_EXACT_MS ? MAX_EXACT_MS : hi, ceiling };
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
 * EXACT_MEAN_VALUES of them, otherwise on cells of a fixed relative width, see meanCells), rounded
 * to 3 decimals, and held once it changes by less than a 10^-10 part between attempts.
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
    // Per cell, fixed for every attempt: its value, and where a delay drawn after it can land.
    // From a previous delay p, each whole millisecond B..3p has chance 1/(3p − B + 1): cells
    // 0..target−1 wholly, `partial` milliseconds of the target cell, and `overCap` at the cap.
    const value = new Float64Array(cells);
    const share = new Float64Array(cells);
    const target = new Int32Array(cells);
    const partial = new Float64Array(cells);
    const overCap = new Float64Array(cells);
    const widthOf = widths;
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
      value[i] = starts[i]! + (widthOf[i]! - 1) / 2;
      const top = Math.floor(3 * value[i]!);
      share[i] = 1 / (top - B + 1);
      if (top >= E) {
        target[i] = cells;
        overCap[i] = top - E + 1;
      } else {
        const cell = cellOf(top);
        target[i] = cell;
        partial[i] = top - starts[cell]! + 1;
      }
    }
    const capShare = 1 / (3 * E - B + 1);
    const capOver = 2 * E + 1;
    let mass = new Float64Array(cells);
    let next = new Float64Array(cells);
    const level = new Float64Array(cells + 1);
    // Attempt 1 starts from the single history "previous delay = B": U{B..3B}.
    {
      const top = 3 * B;
      const each = 1 / (top - B + 1);
      if (top >= E) {
        for (let i = 0; i < cells; i++) mass[i] = each * widthOf[i]!;
      } else {
        const cell = cellOf(top);
        for (let i = 0; i < cell; i++) mass[i] = each * widthOf[i]!;
        mass[cell] = each * (top - starts[cell]! + 1);
      }
    }
    let capMass = Math.max(0, 1 - mass.reduce((sum, m) => sum + m, 0));
    let previous = B;
    for (let n = 1; ; n++) {
      if (n > 1) {
        level.fill(0);
        next.fill(0);
        let total = capMass * capShare;
        let nextCap = capMass * capShare * capOver;
        for (let i = 0; i < cells; i++) {
          const m = mass[i]!;
          if (m === 0) continue;
          const each = m * share[i]!;
          total += each;
          const t = target[i]!;
          level[t]! -= each;
          if (t === cells) nextCap += each * overCap[i]!;
          else next[t]! += each * partial[i]!;
        }
        let running = total + level[0]!;
        for (let i = 0; i < cells; i++) {
          next[i]! += running * widthOf[i]!;
          running += level[i + 1]!;
        }
        [mass, next] = [next, mass];
        capMass = nextCap;
      }
      let mean = capMass * E;
      for (let i = 0; i < cells; i++) mean += mass[i]! * value[i]!;
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
