import type { ChalkInstance } from "chalk";
import type { ScheduleRow } from "../core/schedule.js";
import { isSaturated } from "../core/limits.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";
import { type Align, type Cell, msText, msTextBound, renderBoxTable } from "./table.js";

function rangeText(min: number, max: number): string {
  if (min === max) return msText(min);
  if (isSaturated(max)) return `${msText(min)} – ${humanDuration(max)}`;
  return `${groupDigits(min)} – ${groupDigits(max)} ms`;
}

function presetHead(jittered: boolean): string[] {
  return jittered ? ["attempt", "delay", "range (min – max)", "mean", "total wait", "total range"] : ["attempt", "delay", "total wait"];
}

function presetCells(row: ScheduleRow, jittered: boolean, overCap: boolean, paint: ChalkInstance): Cell[] {
  const delay = row.clamped ? { text: `${msText(row.delayMs)} ⤒`, paint: paint.yellow } : { text: msText(row.delayMs) };
  if (!jittered) return [{ text: String(row.attempt) }, delay, { text: msText(row.cumulativeMs) }];
  return [
    { text: String(row.attempt) },
    delay,
    overCap ? { text: `${rangeText(row.minMs, row.maxMs)} ▲`, paint: paint.red } : { text: rangeText(row.minMs, row.maxMs) },
    { text: humanDuration(Math.round(row.meanMs)) },
    { text: msText(row.cumulativeMs) },
    { text: rangeText(row.cumulativeMinMs, row.cumulativeMaxMs), paint: paint.dim },
  ];
}

/**
 * Column widths that hold every row up to `last` without measuring them. A library's delays
 * need not grow from one attempt to the next, but none is longer than the worst-case total
 * wait, and totals never shrink: the last row's worst-case total bounds every number.
 */
export function presetWidthBounds(last: ScheduleRow, jittered: boolean): number[] {
  const bound = last.cumulativeMaxMs;
  const single = msTextBound(bound);
  const range = Math.max(single, 2 * groupDigits(bound).length + " –  ms".length, single + " – ".length + humanDuration(bound).length);
  const attempt = String(last.attempt).length;
  if (!jittered) return [attempt, single + 2, single];
  return [attempt, single + 2, range + 2, humanDuration(bound).length + 2, single, range];
}

/**
 * A preset's schedule as a terminal table: the un-jittered delay, and the library's exact
 * range when it jitters. Streamed like the calculator's own table: `rows` is called twice
 * (a first pass measures the columns) unless `lastRow` bounds the widths, so any range runs
 * in constant memory (the table used to be built whole: 3 GB for a million gRPC rows).
 */
export function* renderPresetTable(
  rows: () => Iterable<ScheduleRow>,
  jittered: boolean,
  capMs: number | null,
  summaryLines: () => readonly string[],
  paint: ChalkInstance,
  lastRow?: ScheduleRow,
): Generator<string> {
  const head = presetHead(jittered);
  const aligns: Align[] = head.map((_, column) => (column === 0 ? "right" : "left"));
  let anyClamped = false;
  let anyOverCap = false;
  function* cellRows(): Generator<Cell[]> {
    for (const row of rows()) {
      const overCap = capMs !== null && row.maxMs > capMs;
      anyClamped ||= row.clamped;
      anyOverCap ||= jittered && overCap;
      yield presetCells(row, jittered, overCap, paint);
    }
  }
  yield* renderBoxTable(head, cellRows, aligns, paint, lastRow ? presetWidthBounds(lastRow, jittered) : undefined);
  let legend = anyClamped ? "⤒ capped: the un-jittered delay is the cap.\n" : "";
  if (anyOverCap) legend += "▲ past the cap: the library's jitter can exceed it.\n";
  yield `${legend}${summaryLines().join("\n")}\n`;
}
