import { MAX_PAGE_ATTEMPTS, type ScheduleRenderer } from "../../renderer.js";

/** The schedule as a page of its own: the rows as data, drawn and recomputed in the browser. */
export const renderer: ScheduleRenderer = {
  maxAttempts: MAX_PAGE_ATTEMPTS,
  async render(schedule, context) {
    const { model, text } = schedule;
    const rows = Array.from(schedule.rows);
    const page = await schedule.page();
    const deadlineMs = schedule.deadline?.deadlineMs ?? null;
    const series = { name: text.title, rows, capMs: model.capMs, jittered: model.jittered, sampled: schedule.seed !== null, ...(deadlineMs === null ? {} : { deadlineMs }) };
    const summaryLines = schedule.summaryLines();
    return { pieces: [await context.htmlPage({ kind: "schedule", title: text.title, command: page.command, summaryLines, scale: null, series, calculator: page.calculator })] };
  },
};
