import type { SimulationRenderer } from "../../renderer.js";
import { renderSimulationMarkdown } from "../../simulate.js";

/** The simulation as a Markdown table, the summary under it. */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: [renderSimulationMarkdown(simulation)] }),
};
