import { columnsOf } from "../../columns.js";
import { renderMarkdown } from "../../markdown.js";
import type { ScheduleRenderer } from "../../renderer.js";

/** The schedule as a Markdown table, streamed row by row, with the summary under it. */
export const renderer: ScheduleRenderer = {
  render: (schedule) => ({ pieces: renderMarkdown(schedule.rows, columnsOf(schedule), schedule.summaryLines), interruptible: {} }),
};
