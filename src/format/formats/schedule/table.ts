import { withTimings } from "../../../core/deadline/timed-rows.js";
import { withRetryAfter } from "../../../core/retry-after/rows.js";
import { scheduleRows } from "../../../core/schedule.js";
import type { ScheduleRenderer } from "../../renderer.js";
import { renderScheduleTable } from "../../table.js";

/** Up to this many rows, a table's columns are measured exactly rather than bounded. */
const MEASURED_TABLE_ROWS = 5000;

/** The schedule as a box table for people, the summary under it, and the --chart under that. */
export const renderer: ScheduleRenderer = {
  // A long table takes its column widths from the last row.
  readsLastRow: true,
  takes: { chart: true, scale: { with: "chart" } },
  boxTable: true,
  async render(schedule, context) {
    const { model, comparison, range } = schedule;
    // Loaded only here: chalk and the table renderer (dist/table.cjs) cost start-up time that the machine formats never pay.
    const paint = await context.paint();
    const chart = context.options.chart === true ? await import("../../chart.js") : null;
    // Short tables are measured (two passes; only the second is the one handed in, which
    // warns); long ones take their widths from the last row, so the first line appears at once.
    // A Retry-After before some retries only breaks the growth the last row's widths rely on.
    const measured = range.last - range.first < MEASURED_TABLE_ROWS || schedule.retryAfter?.header.attempts != null;
    let pass = measured ? 0 : 1;
    const tableRows = () => (pass++ === 0 ? schedule.freshRows() : schedule.rows);
    // The last row sizes the columns before any row is out: drawn without the sample (which
    // would mean drawing every attempt before it first); the sample columns are sized from
    // the bounds, which every sample lies within.
    const lastRange = { first: range.last, last: range.last };
    const lastPlain = scheduleRows(model, comparison, lastRange);
    const lastTimed = schedule.deadline === null ? lastPlain : withTimings(lastPlain, schedule.deadline, lastRange);
    const lastRow = measured ? undefined : ((schedule.retryAfter === null ? lastTimed : withRetryAfter(lastTimed, schedule.retryAfter)).next().value ?? undefined);
    const table = schedule.renderTable
      ? schedule.renderTable(tableRows, schedule.summaryLines, paint, lastRow, context.width)
      : renderScheduleTable(tableRows, schedule.summaryLines, paint, {
            jittered: model.jittered,
            sampled: schedule.seed !== null,
            timed: schedule.deadline !== null,
            retryAfterMs: schedule.retryAfter?.header.ms ?? null,
            width: context.width,
          }, lastRow);
    function* pieces(): Generator<string> {
      yield* table;
      if (chart === null || context.signal?.aborted) return;
      const drawn = chart.renderScheduleChart(Array.from(schedule.freshRows()), {
        capMs: model.capMs,
        scale: context.options.scale ?? null,
        width: context.drawWidth,
        ascii: context.ascii,
        paint: chart.chartPaint(paint),
        deadlineMs: schedule.deadline?.deadlineMs ?? null,
      });
      yield `\n${drawn}`;
    }
    return { pieces: pieces(), interruptible: {} };
  },
};
