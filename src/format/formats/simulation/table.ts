import type { SimulationRenderer } from "../../renderer.js";
import { renderSimulationTable } from "../../simulate-table.js";
import { wrapText } from "../../wrap.js";

/** The simulation as a box table for people, the herd --chart under it, and a pointer to jitter when there is none. */
export const renderer: SimulationRenderer = {
  takes: { chart: true },
  async render({ simulation, chart }, context) {
    const paint = await context.paint();
    const herd = chart === null ? null : await import("../../herd-chart.js");
    const pieces = [renderSimulationTable(simulation, paint, context.width)];
    if (herd !== null && chart !== null) pieces.push(`\n${herd.renderHerdChart(chart, context.drawWidth, context.ascii)}`);
    if (simulation.kind === "single" && simulation.jitter.kind === "none") {
      pieces.push(wrapText(`Add --jitter full (or equal, decorrelated, 0.2) to see the herd spread out, or --compare-jitter for every mode.\n`, context.width));
    }
    return { pieces };
  },
};
