import type { ChalkInstance } from "chalk";
import type { ScheduleRow } from "../core/schedule.js";
import { isSaturated } from "../core/limits.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { type Cell, type CellWidths, type TableColumn, humanWidthBound, msText, msTextBound, renderTable, retryAfterCell, retryAfterWidthBounds, timingCells, timingWidthBounds } from "./table.js";
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

function presetColumns(jittered: boolean, retryAfter: boolean, timed: boolean): TableColumn[] {
  const left = (head: string, short: string, drop?: number): TableColumn => ({ head, short, align: "left", ...(drop === undefined ? {} : { drop }) });
  const header = [...(timed ? [left(jittered ? "starts (range)" : "starts at", "starts"), left("fires", "fires")] : []), ...(retryAfter ? [left("Retry-After", "Retry-After")] : [])];
  return jittered
    ? [
        { head: "attempt", short: "#", align: "right" },
        left("delay", "delay"),
        left("range (min – max)", "range"),
        left("mean", "mean", 2),
        left("total wait", "total"),
        left("total range", "tot. range", 1),
        ...header,
      ]
    : [{ head: "attempt", short: "#", align: "right" }, left("delay", "delay"), left("total wait", "total"), ...header];
}

/** A value in full ("1,500 ms  1.5 s") and, when asked, its compact form ("1.5 s"). */
function value(ms: number, compact: boolean, mark = ""): { text: string; compact?: string } {
  return compact ? { text: msText(ms) + mark, compact: humanDuration(ms) + mark } : { text: msText(ms) + mark };
}

function range(min: number, max: number, compact: boolean, mark = ""): { text: string; compact?: string } {
  return compact ? { text: rangeText(min, max) + mark, compact: humanRange(min, max) + mark } : { text: rangeText(min, max) + mark };
}

/** Marks a range (and mean) taken over the runs still retrying: some runs have stopped by this attempt. */
const STOPPED_MARK = " ⊘";

function presetCells(row: ScheduleRow, jittered: boolean, overCap: boolean, paint: ChalkInstance, compact: boolean, retryAfter: boolean, timed: boolean): Cell[] {
  const cells = ownCells(row, jittered, overCap, paint, compact);
  if (timed) cells.push(...timingCells(row, paint, jittered, compact));
  return retryAfter ? [...cells, retryAfterCell(row, compact)] : cells;
}

function ownCells(row: ScheduleRow, jittered: boolean, overCap: boolean, paint: ChalkInstance, compact: boolean): Cell[] {
  const delay = row.clamped ? { ...value(row.delayMs, compact, " ⤒"), paint: paint.yellow } : value(row.delayMs, compact);
  if (!jittered) return [{ text: String(row.attempt) }, delay, value(row.cumulativeMs, compact)];
  const stopped = row.runsStopped === "some" || row.runsStopped === "all" ? STOPPED_MARK : "";
  return [
    { text: String(row.attempt) },
    delay,
    overCap ? { ...range(row.minMs, row.maxMs, compact, " ▲" + stopped), paint: paint.red } : range(row.minMs, row.maxMs, compact, stopped),
    { text: humanDuration(Math.round(row.meanMs)) },
    value(row.cumulativeMs, compact),
    { ...range(row.cumulativeMinMs, row.cumulativeMaxMs, compact), paint: paint.dim },
  ];
}

/**
 * Column widths that hold every row up to `last` without measuring them. A library's delays
 * need not grow from one attempt to the next, but none is longer than the worst-case total
 * wait, and totals never shrink: the last row's worst-case total bounds every number.
 */
export function presetWidthBounds(last: ScheduleRow, jittered: boolean, retryAfterMs: number | null = null, timed = false): CellWidths {
  const own = ownWidthBounds(last, jittered);
  const timing = (compact: boolean) => (timed ? timingWidthBounds(last, jittered, compact ? humanWidthBound : msTextBound, compact) : []);
  const withTiming = { full: [...own.full, ...timing(false)], compact: [...own.compact, ...timing(true)] };
  if (retryAfterMs === null) return withTiming;
  const [full, compact] = retryAfterWidthBounds(retryAfterMs);
  return { full: [...withTiming.full, full], compact: [...withTiming.compact, compact] };
}

function ownWidthBounds(last: ScheduleRow, jittered: boolean): CellWidths {
  const bound = last.cumulativeMaxMs;
  const attempt = String(last.attempt).length;
  const bounds = (single: number, range: number, human: number) =>
    jittered ? [attempt, single + 2, range + 2 + STOPPED_MARK.length, human + 2, single, range] : [attempt, single + 2, single];
  const single = msTextBound(bound);
  const full = Math.max(single, 2 * groupDigits(bound).length + " –  ms".length, single + " – ".length + humanDuration(bound).length);
  const human = humanWidthBound(bound);
  return { full: bounds(single, full, humanDuration(bound).length), compact: bounds(human, 2 * human + " – ".length, humanDuration(bound).length) };
}

/**
 * A preset's schedule as a terminal table: the un-jittered delay, and the library's exact
 * range when it jitters; fitted to `width` (see renderTable), the lines under it wrapped.
 * Streamed like the calculator's own table: `rows` is called twice (a first pass measures
 * the columns) unless `lastRow` bounds the widths, so any range runs in constant memory
 * (the table used to be built whole: 3 GB for a million gRPC rows).
 */
export function* renderPresetTable(
  rows: () => Iterable<ScheduleRow>,
  jittered: boolean,
  capMs: number | null,
  summaryLines: () => readonly string[],
  paint: ChalkInstance,
  lastRow?: ScheduleRow,
  width: number | null = null,
  retryAfterMs: number | null = null,
  timed = false,
): Generator<string> {
  const retryAfter = retryAfterMs !== null;
  const columns = presetColumns(jittered, retryAfter, timed);
  let anyClamped = false;
  let anyOverCap = false;
  let anyStopped = false;
  function* cellRows(compact: boolean): Generator<Cell[]> {
    for (const row of rows()) {
      const overCap = capMs !== null && row.maxMs > capMs;
      anyClamped ||= row.clamped;
      anyOverCap ||= jittered && overCap;
      anyStopped ||= jittered && (row.runsStopped === "some" || row.runsStopped === "all");
      yield presetCells(row, jittered, overCap, paint, compact, retryAfter, timed);
    }
  }
  yield* renderTable(columns, cellRows, paint, width, lastRow ? presetWidthBounds(lastRow, jittered, retryAfterMs, timed) : undefined);
  const legend: string[] = [];
  if (anyClamped) legend.push("⤒ capped: the un-jittered delay is the cap.");
  if (anyOverCap) legend.push("▲ past the cap: the library's jitter can exceed it.");
  if (anyStopped) legend.push("⊘ some runs have stopped before this retry (their waits were long): the range and mean are over the runs that make it.");
  yield `${wrapLines(legend, width, 2).map((line) => `${line}\n`).join("")}${wrapLines(summaryLines(), width).join("\n")}\n`;
}
