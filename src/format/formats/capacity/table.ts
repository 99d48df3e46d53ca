import { MAX_TABLE_WINDOWS, heldReport } from "../../herd/capacity.js";
import { renderCapacityTable } from "../../herd/capacity-table.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as a box table for people: per window (or variant) what was offered and served, the verdict under it. */
export const renderer: CapacityRenderer = {
  maxWindows: MAX_TABLE_WINDOWS,
  async render(output, context) {
    return { pieces: [renderCapacityTable(heldReport(output), await context.paint(), context.width)] };
  },
};
