import { capacityDelimited, renderCapacityCsv } from "../../herd/capacity.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as CSV: one run's windows streamed as they are simulated, or one row per variant (--compare). */
export const renderer: CapacityRenderer = {
  streams: true,
  render: (output) => ({ pieces: output.kind === "stream" ? capacityDelimited(output.windows, ",") : [renderCapacityCsv(output)] }),
};
