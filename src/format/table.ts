import type { ChalkInstance } from "chalk";
import Table from "cli-table3";
import { MAX_EXACT_MS, isSaturated } from "../core/limits.js";
import type { ScheduleRow } from "../core/schedule.js";
import { MINUTE_MS, SECOND_MS, YEAR_MS } from "../core/time-units.js";
import { humanDuration, msText, rangeText } from "./duration.js";
import { groupDigits } from "./numbers.js";

/** The box characters, shared by cli-table3 (which draws the header) and the row lines below. */
const BOX = {
  top: "─", "top-mid": "┬", "top-left": "┌", "top-right": "┐",
  bottom: "─", "bottom-mid": "┴", "bottom-left": "└", "bottom-right": "┘",
  left: "│", "left-mid": "├", mid: "─", "mid-mid": "┼", right: "│", "right-mid": "┤", middle: "│",
} as const;

/** One table cell: its plain text (for widths) and how it is painted. */
export interface Cell {
  readonly text: string;
  readonly paint?: (text: string) => string;
}

export type Align = "left" | "right";

// Shared with the HTML page's table, which cannot load cli-table3: defined in duration.ts.
export { msText };

/** What the table shows beyond the un-jittered schedule. */
export interface ScheduleTableOptions {
  /** Show each delay and total as its range (best – worst case) instead of one value. */
  readonly jittered?: boolean;
  /** Add the sampled delay and total (a seed was given). */
  readonly sampled?: boolean;
}

function scheduleCells(row: ScheduleRow, paint: ChalkInstance, options: ScheduleTableOptions): Cell[] {
  const delay = options.jittered ? rangeText(row.minMs, row.maxMs) : msText(row.delayMs);
  const total = options.jittered ? rangeText(row.cumulativeMinMs, row.cumulativeMaxMs) : msText(row.cumulativeMs);
  const cells: Cell[] = [
    { text: String(row.attempt) },
    row.clamped ? { text: `${delay} ⤒`, paint: paint.yellow } : { text: delay },
    { text: total },
    // The comparison columns stay short: the machine formats carry their exact milliseconds.
    { text: humanDuration(row.linearMs), paint: paint.dim },
    { text: humanDuration(row.linearCumulativeMs), paint: paint.dim },
  ];
  if (options.sampled) cells.push({ text: msText(row.sampleMs ?? 0) }, { text: msText(row.sampleCumulativeMs ?? 0) });
  cells.push(row.clamped ? { text: humanDuration(row.rawMs), paint: paint.yellow } : { text: "" });
  return cells;
}

/**
 * A boxed table, streamed line by line in two passes over the rows (the first
 * measures the columns), so a range of any length uses constant memory. cli-table3
 * draws the header; the rows are laid out here with the same characters and widths,
 * because cli-table3 spends about 90 µs a row (it measures every cell with
 * string-width), which makes 100,000 rows take 9 s. Every cell here is
 * single-width text, so its length is its width. Columns whose cells are all
 * empty are left out.
 */
export function* renderBoxTable(
  head: readonly string[],
  cellRows: () => Iterable<readonly Cell[]>,
  aligns: readonly Align[],
  paint: ChalkInstance,
  knownWidths?: readonly number[],
): Generator<string> {
  const widths = knownWidths ? [...knownWidths] : head.map(() => 0);
  if (!knownWidths) {
    for (const cells of cellRows()) {
      for (let column = 0; column < cells.length; column++) widths[column] = Math.max(widths[column]!, cells[column]!.text.length);
    }
  }
  const shown = head.map((_, column) => column === 0 || widths[column]! > 0);
  const columns = head.map((_, column) => column).filter((column) => shown[column]);
  for (const column of columns) widths[column] = Math.max(widths[column]!, head[column]!.length);

  const coloured = paint.level > 0;
  const border = (text: string) => (coloured ? paint.grey(text) : text);
  const header = new Table({
    head: columns.map((column) => (coloured ? paint.bold.cyan(head[column]!) : head[column]!)),
    colWidths: columns.map((column) => widths[column]! + 2),
    colAligns: columns.map((column) => aligns[column]!),
    chars: BOX,
    style: { head: [], border: coloured ? ["grey"] : [], compact: true, "padding-left": 1, "padding-right": 1 },
  });
  const headerLines = header.toString().split("\n").slice(0, -1); // drop its bottom border: rows follow
  const rule = (left: string, mid: string, right: string) => border(left + columns.map((column) => BOX.mid.repeat(widths[column]! + 2)).join(mid) + right);
  yield `${headerLines.join("\n")}\n${rule(BOX["left-mid"], BOX["mid-mid"], BOX["right-mid"])}\n`;
  const bar = border(BOX.middle);
  const last = columns[columns.length - 1];
  for (const cells of cellRows()) {
    let line = border(BOX.left);
    for (const column of columns) {
      const cell = cells[column]!;
      const gap = " ".repeat(Math.max(0, widths[column]! - cell.text.length));
      const text = cell.paint && coloured ? cell.paint(cell.text) : cell.text;
      line += ` ${aligns[column] === "right" ? gap + text : text + gap} ${column === last ? border(BOX.right) : bar}`;
    }
    yield `${line}\n`;
  }
  yield `${rule(BOX["bottom-left"], BOX["bottom-mid"], BOX["bottom-right"])}\n`;
}

