import type { AttemptRange, ScheduleRow } from "../schedule.js";
import type { DeadlineInput } from "./input.js";
import { retryTimings } from "./rows.js";

/** The rows of a range with each retry's timing beside them, both walked once, in step. */
export function* withTimings(rows: Iterable<ScheduleRow>, input: DeadlineInput, range: AttemptRange): Generator<ScheduleRow> {
  const timings = retryTimings(input, range);
  for (const row of rows) {
    const next = timings.next();
    yield next.done ? row : { ...row, timing: next.value };
  }
}
