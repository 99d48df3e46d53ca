import type { SimulationRenderer } from "../../renderer.js";
import { renderSimulationJson } from "../../simulate.js";

/** The simulation as one JSON document: the cohort, the policy, each attempt and the summary. */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: [renderSimulationJson(simulation)] }),
};
