import type { ScheduleRow } from "../../core/schedule.js";

/** One line of the chart: a single attempt, or a group of consecutive attempts. */
export interface ChartLine {
  readonly first: number;
  readonly last: number;
  /** The delay drawn: the un-jittered delay (the group's longest). */
  readonly delayMs: number;
  readonly linearMs: number;
  /** The jitter range (the group's widest); equal to the delay without jitter. */
  readonly minMs: number;
  readonly maxMs: number;
  readonly clamped: boolean;
}

/** Whether a row's delay is random (a range rather than one value). */
export function isJittered(row: { readonly minMs: number; readonly maxMs: number }): boolean {
  return row.minMs !== row.maxMs;
}

/**
 * Rows folded into at most `maxLines` lines of consecutive attempts, all of the same
 * size except the last; each line keeps the longest delay and linear delay, the
 * widest jitter range, and whether any attempt in it was capped.
 */
export function chartLines(rows: readonly ScheduleRow[], maxLines: number): { lines: ChartLine[]; groupSize: number } {
  const groupSize = Math.max(1, Math.ceil(rows.length / Math.max(1, maxLines)));
  const lines: ChartLine[] = [];
  for (let start = 0; start < rows.length; start += groupSize) {
    const group = rows.slice(start, start + groupSize);
    const delay = Math.max(...group.map((row) => row.delayMs));
    // Without jitter a group is one value, its longest delay: the spread of its delays is no jitter band.
    const jittered = group.some(isJittered);
    lines.push({
      first: group[0]!.attempt,
      last: group[group.length - 1]!.attempt,
      delayMs: delay,
      linearMs: Math.max(...group.map((row) => row.linearMs)),
      minMs: jittered ? Math.min(...group.map((row) => row.minMs)) : delay,
      maxMs: jittered ? Math.max(...group.map((row) => row.maxMs)) : delay,
      clamped: group.some((row) => row.clamped),
    });
  }
  return { lines, groupSize };
}

/**
 * The first row no run starts before the deadline (its timing says "no"; starts only grow,
 * so every later row's does too), with the deadline; null without a deadline, when every
 * row shown may fire, or when a library's own time limit, not the deadline, ends them.
 */
export function deadlineBoundary(rows: readonly ScheduleRow[], deadlineMs: number | null): { readonly attempt: number; readonly deadlineMs: number } | null {
  if (deadlineMs === null) return null;
  const row = rows.find((r) => r.timing?.fires === "no");
  // A retry the library's own time limit declines (no run makes it) is its stop's, not the deadline's: not marked so.
  return row === undefined || row.timing?.madeSome !== true ? null : { attempt: row.attempt, deadlineMs };
}
