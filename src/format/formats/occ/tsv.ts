import { renderTsv } from "../../delimited.js";
import { OCC_COLUMNS } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";

/** The AWS experiment as TSV: one row per client count and mode. */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: renderTsv(report.rows, OCC_COLUMNS) }),
};
