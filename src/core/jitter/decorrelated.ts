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
 * EXACT_MEAN_VALUES of them, otherwise on that many equal cells, an approximation), rounded
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

  /** Carries the distribution forward, once, until the mean is steady (a few dozen attempts). */
  private computeMeans(): void {
    if (this.meanSteady !== null) return;
    const B = this.baseMs;
    const E = this.ceiling;
    const values = E - B; // whole milliseconds B..E−1 below the cap
    if (values <= 0 || B === 0) {
      // Every delay is the cap (B = cap), or always 0 (B rounds to 0).
      this.means[0] = B;
      this.means[1] = Math.min(B, E);
      this.meanSteady = 1;
      return;
    }
    const width = Math.max(1, Math.ceil(values / EXACT_MEAN_VALUES));
    const cells = Math.ceil(values / width);
    const cellWidth = (i: number) => Math.min(width, values - i * width);
    const cellValue = (i: number) => B + i * width + (cellWidth(i) - 1) / 2;
    let mass = new Float64Array(cells);
    let capMass = 0;
    const level = new Float64Array(cells + 1);
    const partial = new Float64Array(cells);
    // Attempt 1 starts from the single history "previous sleep = B".
    let sources: ((visit: (value: number, probability: number) => void) => void) | null = (visit) => visit(B, 1);
    const stepFrom = (visitAll: (visit: (value: number, probability: number) => void) => void) => {
      level.fill(0);
      partial.fill(0);
      let nextCap = 0;
      visitAll((p, probability) => {
        if (probability === 0) return;
        const top = 3 * p;
        const each = probability / (top - B + 1); // the chance of each whole millisecond B..top
        level[0]! += each;
        if (top >= E) {
          level[cells]! -= each;
          nextCap += each * (top - E + 1);
        } else {
          const cell = Math.floor((top - B) / width);
          level[cell]! -= each;
          partial[cell]! += each * (top - (B + cell * width) + 1);
        }
      });
      const next = new Float64Array(cells);
      let running = 0;
      for (let i = 0; i < cells; i++) {
        running += level[i]!;
        next[i] = running * cellWidth(i) + partial[i]!;
      }
      mass = next;
      capMass = nextCap;
    };
    if (this.means.length === 0) this.means[0] = B;
    let n = 0;
    let previous = B;
    for (;;) {
      n++;
      if (sources !== null) {
        stepFrom(sources);
        sources = null;
      } else {
        const current = mass;
        const atCap = capMass;
        stepFrom((visit) => {
          for (let i = 0; i < cells; i++) visit(cellValue(i), current[i]!);
          visit(E, atCap);
        });
      }
      let mean = capMass * E;
      for (let i = 0; i < cells; i++) mean += mass[i]! * cellValue(i);
      const closed = this.closedFormMean(n);
      const value = closed ?? Math.round(mean * 1000) / 1000;
      this.means[n] = value;
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
