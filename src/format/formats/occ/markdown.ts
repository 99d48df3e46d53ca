import { OCC_COLUMNS, occSummaryLines } from "../../herd/occ.js";
import { renderMarkdown } from "../../markdown.js";
import type { OccRenderer } from "../../renderer.js";

/** The AWS experiment as a Markdown table, one row per client count and mode, the set-up under it. */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: renderMarkdown(report.rows, OCC_COLUMNS, () => occSummaryLines(report)) }),
};
