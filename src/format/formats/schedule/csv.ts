import { columnsOf } from "../../columns.js";
import { renderCsv } from "../../delimited.js";
import type { ScheduleRenderer } from "../../renderer.js";

/** The schedule as CSV, streamed row by row. */
export const renderer: ScheduleRenderer = {
  render: (schedule) => ({ pieces: renderCsv(schedule.rows, columnsOf(schedule)), interruptible: {} }),
};
