import { addMs } from "../limits.js";

/**
 * Whether a retry fires before the deadline, over every run of the jitter:
 * - "yes": every run starts it and lets its try run in full;
 * - "cut short": every run starts it and the deadline ends its try;
 * - "cut short in some runs": every run starts it, and in some the deadline ends its try;
 * - "in some runs": some runs start it, others never do (the deadline or the library's
 *   own stop came first);
 * - "no": no run starts it.
 * Without jitter only "yes", "cut short" and "no" occur.
 */
export type Fires = "yes" | "cut short" | "cut short in some runs" | "in some runs" | "no";

export const FIRES_VALUES: readonly Fires[] = ["yes", "cut short", "cut short in some runs", "in some runs", "no"];

/** Every run starts the retry (before the deadline). */
export function firesInEveryRun(fires: Fires): boolean {
  return fires === "yes" || fires === "cut short" || fires === "cut short in some runs";
}

/**
 * The verdict on one retry. `madeSome`/`madeAll`: whether some run, and every run, makes
 * it by the library's count and stop (the deadline aside); `earliestMs`/`latestMs`: its
 * start over the runs that make it. A retry starting at or after the deadline never
 * fires; one that starts before it but would end after it is cut short.
 */
export function firesOf(madeSome: boolean, madeAll: boolean, earliestMs: number, latestMs: number, attemptTimeMs: number, deadlineMs: number | null): Fires {
  if (!madeSome) return "no";
  if (deadlineMs === null) return madeAll ? "yes" : "in some runs";
  if (earliestMs >= deadlineMs) return "no";
  if (!madeAll || latestMs >= deadlineMs) return "in some runs";
  if (addMs(latestMs, attemptTimeMs) <= deadlineMs) return "yes";
  return addMs(earliestMs, attemptTimeMs) > deadlineMs ? "cut short" : "cut short in some runs";
}

/**
 * Whether some run starts the retry before the deadline and has its try cut by it: a
 * start s with D − T < s < D among the starts of the runs making it, which take every
 * whole ms from the earliest to the latest.
 */
export function cutShortInSomeRun(fires: Fires, earliestMs: number, latestMs: number, attemptTimeMs: number, deadlineMs: number | null): boolean {
  if (deadlineMs === null || fires === "no") return false;
  return Math.max(earliestMs, deadlineMs - attemptTimeMs + 1) <= Math.min(latestMs, deadlineMs - 1);
}
