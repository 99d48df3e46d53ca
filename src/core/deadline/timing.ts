import type { Fires } from "./fires.js";

/**
 * One retry under the deadline model. Time 0 is the first try's start; retry a starts at
 * a × T + Σ delay(1..a) (a tries before it, each failing after T, and a waits), and its
 * try ends T later.
 */
export interface RetryTiming {
  readonly attempt: number;
  /** When the un-jittered run starts it, or would had nothing stopped it. */
  readonly startMs: number;
  /**
   * Its earliest and latest start over the runs that make it (every draw low, every draw
   * high, within the library's stop); where no run makes it, when it would start.
   */
  readonly startMinMs: number;
  readonly startMaxMs: number;
  /** The expected start, where every run makes it as drawn; null where a stop shapes it. */
  readonly startMeanMs: number | null;
  readonly fires: Fires;
  /** Some run starts it before the deadline and the deadline ends its try. */
  readonly cutShortSome: boolean;
  /** Whether some run, and whether every run, makes it by the library's count and stop (the deadline aside). */
  readonly madeSome: boolean;
  readonly madeAll: boolean;
}
