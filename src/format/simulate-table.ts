import type { ChalkInstance } from "chalk";
import { jitterName } from "../core/jitter/index.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";
import { type Simulation, simulationSummaryLines } from "./simulate.js";
import { type Align, renderBoxTable } from "./table.js";

/** The simulation as a terminal table (per attempt, or per jitter mode), then the summary. */
export function renderSimulationTable(simulation: Simulation, paint: ChalkInstance): string {
  let head: string[];
  let rows: { text: string; paint?: (text: string) => string }[][];
  if (simulation.kind !== "compare") {
    head = ["attempt", "clients", "earliest", "p50", "p95", "latest", "peak load", "un-jittered peak"];
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
    head = ["jitter", "calls", "peak load", "time to completion"];
    rows = simulation.modes.map((mode) => [
      { text: jitterName(mode.jitter) },
      { text: groupDigits(mode.result.calls) },
      { text: groupDigits(mode.result.peakLoad) },
      { text: humanDuration(mode.result.completionMs) },
    ]);
  }
  const aligns: Align[] = head.map((_, column) => (column === 0 && simulation.kind === "compare" ? "left" : "right"));
  return `${[...renderBoxTable(head, () => rows, aligns, paint)].join("")}${simulationSummaryLines(simulation).join("\n")}\n`;
}
