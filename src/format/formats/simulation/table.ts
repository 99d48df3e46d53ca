import type { ChalkInstance } from "chalk";
import { jitterName } from "../../../core/jitter/index.js";
import { humanDuration } from "../../../core/text/duration.js";
import { groupDigits } from "../../../core/text/digits.js";
import { type Simulation, simulationSummaryLines } from "../../simulate.js";
import { type Cell, type TableColumn, renderTable } from "../../table.js";
import type { SimulationRenderer } from "../../renderer.js";
import { wrapLines, wrapText } from "../../wrap.js";

/** The simulation as a terminal table (per attempt, or per jitter mode), then the summary; fitted to `width` (see renderTable). */
function simulationTable(simulation: Simulation, paint: ChalkInstance, width: number | null): string {
  let columns: TableColumn[];
  let rows: Cell[][];
  if (simulation.kind !== "compare") {
    const right = (head: string, short = head): TableColumn => ({ head, short, align: "right" });
    columns = [
      right("attempt", "#"),
      right("clients"),
      right("earliest", "first"),
      right("p50"),
      right("p95"),
      right("latest", "last"),
      right("peak load", "peak"),
      { ...right("un-jittered peak", "no-jitter peak"), drop: 1 },
    ];
    rows = simulation.result.attempts.map((load, i) => [
      { text: String(load.attempt) },
      { text: groupDigits(load.clients) },
      { text: humanDuration(load.earliestMs) },
      { text: humanDuration(load.p50Ms) },
      { text: humanDuration(load.p95Ms) },
      { text: humanDuration(load.latestMs) },
      { text: groupDigits(load.peakLoad) },
      { text: groupDigits(simulation.baseline.attempts[i]?.peakLoad ?? 0), paint: paint.dim },
    ]);
  } else {
    columns = [
      { head: "jitter", align: "left" },
      { head: "calls", align: "right" },
      { head: "peak load", short: "peak", align: "right" },
      { head: "time to completion", short: "completion", align: "right" },
    ];
    rows = simulation.modes.map((mode) => [
      { text: jitterName(mode.jitter) },
      { text: groupDigits(mode.result.calls) },
      { text: groupDigits(mode.result.peakLoad) },
      { text: humanDuration(mode.result.completionMs) },
    ]);
  }
  const text = [...renderTable(columns, () => rows, paint, width)].join("");
  return `${text}${wrapLines(simulationSummaryLines(simulation), width).join("\n")}\n`;
}

/** The simulation as a box table for people, the herd --chart under it, and a pointer to jitter when there is none. */
export const renderer: SimulationRenderer = {
  takes: { chart: true },
  async render({ simulation, chart }, context) {
    const paint = await context.paint();
    const herd = chart === null ? null : await import("../../herd-chart.js");
    const pieces = [simulationTable(simulation, paint, context.width)];
    if (herd !== null && chart !== null) pieces.push(`\n${herd.renderHerdChart(chart, context.drawWidth, context.ascii)}`);
    if (simulation.kind === "single" && simulation.jitter.kind === "none") {
      pieces.push(wrapText(`Add --jitter full (or equal, decorrelated, 0.2) to see the herd spread out, or --compare-jitter for every mode.\n`, context.width));
    }
    return { pieces };
  },
};
