/** The machine-format columns (src/format/columns.ts): names, order and values, by hand. */
import { describe, expect, it } from "vitest";
import { JITTER_COLUMNS, RUNS_STOPPED_COLUMN, SCHEDULE_COLUMNS, deadlineColumns, meanField, scheduleColumns } from "../../src/format/columns.js";
import type { ScheduleRow } from "../../src/core/schedule.js";

const names = (columns: ReadonlyArray<{ name: string }>) => columns.map((column) => column.name);
const CORE = ["attempt", "raw_ms", "delay_ms", "cumulative_ms", "linear_ms", "linear_cumulative_ms"];
const JITTER = ["min_ms", "max_ms", "mean_ms", "cumulative_min_ms", "cumulative_max_ms"];

describe("columns", () => {
  it("the core six, then jitter, the sample, the deadline columns, runs_stopped (elapsed-time stops) and Retry-After", () => {
    expect(names(SCHEDULE_COLUMNS)).toEqual(CORE);
    expect(names(JITTER_COLUMNS)).toEqual(JITTER);
    expect(names(scheduleColumns(false, false))).toEqual(CORE);
    expect(names(scheduleColumns(false, false, true))).toEqual(CORE); // runs_stopped only with jitter
    expect(names(scheduleColumns(true, true, true, true, true))).toEqual([
      ...CORE, ...JITTER, "sample_ms", "sample_cumulative_ms", "start_ms", "start_min_ms", "start_max_ms", "fires", "runs_stopped", "retry_after_ms", "retry_after_changed",
    ]);
    expect(names(deadlineColumns(false))).toEqual(["start_ms", "fires"]);
  });

  it("values: the mean to three decimals, runs_stopped none by default, words aligned left", () => {
    const row = { meanMs: 2560.0000000000005, runsStopped: undefined } as unknown as ScheduleRow;
    expect(JITTER_COLUMNS[2]!.value(row)).toBe(2560);
    expect(JITTER_COLUMNS[2]!.value({ meanMs: 1234.56789 } as unknown as ScheduleRow)).toBe(1234.568);
    expect([RUNS_STOPPED_COLUMN.value(row), RUNS_STOPPED_COLUMN.align]).toEqual(["none", "left"]);
    expect(deadlineColumns(true).map((column) => column.align ?? "right")).toEqual(["right", "right", "right", "left"]);
  });

  it("meanField: thousandths below 2^53 / 1000, the double itself up to 2^53 − 1, saturated past it", () => {
    expect(meanField(1234.56789)).toBe(1234.568);
    // 1207295294717008 × 1000 is past 2^53: rounding through it gave 1207295294717007.8.
    expect(meanField(1207295294717008)).toBe(1207295294717008);
    expect(meanField(9_007_199_254_740.5)).toBe(9_007_199_254_740.5);
    expect(meanField(2 ** 53 - 1)).toBe(2 ** 53 - 1);
    expect(meanField(2 ** 53)).toBe(2 ** 53);
    expect(meanField(2 ** 60)).toBe(2 ** 53);
  });
});
