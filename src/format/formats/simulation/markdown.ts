import { renderMarkdown } from "../../markdown.js";
import type { SimulationRenderer } from "../../renderer.js";
import { ATTEMPT_COLUMNS, MODE_COLUMNS, attemptPairs, simulationSummaryLines } from "../../simulate.js";

/** The simulation as a Markdown table (one row per attempt, or per jitter mode), the summary under it (never empty: the cohort line at least). */
export const renderer: SimulationRenderer = {
  render({ simulation }) {
    const summary = () => simulationSummaryLines(simulation);
    return {
      pieces: simulation.kind === "compare" ? renderMarkdown(simulation.modes, MODE_COLUMNS, summary) : renderMarkdown(attemptPairs(simulation), ATTEMPT_COLUMNS, summary),
    };
  },
};
