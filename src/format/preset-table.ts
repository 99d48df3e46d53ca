import type { ChalkInstance } from "chalk";
import type { ScheduleRow } from "../core/schedule.js";
import { isSaturated } from "../core/limits.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";
import { type Align, msText, renderBoxTable } from "./table.js";

function rangeText(min: number, max: number): string {
  if (min === max) return msText(min);
  if (isSaturated(max)) return `${msText(min)} – ${humanDuration(max)}`;
  return `${groupDigits(min)} – ${groupDigits(max)} ms`;
}

/** A preset's schedule as a terminal table: the un-jittered delay, and the library's exact range when it jitters. */
export function renderPresetTable(rows: readonly ScheduleRow[], jittered: boolean, capMs: number | null, summaryLines: readonly string[], paint: ChalkInstance): string {
  const overCap = (row: ScheduleRow) => capMs !== null && row.maxMs > capMs;
  const head = jittered ? ["attempt", "delay", "range (min – max)", "mean", "total wait", "total range"] : ["attempt", "delay", "total wait"];
  const aligns: Align[] = head.map((_, column) => (column === 0 ? "right" : "left"));
  const cells = rows.map((row) => {
    const delay = row.clamped ? { text: `${msText(row.delayMs)} ⤒`, paint: paint.yellow } : { text: msText(row.delayMs) };
    if (!jittered) return [{ text: String(row.attempt) }, delay, { text: msText(row.cumulativeMs) }];
    return [
      { text: String(row.attempt) },
      delay,
      overCap(row) ? { text: `${rangeText(row.minMs, row.maxMs)} ▲`, paint: paint.red } : { text: rangeText(row.minMs, row.maxMs) },
      { text: humanDuration(Math.round(row.meanMs)) },
      { text: msText(row.cumulativeMs) },
      { text: rangeText(row.cumulativeMinMs, row.cumulativeMaxMs), paint: paint.dim },
    ];
  });
  let legend = rows.some((row) => row.clamped) ? "⤒ capped: the un-jittered delay is the cap.\n" : "";
  if (jittered && rows.some(overCap)) legend += "▲ past the cap: the library's jitter can exceed it.\n";
  return `${[...renderBoxTable(head, () => cells, aligns, paint)].join("")}${legend}${summaryLines.join("\n")}\n`;
}
