import type { ScheduleRow } from "../core/schedule.js";

/**
 * A machine-format column: its header (never renamed or reordered) and its value, a
 * number of milliseconds or a count (written as msField writes it) or, for a column of
 * words such as simulate's jitter mode, text written as is; null where a row has no
 * value (an empty field, JSON null).
 */
export interface Column<Row, Value extends number | string | null = number> {
  readonly name: string;
  readonly value: (row: Row) => Value;
  /** Markdown alignment: numbers right (the default), words left. */
  readonly align?: "left" | "right";
}

/** Above this a mean times 1000 is past 2^53 and no longer a whole number of microseconds exactly. */
const THOUSANDTHS_EXACT_BELOW = Number.MAX_SAFE_INTEGER / 1000;

/**
 * A mean as the machine formats write it. Means are fractional: three decimals (a microsecond)
 * say all there is, without float noise like 2560.0000000000005. From 2^53 / 1000 up a double
 * holds a millisecond to a thousandth or coarser, and × 1000 would round (1207295294717008
 * came out as 1207295294717007.8): the mean is written as it is, its own nearest double; from
 * 2^53 up it is saturated (the marker).
 */
export function meanField(meanMs: number): number {
  if (Math.abs(meanMs) < THOUSANDTHS_EXACT_BELOW) return Math.round(meanMs * 1000) / 1000;
  return meanMs > Number.MAX_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER + 1 : meanMs;
}

/** The six core columns, in the order every machine format keeps. */
export const SCHEDULE_COLUMNS: ReadonlyArray<Column<ScheduleRow>> = [
  { name: "attempt", value: (row) => row.attempt },
  { name: "raw_ms", value: (row) => row.rawMs },
  { name: "delay_ms", value: (row) => row.delayMs },
  { name: "cumulative_ms", value: (row) => row.cumulativeMs },
  { name: "linear_ms", value: (row) => row.linearMs },
  { name: "linear_cumulative_ms", value: (row) => row.linearCumulativeMs },
];

/** Appended after the core columns when the schedule is jittered. */
export const JITTER_COLUMNS: ReadonlyArray<Column<ScheduleRow>> = [
  { name: "min_ms", value: (row) => row.minMs },
  { name: "max_ms", value: (row) => row.maxMs },
  { name: "mean_ms", value: (row) => meanField(row.meanMs) },
  { name: "cumulative_min_ms", value: (row) => row.cumulativeMinMs },
  { name: "cumulative_max_ms", value: (row) => row.cumulativeMaxMs },
];

/**
 * Last of all, for a jittered library that stops by elapsed time: "none", "some" or "all"
 * of the runs have stopped before this retry (min, max and mean leave them out). Appended
 * after every other column, so the columns before it keep the places the CSV header
 * contract gives them (the sample columns stay right after the jitter columns).
 */
export const RUNS_STOPPED_COLUMN: Column<ScheduleRow, string> = { name: "runs_stopped", value: (row) => row.runsStopped ?? "none", align: "left" };

/** Appended after those when a seed was given: one sampled sequence (no wait once the sampled run has stopped). */
export const SAMPLE_COLUMNS: ReadonlyArray<Column<ScheduleRow, number | null>> = [
  { name: "sample_ms", value: (row) => row.sampleMs },
  { name: "sample_cumulative_ms", value: (row) => row.sampleCumulativeMs ?? 0 },
];

/**
 * Appended last when tries take time or a deadline is given (--attempt-time, --deadline):
 * when each retry starts (its range under jitter) and whether it fires. Rows carry their
 * timing then (core/deadline/timed-rows.ts).
 */
export function deadlineColumns(jittered: boolean): ReadonlyArray<Column<ScheduleRow, number | string>> {
  return [
    { name: "start_ms", value: (row) => row.timing!.startMs },
    ...(jittered
      ? [
          { name: "start_min_ms", value: (row: ScheduleRow) => row.timing!.startMinMs },
          { name: "start_max_ms", value: (row: ScheduleRow) => row.timing!.startMaxMs },
        ]
      : []),
    { name: "fires", value: (row) => row.timing!.fires, align: "left" },
  ];
}

/**
 * Appended last (after runs_stopped) with --retry-after: the Retry-After the retry's failure carried (empty where
 * it carried none) and what it did to the wait: yes, no, in some runs, ignored (the library
 * does not read it) or gives up. The delays, totals and starts are already the waits made
 * with it.
 */
export const RETRY_AFTER_COLUMNS: ReadonlyArray<Column<ScheduleRow, number | string | null>> = [
  { name: "retry_after_ms", value: (row) => row.retryAfter?.headerMs ?? null },
  { name: "retry_after_changed", value: (row) => row.retryAfter?.change ?? null, align: "left" },
];

/**
 * The columns a schedule is written with: the core six, then the jitter columns, the
 * sample columns and the deadline columns when present, runs_stopped for a library that
 * stops by elapsed time, and the Retry-After columns last.
 */
export function scheduleColumns(
  jittered: boolean,
  sampled: boolean,
  stopsByTime = false,
  timed = false,
  retryAfter = false,
): ReadonlyArray<Column<ScheduleRow, number | string | null>> {
  return [
    ...SCHEDULE_COLUMNS,
    ...(jittered ? JITTER_COLUMNS : []),
    ...(sampled ? SAMPLE_COLUMNS : []),
    ...(timed ? deadlineColumns(jittered) : []),
    ...(jittered && stopsByTime ? [RUNS_STOPPED_COLUMN] : []),
    ...(retryAfter ? RETRY_AFTER_COLUMNS : []),
  ];
}

/**
 * The machine formats' columns of a schedule: its model says whether it is jittered and stops by time, its seed
 * whether a sample is drawn, its deadline whether the rows carry their timing, its Retry-After whether they carry that.
 */
export function columnsOf(schedule: {
  readonly model: { readonly jittered: boolean; readonly runsStopped?: unknown };
  readonly seed: number | null;
  readonly deadline: unknown;
  readonly retryAfter?: unknown;
}): ReadonlyArray<Column<ScheduleRow, number | string | null>> {
  const { model, seed, deadline, retryAfter } = schedule;
  return scheduleColumns(model.jittered, seed !== null, model.runsStopped !== undefined, deadline !== null, retryAfter !== undefined && retryAfter !== null);
}
