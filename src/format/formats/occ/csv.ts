import { renderCsv } from "../../delimited.js";
import { OCC_COLUMNS } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";

/** The AWS experiment as CSV: one row per client count and mode (the published results file's rows, with the spread of the runs). */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: renderCsv(report.rows, OCC_COLUMNS) }),
};
