import { renderOccTable } from "../../herd/occ-table.js";
import type { OccRenderer } from "../../renderer.js";
import { wrapText } from "../../wrap.js";

/** The AWS experiment as a box table for people, the set-up under it, and a pointer to the five modes when one was run. */
export const renderer: OccRenderer = {
  async render(report, context) {
    const pieces = [renderOccTable(report, await context.paint(), context.width)];
    if (new Set(report.rows.map((row) => row.mode)).size === 1) pieces.push(wrapText("Add --compare-jitter for the experiment's five modes side by side.\n", context.width));
    return { pieces };
  },
};
