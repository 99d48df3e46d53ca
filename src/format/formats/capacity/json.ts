import { heldReport, renderCapacityJson } from "../../herd/capacity.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as one JSON document: the set-up, the totals and verdict, then the windows (or each variant's). */
export const renderer: CapacityRenderer = {
  render: (output) => ({ pieces: [renderCapacityJson(heldReport(output))] }),
};
