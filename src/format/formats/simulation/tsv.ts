import { renderTsv } from "../../delimited.js";
import type { SimulationRenderer } from "../../renderer.js";
import { ATTEMPT_COLUMNS, MODE_COLUMNS, attemptPairs } from "../../simulate.js";

/** The simulation as TSV: the CSV's rows and fields, tab-separated (no field holds a tab or a comma). */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: simulation.kind === "compare" ? renderTsv(simulation.modes, MODE_COLUMNS) : renderTsv(attemptPairs(simulation), ATTEMPT_COLUMNS) }),
};
