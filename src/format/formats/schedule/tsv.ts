import { columnsOf } from "../../columns.js";
import { renderTsv } from "../../delimited.js";
import type { ScheduleRenderer } from "../../renderer.js";

/** The schedule as TSV, streamed row by row. */
export const renderer: ScheduleRenderer = {
  render: (schedule) => ({ pieces: renderTsv(schedule.rows, columnsOf(schedule)), interruptible: {} }),
};
