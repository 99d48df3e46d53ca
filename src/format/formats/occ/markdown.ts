import { renderOccMarkdown } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";

/** The AWS experiment as a Markdown table, one row per client count and mode, the set-up under it. */
export const renderer: OccRenderer = {
  render: (report) => ({ pieces: [renderOccMarkdown(report)] }),
};
