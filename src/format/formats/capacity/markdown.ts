import { MAX_TABLE_WINDOWS, heldReport, renderCapacityMarkdown } from "../../herd/capacity.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as a Markdown table, one row per window (or variant), the set-up and verdict under it. */
export const renderer: CapacityRenderer = {
  maxWindows: MAX_TABLE_WINDOWS,
  render: (output) => ({ pieces: [renderCapacityMarkdown(heldReport(output))] }),
};
