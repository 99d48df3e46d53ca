import type { AttemptDelay } from "./delay.js";

/**
 * The random numbers a sampler draws, injected so the core stays pure and a seed
 * reproduces a sequence on every machine (see cli for the seeded implementation).
 */
export interface RandomSource {
  /** A uniform integer in [min, max], both ends included, without modulo bias. */
  integer(min: number, max: number): number;
  /** A uniform double in [0, 1). */
  fraction(): number;
  /**
   * Optional: fills `into` with the next fractions, exactly as that many calls of
   * fraction() would (a simulator that draws millions takes them a block at a time).
   */
  fill?(into: Float64Array): void;
}

/**
 * Of the runs of a library that stops by elapsed time, which have stopped before making a
 * retry: none (every run makes it), some (those whose waits were long), all.
 */
export type RunsStopped = "none" | "some" | "all";

/** The exact range a (jittered) delay can take, in whole milliseconds. */
export interface DelayBounds {
  readonly minMs: number;
  readonly maxMs: number;
}

/**
 * What a schedule answers per attempt: the calculator's own policy (with or without
 * jitter) and every library preset implement this, and the rows, formats, checks and
 * charts are written against it alone. Attempts count from 1 (the first failure).
 */
export interface ScheduleModel {
  /** The un-jittered delay: the raw value, the delay after the cap, whether the cap cut it. */
  delay(attempt: number): AttemptDelay;
  /** Whether delays are random; when false, bounds and mean equal the delay. */
  readonly jittered: boolean;
  /**
   * Exact bounds of the delay, over every possible history (rounding included); for a
   * library that stops by elapsed time, over the runs that make this retry (see runsStopped).
   */
  bounds(attempt: number): DelayBounds;
  /** The expected delay (may be fractional), over the runs that make this retry. */
  meanMs(attempt: number): number;
  /**
   * For a library that stops by elapsed time: whether some runs, or all, have stopped
   * before this retry (a stopped run makes no wait; bounds and mean leave it out).
   */
  runsStopped?(attempt: number): RunsStopped;
  /**
   * A fresh sampler of one retry sequence. Stateful (decorrelated jitter depends on the
   * previous delay), so it must be called with attempts 1, 2, 3, … in order.
   */
  sampler(random: RandomSource): (attempt: number) => number;
  /** The cap in whole ms, or null. */
  readonly capMs: number | null;
  /** The first attempt whose un-jittered delay reaches the cap; null when never. */
  capReachedAt(): number | null;
  /**
   * The first attempt from which delay, bounds and mean never change again (the cap
   * or a constant schedule), so sums over long ranges need not walk every attempt;
   * null when unknown.
   */
  steadyFrom(): number | null;
  /** Whether jitter can push a delay above the cap (library quirks); the table and summary say so. */
  readonly mayExceedCap: boolean;
  /** The un-jittered total after attempts 1..attempt, where a closed form is known. */
  cumulativeMs?(attempt: number): number;
  /**
   * Every total after attempts 1..attempt (un-jittered, best and worst case), for a
   * model whose totals are not the sums of its attempts' figures: a library that stops
   * by elapsed time never totals more than its limit, though each attempt's worst case
   * comes from a different run. When present, rows and checks take every total here.
   */
  totals?(attempt: number): { readonly cumulativeMs: number; readonly minMs: number; readonly maxMs: number };
  /**
   * With `totals`: one sampled run (in place of `sampler`), each wait and the run's total
   * after it as the model reports totals (the library's own sum, rounded once), so that a
   * sampled total lies between the totals' bounds as a sampled wait lies between its own.
   * The wait is null once the run has stopped.
   */
  sampledRun?(random: RandomSource): (attempt: number) => { readonly waitMs: number | null; readonly totalMs: number };
  /** The best- and worst-case totals after attempts 1..attempt, where a closed form is known. */
  boundsTotals?(attempt: number): DelayBounds;
  /** Whether the bounds never decrease from one attempt to the next (checks then bisect instead of walking). */
  readonly monotone?: boolean;
}
