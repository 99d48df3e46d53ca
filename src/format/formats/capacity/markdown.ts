import { MAX_TABLE_WINDOWS, VARIANT_COLUMNS, WINDOW_COLUMNS, capacitySummaryLines, heldReport } from "../../herd/capacity.js";
import { renderMarkdown } from "../../markdown.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as a Markdown table, one row per window (or variant), the set-up and verdict under it. */
export const renderer: CapacityRenderer = {
  maxWindows: MAX_TABLE_WINDOWS,
  render(output) {
    const report = heldReport(output);
    const summary = () => capacitySummaryLines(report);
    return { pieces: report.kind === "compare" ? renderMarkdown(report.variants, VARIANT_COLUMNS, summary) : renderMarkdown(report.windows, WINDOW_COLUMNS, summary) };
  },
};
