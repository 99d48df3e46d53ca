import { MAX_PICTURE_ATTEMPTS, type ScheduleRenderer } from "../../renderer.js";

/** The schedule as an SVG picture, drawn from all its rows at once. */
export const renderer: ScheduleRenderer = {
  maxAttempts: MAX_PICTURE_ATTEMPTS,
  // Its axes span the whole range, up to the last attempt's total.
  readsLastRow: true,
  takes: { scale: true },
  async render(schedule, context) {
    // Loaded when drawn (dist/pictures.cjs), like every picture.
    const { renderScheduleSvg } = await import("../../svg.js");
    const deadlineMs = schedule.deadline?.deadlineMs ?? null;
    return { pieces: [renderScheduleSvg(Array.from(schedule.rows), { title: schedule.text.title, capMs: schedule.model.capMs, scale: context.options.scale ?? null, deadlineMs })] };
  },
};
