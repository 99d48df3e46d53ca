import type { ScheduleRow } from "../core/schedule.js";

/** A machine-format column: its header (never renamed or reordered) and its value. */
export interface Column<Row> {
  readonly name: string;
  readonly value: (row: Row) => number;
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
