import { renderCsv } from "../../delimited.js";
import type { SimulationRenderer } from "../../renderer.js";
import { ATTEMPT_COLUMNS, MODE_COLUMNS, attemptPairs } from "../../simulate.js";

/** The simulation as CSV: one row per attempt, the un-jittered latest and peak beside it (or one per jitter mode with --compare-jitter). */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: simulation.kind === "compare" ? renderCsv(simulation.modes, MODE_COLUMNS) : renderCsv(attemptPairs(simulation), ATTEMPT_COLUMNS) }),
};
