import type { SimulationRenderer } from "../../renderer.js";
import { renderSimulationCsv } from "../../simulate.js";

/** The simulation as CSV: one row per attempt (or per jitter mode with --compare-jitter). */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: [renderSimulationCsv(simulation)] }),
};
