import type { SimulationRenderer } from "../../renderer.js";
import { renderSimulationTsv } from "../../simulate.js";

/** The simulation as TSV: one row per attempt (or per jitter mode with --compare-jitter). */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: [renderSimulationTsv(simulation)] }),
};