/** The longest text humanDuration can give for a value up to `ms` (its format depends only on the magnitude). */
function humanWidthBound(ms: number): number {
  // Rows before saturation show real values, which can be longer than the marker.
  if (isSaturated(ms)) return Math.max(humanDuration(ms).length, humanWidthBound(MAX_EXACT_MS));
  if (ms < SECOND_MS) return `${ms} ms`.length;
  if (ms < MINUTE_MS) return "59.9 s".length;
  if (ms < YEAR_MS) return "59 min 59 s".length;
  return `${groupDigits(Math.ceil(ms / YEAR_MS))} yr 364 d`.length;
}

export function msTextBound(ms: number): number {
  if (isSaturated(ms)) return Math.max(humanWidthBound(ms), msTextBound(MAX_EXACT_MS));
  return ms < SECOND_MS ? humanWidthBound(ms) : `${groupDigits(ms)} ms  `.length + humanWidthBound(ms);
}

/**
 * Column widths that hold every row up to `last` without measuring them: every
 * column grows with the attempt (delays and totals never decrease), so the last row
 * bounds the numbers and the magnitude bounds the human reading. Used for long
 * ranges, so the first line appears at once.
 */
export function scheduleWidthBounds(last: ScheduleRow, options: ScheduleTableOptions = {}): number[] {
  const rangeBound = (maxMs: number) => 2 * humanWidthBound(maxMs) + " – ".length;
  return [
    String(last.attempt).length,
    (options.jittered ? rangeBound(last.maxMs) : msTextBound(last.delayMs)) + (last.clamped ? 2 : 0),
    options.jittered ? rangeBound(last.cumulativeMaxMs) : msTextBound(last.cumulativeMs),
    humanWidthBound(last.linearMs),
    humanWidthBound(last.linearCumulativeMs),
    ...(options.sampled ? [msTextBound(last.maxMs), msTextBound(last.cumulativeMaxMs)] : []),
    last.clamped ? humanWidthBound(last.rawMs) : 0,
  ];
}

/**
 * The schedule as a terminal table, then the legend and the summary lines.
 * `rows` is called twice (see renderBoxTable) unless `lastRow` gives the widths.
 */
export function* renderScheduleTable(
  rows: () => Iterable<ScheduleRow>,
  summaryLines: () => readonly string[],
  paint: ChalkInstance,
  options: ScheduleTableOptions = {},
  lastRow?: ScheduleRow,
): Generator<string> {
  const head = [
    "attempt",
    options.jittered ? "delay (jittered range)" : "delay",
    options.jittered ? "total wait (range)" : "total wait",
    "linear",
    "linear total",
    ...(options.sampled ? ["sample", "sample total"] : []),
    "uncapped",
  ];
  const aligns: Align[] = head.map((_, column) => (column === 0 ? "right" : "left"));
  let anyClamped = false;
  function* cellRows(): Generator<Cell[]> {
    for (const row of rows()) {
      anyClamped ||= row.clamped;
      yield scheduleCells(row, paint, options);
    }
  }
  yield* renderBoxTable(head, cellRows, aligns, paint, lastRow ? scheduleWidthBounds(lastRow, options) : undefined);
  if (anyClamped) {
    const mark = paint.level > 0 ? paint.yellow("⤒") : "⤒";
    yield `${mark} capped: the delay is the cap${options.jittered ? " (jitter never goes above it)" : ""}; "uncapped" is what the formula gave before the cap.\n`;
  }
  yield `${summaryLines().join("\n")}\n`;
}
