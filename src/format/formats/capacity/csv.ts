import { renderCsv } from "../../delimited.js";
import { VARIANT_COLUMNS, WINDOW_COLUMNS } from "../../herd/capacity.js";
import type { CapacityRenderer } from "../../renderer.js";

/** The capacity model as CSV: one run's windows streamed as they are simulated, or one row per variant (--compare). */
export const renderer: CapacityRenderer = {
  streams: true,
  // A stream's (and a held run's) windows are written as they come: a long run is never held whole.
  render: (output) => ({ pieces: output.kind === "compare" ? renderCsv(output.variants, VARIANT_COLUMNS) : renderCsv(output.windows, WINDOW_COLUMNS) }),
};
