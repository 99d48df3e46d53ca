import { renderOccJson } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";

/** The AWS experiment as one JSON document: the set-up, then one row per client count and mode. */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: [renderOccJson(report)] }),
};
