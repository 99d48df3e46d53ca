import type { ScheduleRow } from "../../src/core/schedule.js";

/**
 * A schedule row built by hand: only what a picture reads is chosen, the totals are
 * left at zero. Without min/max the row has no jitter (min = max = delay).
 */
export function row(attempt: number, delayMs: number, extra: Partial<ScheduleRow> = {}): ScheduleRow {
  return {
    attempt,
    rawMs: delayMs,
    delayMs,
    cumulativeMs: 0,
    linearMs: delayMs,
    linearCumulativeMs: 0,
    clamped: false,
    minMs: delayMs,
    maxMs: delayMs,
    meanMs: delayMs,
    cumulativeMinMs: 0,
    cumulativeMaxMs: 0,
    runsStopped: null,
    sampleMs: null,
    sampleCumulativeMs: null,
    ...extra,
  };
}

/** Doubling from 1 s, capped at `capMs`, with a linear comparison of 1 s per attempt (also capped). */
export function doublingRows(count: number, capMs: number | null): ScheduleRow[] {
  return Array.from({ length: count }, (_, index) => {
    const attempt = index + 1;
    const raw = 1000 * 2 ** index;
    const delay = capMs === null ? raw : Math.min(raw, capMs);
    const linear = capMs === null ? 1000 * attempt : Math.min(1000 * attempt, capMs);
    return row(attempt, delay, { rawMs: raw, linearMs: linear, clamped: capMs !== null && raw > capMs });
  });
}

/** Whether every character is 7-bit ASCII. */
export function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}
