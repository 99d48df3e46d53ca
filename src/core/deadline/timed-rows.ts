import { type AttemptRange, type ScheduleRow, scheduleRows } from "../schedule.js";
import type { RandomSource, ScheduleModel } from "../model.js";
import type { DeadlineInput } from "./input.js";
import { timingSteps } from "./rows.js";
import type { RetryTiming } from "./timing.js";

/**
 * The schedule's rows of a range, each with its retry's timing: when the deadline model's
 * waits are the rows' own model, worked out as each row is built, from the waits the row
 * holds (one object per row, no delay worked out twice); otherwise beside rows drawn first.
 */
export function timedScheduleRows(model: ScheduleModel, comparison: ScheduleModel, range: AttemptRange, random: RandomSource | null, input: DeadlineInput): Generator<ScheduleRow> {
  if (input.waits === model) return scheduleRows(model, comparison, range, random, timingSteps(input, range).nextWith);
  return withTimings(scheduleRows(model, comparison, range, random), input, range);
}

/** The rows of a range with each retry's timing beside them, both walked once, in step. */
export function* withTimings(rows: Iterable<ScheduleRow>, input: DeadlineInput, range: AttemptRange): Generator<ScheduleRow> {
  const steps = timingSteps(input, range);
  let left = range.last - range.first + 1;
  for (const row of rows) {
    yield left-- > 0 ? timed(row, steps.next()) : row;
  }
}

/**
 * The row with its timing, written out field by field: one object shape for every timed row
 * (a spread of the row and a field added to it cost about five times the row itself in a
 * million-row CSV).
 */
function timed(row: ScheduleRow, timing: RetryTiming): ScheduleRow {
  const withTiming: ScheduleRow = {
    attempt: row.attempt,
    rawMs: row.rawMs,
    delayMs: row.delayMs,
    cumulativeMs: row.cumulativeMs,
    linearMs: row.linearMs,
    linearCumulativeMs: row.linearCumulativeMs,
    clamped: row.clamped,
    minMs: row.minMs,
    maxMs: row.maxMs,
    meanMs: row.meanMs,
    runsStopped: row.runsStopped,
    cumulativeMinMs: row.cumulativeMinMs,
    cumulativeMaxMs: row.cumulativeMaxMs,
    sampleMs: row.sampleMs,
    sampleCumulativeMs: row.sampleCumulativeMs,
    timing,
  };
  return row.retryAfter === undefined ? withTiming : { ...withTiming, retryAfter: row.retryAfter };
}
