import type { ChalkInstance } from "chalk";
import type { ScheduleRow } from "../core/schedule.js";
import { isSaturated } from "../core/limits.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";
import { type Cell, type TableColumn, msText, renderTable } from "./table.js";
import { wrapLines } from "./wrap.js";

function rangeText(min: number, max: number): string {
  if (min === max) return msText(min);
  if (isSaturated(max)) return `${msText(min)} – ${humanDuration(max)}`;
  return `${groupDigits(min)} – ${groupDigits(max)} ms`;
}

/** The same range for people alone: "1 s – 1.5 s". */
function humanRange(min: number, max: number): string {
  return min === max ? humanDuration(min) : `${humanDuration(min)} – ${humanDuration(max)}`;
}

/**
 * A preset's schedule as a terminal table: the un-jittered delay, and the library's
 * exact range when it jitters; fitted to `width` (see renderTable), the lines under it
 * wrapped.
 */
export function renderPresetTable(
  rows: readonly ScheduleRow[],
  jittered: boolean,
  capMs: number | null,
  summaryLines: readonly string[],
  paint: ChalkInstance,
  width: number | null = null,
): string {
  const overCap = (row: ScheduleRow) => capMs !== null && row.maxMs > capMs;
  const left = (head: string, short: string, drop?: number): TableColumn => ({ head, short, align: "left", ...(drop === undefined ? {} : { drop }) });
  const columns: TableColumn[] = jittered
    ? [{ head: "attempt", short: "#", align: "right" }, left("delay", "delay"), left("range (min – max)", "range"), left("mean", "mean", 2), left("total wait", "total"), left("total range", "tot. range", 1)]
    : [{ head: "attempt", short: "#", align: "right" }, left("delay", "delay"), left("total wait", "total")];
  const value = (ms: number, compact: boolean, mark = ""): { text: string; compact?: string } =>
    compact ? { text: msText(ms) + mark, compact: humanDuration(ms) + mark } : { text: msText(ms) + mark };
  const cells = (compact: boolean) =>
    rows.map((row): Cell[] => {
      const delay = row.clamped ? { ...value(row.delayMs, compact, " ⤒"), paint: paint.yellow } : value(row.delayMs, compact);
      if (!jittered) return [{ text: String(row.attempt) }, delay, value(row.cumulativeMs, compact)];
      const range = (min: number, max: number, mark = "") =>
        compact ? { text: rangeText(min, max) + mark, compact: humanRange(min, max) + mark } : { text: rangeText(min, max) + mark };
      return [
        { text: String(row.attempt) },
        delay,
        overCap(row) ? { ...range(row.minMs, row.maxMs, " ▲"), paint: paint.red } : range(row.minMs, row.maxMs),
        { text: humanDuration(Math.round(row.meanMs)) },
        value(row.cumulativeMs, compact),
        { ...range(row.cumulativeMinMs, row.cumulativeMaxMs), paint: paint.dim },
      ];
    });
  const text = [...renderTable(columns, cells, paint, width)].join("");
  const legend: string[] = [];
  if (rows.some((row) => row.clamped)) legend.push("⤒ capped: the un-jittered delay is the cap.");
  if (jittered && rows.some(overCap)) legend.push("▲ past the cap: the library's jitter can exceed it.");
  return `${text}${wrapLines(legend, width, 2).map((line) => `${line}\n`).join("")}${wrapLines(summaryLines, width).join("\n")}\n`;
}
