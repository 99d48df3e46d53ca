import type { ChalkInstance } from "chalk";
import Table from "cli-table3";
import { MAX_EXACT_MS, isSaturated } from "../core/limits.js";
import type { ScheduleRow } from "../core/schedule.js";
import { FIRES_VALUES, type Fires } from "../core/deadline/fires.js";
import type { RetryAfterChange } from "../core/retry-after/change.js";
import { MINUTE_MS, SECOND_MS, YEAR_MS } from "../core/time-units.js";
import { distinctRangeText, msText, rangeText } from "./duration.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { wrapLines, wrapLine } from "./wrap.js";

/** The box characters of every table. */
const BOX = {
  top: "─", "top-mid": "┬", "top-left": "┌", "top-right": "┐",
  bottom: "─", "bottom-mid": "┴", "bottom-left": "└", "bottom-right": "┘",
  left: "│", "left-mid": "├", mid: "─", "mid-mid": "┼", right: "│", "right-mid": "┤", middle: "│",
} as const;

/** A cell as cli-table3 takes it: its (painted) text, or the text with a span and alignment of its own. */
export type BoxCell =
  | string
  | { readonly content: string; readonly colSpan?: number; readonly rowSpan?: number; readonly hAlign?: Align; readonly vAlign?: "top" | "bottom" };

/** What every box table is drawn from: its columns' widths and alignment, its header rows, how borders are painted. */
export interface Box {
  /** The width of each column's text (the cells' padding, one space each side, comes on top). */
  readonly widths: readonly number[];
  readonly aligns: readonly Align[];
  /** The header: one or more rows of cells, a rule between each and under the last. */
  readonly head: readonly (readonly BoxCell[])[];
  /** Paints the box characters (the identity without colour). */
  readonly border: (text: string) => string;
}

/**
 * Body rows per cli-table3 table. cli-table3 measures every cell (string-width) and, laying
 * out a table, looks for every empty place among all the rows before it, which grows with
 * the square of the rows: 1,000 rows in one table cost about twice as much a row as 100. So
 * a long table is drawn as a run of tables of this many rows with the same column widths,
 * each written as soon as it is drawn, their joins left out: memory stays flat and the
 * first rows appear at once.
 */
export const BOX_CHUNK_ROWS = 100;

/** The horizontal rules of a drawn line (everything but the "│" between cells), painted. */
const RULES = /[─┌┐└┘├┤┬┴┼]+/g;

function boxTable(box: Box, compact: boolean, bar: string): InstanceType<typeof Table> {
  return new Table({
    chars: { ...BOX, left: bar, middle: bar, right: bar },
    colWidths: box.widths.map((width) => width + 2),
    colAligns: [...box.aligns],
    // No colours of cli-table3's own (its colour library decides from the process, not from io):
    // the cells come painted, the bars are painted characters, the rules are painted here.
    style: { head: [], border: [], compact, "padding-left": 1, "padding-right": 1 },
  });
}

/**
 * A box table drawn by cli-table3: the header and the first row in one table (cli-table3
 * puts a rule under every row but the last of a table that is not compact), then the
 * other rows in compact tables of BOX_CHUNK_ROWS without their top and bottom lines, and
 * the bottom line last. Each piece is whole lines, ending in "\n".
 */
export function* drawBox(box: Box, rows: Iterable<readonly BoxCell[]>): Generator<string> {
  const bar = box.border(BOX.middle);
  const paintRules = (line: string) => line.replace(RULES, (rule) => box.border(rule));
  const lines = (table: InstanceType<typeof Table>) => table.toString().split("\n");
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  const head = boxTable(box, false, bar);
  head.push(...box.head.map((row) => [...row]));
  if (first.done) {
    yield `${lines(head).map(paintRules).join("\n")}\n`;
    return;
  }
  head.push([...first.value]);
  const drawn = lines(head);
  let bottom = drawn.pop()!;
  const rowLine = drawn.pop()!;
  yield `${drawn.map(paintRules).join("\n")}\n${rowLine}\n`;
  let chunk = boxTable(box, true, bar);
  const flush = () => {
    const body = lines(chunk);
    bottom = body.pop()!;
    chunk = boxTable(box, true, bar);
    return `${body.slice(1).join("\n")}\n`;
  };
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    chunk.push([...next.value]);
    if (chunk.length >= BOX_CHUNK_ROWS) yield flush();
  }
  if (chunk.length > 0) yield flush();
  yield `${paintRules(bottom)}\n`;
}

/**
 * One table cell: its plain text (for widths), the shorter text a narrow terminal
 * shows instead (when there is one), and how it is painted.
 */
export interface Cell {
  readonly text: string;
  readonly compact?: string;
  readonly paint?: (text: string) => string;
}

export type Align = "left" | "right";

/** A table column: its header, a shorter one for narrow terminals, and whether it may be left out to fit. */
export interface TableColumn {
  readonly head: string;
  readonly short?: string;
  readonly align: Align;
  /** Left out (and named under the table) when the table is too wide otherwise; lower numbers go first. */
  readonly drop?: number;
}

/** Widths of a table's cells, per column: as written in full and in the compact form. */
export interface CellWidths {
  readonly full: readonly number[];
  readonly compact: readonly number[];
}

/** How a table is laid out in the width it has. */
export interface TableLayout {
  /** Cells in their compact form (the human reading alone). */
  readonly compact: boolean;
  /** The short headers. */
  readonly short: boolean;
  /** One block of lines per row instead of a grid. */
  readonly stacked: boolean;
  /** The columns shown, in order. */
  readonly columns: readonly number[];
  /** The columns left out to fit, in order; named under the table. */
  readonly dropped: readonly number[];
}

// Shared with the HTML page's table: defined in duration.ts.
export { msText };

/** A header as shown: the short one in narrow layouts. */
function headOf(column: TableColumn, short: boolean): string {
  return short && column.short !== undefined ? column.short : column.head;
}

/** The characters a grid of these columns takes on a line: "│ " before each cell, " " after, "│" at the end. */
function gridWidth(columns: readonly TableColumn[], shown: readonly number[], cells: readonly number[], short: boolean): number {
  let total = 1;
  for (const column of shown) total += Math.max(cells[column]!, headOf(columns[column]!, short).length) + 3;
  return total;
}

/**
 * The first layout that fits `width`: the full table; the compact cells (the
 * secondary representation dropped); the short headers too; then without the columns
 * that may be dropped, lowest first; and when even that is too wide, one block per
 * row. Without a width (not a terminal), the full table. Columns whose cells are all
 * empty are never shown (except the first).
 */
export function chooseLayout(columns: readonly TableColumn[], widths: CellWidths, width: number | null): TableLayout {
  const present = columns.map((_, column) => column).filter((column) => column === 0 || widths.full[column]! > 0);
  const grid = (compact: boolean, short: boolean, shown: readonly number[], dropped: readonly number[] = []): TableLayout | null =>
    width === null || gridWidth(columns, shown, compact ? widths.compact : widths.full, short) <= width
      ? { compact, short, stacked: false, columns: shown, dropped }
      : null;
  const fitting = grid(false, false, present) ?? grid(true, false, present) ?? grid(true, true, present);
  if (fitting) return fitting;
  const droppable = present.filter((column) => columns[column]!.drop !== undefined).sort((a, b) => columns[a]!.drop! - columns[b]!.drop!);
  const dropped: number[] = [];
  for (const column of droppable) {
    dropped.push(column);
    const kept = grid(true, true, present.filter((c) => !dropped.includes(c)), [...dropped].sort((a, b) => a - b));
    if (kept) return kept;
  }
  return { compact: true, short: true, stacked: true, columns: present, dropped: [] };
}

/** The widths of cells as measured over every row, in full and (when `compactToo`) in compact form. */
function measure(cellRows: Iterable<readonly Cell[]>, count: number, compactToo: boolean): CellWidths {
  const full: number[] = new Array<number>(count).fill(0);
  const compact: number[] = new Array<number>(count).fill(0);
  for (const cells of cellRows) {
    for (let column = 0; column < cells.length; column++) {
      const cell = cells[column]!;
      if (cell.text.length > full[column]!) full[column] = cell.text.length;
      if (compactToo) {
        const length = (cell.compact ?? cell.text).length;
        if (length > compact[column]!) compact[column] = length;
      }
    }
  }
  return { full, compact: compactToo ? compact : full };
}

/**
 * A table, streamed line by line in two passes over the rows (the first measures
 * the columns), so a range of any length uses constant memory; `knownWidths` (bounds
 * that hold every row) spare the first pass. `cellRows(compact)` gives each row's
 * cells, with their compact text when `compact` is set. Every cell is single-width
 * text, so its length is its width. Laid out for `width` columns (see chooseLayout);
 * columns left out are named in one line under the table, and what is returned is the
 * layout used, for the lines that follow.
 */
export function* renderTable(
  columns: readonly TableColumn[],
  cellRows: (compact: boolean) => Iterable<readonly Cell[]>,
  paint: ChalkInstance,
  width: number | null = null,
  knownWidths?: CellWidths,
): Generator<string, TableLayout> {
  const widths = knownWidths ?? measure(cellRows(width !== null), columns.length, width !== null);
  const layout = chooseLayout(columns, widths, width);
  const cells = layout.compact ? widths.compact : widths.full;
  const coloured = paint.level > 0;
  const border = (text: string) => (coloured ? paint.grey(text) : text);
  const head = (text: string) => (coloured ? paint.bold.cyan(text) : text);
  const show = (cell: Cell, text: string) => (cell.paint && coloured ? cell.paint(text) : text);
  if (layout.stacked) {
    yield* stackedRows(columns, cellRows(true), layout.columns, widths.compact, width!, head, show);
    return layout;
  }
  const shown = layout.columns;
  const box: Box = {
    widths: shown.map((column) => Math.max(cells[column]!, headOf(columns[column]!, layout.short).length)),
    aligns: shown.map((column) => columns[column]!.align),
    head: [shown.map((column) => head(headOf(columns[column]!, layout.short)))],
    border,
  };
  function* bodyRows(): Generator<string[]> {
    for (const row of cellRows(layout.compact)) {
      yield shown.map((column) => {
        const cell = row[column]!;
        return show(cell, layout.compact && cell.compact !== undefined ? cell.compact : cell.text);
      });
    }
  }
  yield* drawBox(box, bodyRows());
  if (layout.dropped.length > 0) {
    const names = layout.dropped.map((column) => columns[column]!.head).join(", ");
    yield `${wrapLines([`Left out to fit ${width} columns: ${names}.`], width).join("\n")}\n`;
  }
  return layout;
}

/**
 * One block per row, for terminals too narrow for a grid: the first cell as a title
 * ("attempt 3"), then one "label  value" line per non-empty cell. A value too long for
 * its line wraps at spaces under itself.
 */
function* stackedRows(
  columns: readonly TableColumn[],
  rows: Iterable<readonly Cell[]>,
  shown: readonly number[],
  cellWidths: readonly number[],
  width: number,
  head: (text: string) => string,
  show: (cell: Cell, text: string) => string,
): Generator<string> {
  const labelled = shown.slice(1);
  const labelsWidth = (short: boolean) => Math.max(0, ...labelled.map((column) => headOf(columns[column]!, short).length));
  const valuesWidth = Math.max(0, ...labelled.map((column) => cellWidths[column]!));
  // The full headers as labels when every line still fits with them.
  const short = 2 + labelsWidth(false) + 2 + valuesWidth > width;
  const labelWidth = labelsWidth(short);
  const indent = 2 + labelWidth + 2;
  // Too narrow for label and value side by side (and for wrapping the value beside its
  // label): the value goes under its label.
  const under = indent + valuesWidth > width && width - indent < 12;
  for (const row of rows) {
    const first = row[0]!;
    const title = `${columns[0]!.head} ${first.compact ?? first.text}`;
    let block = `${head(title)}\n`;
    for (const column of labelled) {
      const cell = row[column]!;
      const text = cell.compact ?? cell.text;
      if (text === "") continue;
      const label = headOf(columns[column]!, short);
      if (under) {
        block += `  ${label}\n${wrapLine(text, width - 4).map((line) => `    ${show(cell, line)}`).join("\n")}\n`;
        continue;
      }
      const parts = wrapLine(text, width - indent);
      block += `  ${label.padEnd(labelWidth)}  ${parts.map((part) => show(cell, part)).join(`\n${" ".repeat(indent)}`)}\n`;
    }
    yield block;
  }
}

/** What the table shows beyond the un-jittered schedule, and the width it has. */
export interface ScheduleTableOptions {
  /** Show each delay and total as its range (best – worst case) instead of one value. */
  readonly jittered?: boolean;
  /** Add the sampled delay and total (a seed was given). */
  readonly sampled?: boolean;
  /** Add when each retry starts and whether it fires (--attempt-time, --deadline): the rows carry their timing. */
  readonly timed?: boolean;
  /** Add the Retry-After each retry's failure carried and what it did (--retry-after), headers up to this many ms. */
  readonly retryAfterMs?: number | null;
  /** The terminal's width to fit (see renderTable); null or absent: the full table. */
  readonly width?: number | null;
}

/** A value in full ("1,600 ms  1.6 s") and, when asked, its compact form ("1.6 s"). */
function msCell(ms: number, compact: boolean, paint?: (text: string) => string, mark = ""): Cell {
  const text = msText(ms) + mark;
  if (!compact) return paint ? { text, paint } : { text };
  const short = humanDuration(ms) + mark;
  return paint ? { text, compact: short, paint } : { text, compact: short };
}

function scheduleCells(row: ScheduleRow, paint: ChalkInstance, options: ScheduleTableOptions, compact: boolean): Cell[] {
  const clampMark = row.clamped ? " ⤒" : "";
  const clampPaint = row.clamped ? paint.yellow : undefined;
  const cells: Cell[] = [
    { text: String(row.attempt) },
    options.jittered
      ? clampPaint ? { text: rangeText(row.minMs, row.maxMs) + clampMark, paint: clampPaint } : { text: rangeText(row.minMs, row.maxMs) }
      : msCell(row.delayMs, compact, clampPaint, clampMark),
    options.jittered ? { text: rangeText(row.cumulativeMinMs, row.cumulativeMaxMs) } : msCell(row.cumulativeMs, compact),
    // The comparison columns stay short: the machine formats carry their exact milliseconds.
    { text: humanDuration(row.linearMs), paint: paint.dim },
    { text: humanDuration(row.linearCumulativeMs), paint: paint.dim },
  ];
  if (options.sampled) cells.push(msCell(row.sampleMs ?? 0, compact), msCell(row.sampleCumulativeMs ?? 0, compact));
  if (options.timed) cells.push(...timingCells(row, paint, options.jittered === true, compact));
  if (options.retryAfterMs != null) cells.push(retryAfterCell(row, compact));
  cells.push(row.clamped ? { text: humanDuration(row.rawMs), paint: paint.yellow } : { text: "" });
  return cells;
}

/** What the Retry-After cell says the header did, in full and narrow. */
const CHANGE_WORDS: Readonly<Record<RetryAfterChange, readonly [string, string]>> = {
  yes: ["changed", "changed"],
  no: ["no change", "same"],
  "in some runs": ["changed in some runs", "some"],
  ignored: ["ignored", "ignored"],
  "gives up": ["gives up", "gives up"],
};

/** "30 s changed": the header a retry's failure carried and what it did to the wait (empty where none). */
export function retryAfterCell(row: ScheduleRow, compact: boolean): Cell {
  if (row.retryAfter === undefined) return { text: "" };
  const [full, short] = CHANGE_WORDS[row.retryAfter.change];
  const header = humanDuration(row.retryAfter.headerMs);
  return compact ? { text: `${header} ${full}`, compact: `${header} ${short}` } : { text: `${header} ${full}` };
}

/** The Retry-After cell's widths, full and narrow, for headers up to `headerMs`. */
export function retryAfterWidthBounds(headerMs: number): [number, number] {
  const words = Object.values(CHANGE_WORDS);
  const header = humanWidthBound(headerMs) + 1;
  return [header + Math.max(...words.map(([full]) => full.length)), header + Math.max(...words.map(([, short]) => short.length))];
}

/** What a narrow table says for each verdict. */
const FIRES_COMPACT: Readonly<Record<Fires, string>> = { yes: "yes", "cut short": "cut", "cut short in some runs": "cut (some)", "in some runs": "some", no: "no" };

/** The widest verdict, in full and compact: every row's "fires" cell fits these. */
const FIRES_WIDTH = Math.max(...FIRES_VALUES.map((fires) => fires.length));
const FIRES_COMPACT_WIDTH = Math.max(...FIRES_VALUES.map((fires) => FIRES_COMPACT[fires].length));

/**
 * When a retry starts and whether it fires: "no" in red (the deadline or the library's stop
 * comes first), the uncertain and cut-short ones in yellow.
 */
export function timingCells(row: ScheduleRow, paint: ChalkInstance, jittered: boolean, compact: boolean): Cell[] {
  const timing = row.timing!;
  const start = jittered ? { text: distinctRangeText(timing.startMinMs, timing.startMaxMs) } : msCell(timing.startMs, compact);
  const painter = timing.fires === "no" ? paint.red : timing.fires === "yes" ? undefined : paint.yellow;
  const fires: Cell = compact ? { text: timing.fires, compact: FIRES_COMPACT[timing.fires] } : { text: timing.fires };
  return [start, painter ? { ...fires, paint: painter } : fires];
}

/** The timing cells' widths for rows up to `last` (starts grow with the attempt). */
export function timingWidthBounds(last: ScheduleRow, jittered: boolean, valueBound: (ms: number) => number, compact: boolean): number[] {
  const timing = last.timing!;
  const max = timing.startMaxMs;
  const start = jittered ? Math.max(2 * humanWidthBound(max) + " – ".length, 2 * groupDigits(max).length + " –  ms".length) : valueBound(timing.startMs);
  return [start, compact ? FIRES_COMPACT_WIDTH : FIRES_WIDTH];
}

/** The longest text humanDuration can give for a value up to `ms` (its format depends only on the magnitude). */
export function humanWidthBound(ms: number): number {
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
export function scheduleWidthBounds(last: ScheduleRow, options: ScheduleTableOptions = {}): CellWidths {
  const rangeBound = (maxMs: number) => 2 * humanWidthBound(maxMs) + " – ".length;
  const bounds = (valueBound: (ms: number) => number) => [
    String(last.attempt).length,
    (options.jittered ? rangeBound(last.maxMs) : valueBound(last.delayMs)) + (last.clamped ? 2 : 0),
    options.jittered ? rangeBound(last.cumulativeMaxMs) : valueBound(last.cumulativeMs),
    humanWidthBound(last.linearMs),
    humanWidthBound(last.linearCumulativeMs),
    ...(options.sampled ? [valueBound(last.maxMs), valueBound(last.cumulativeMaxMs)] : []),
    ...(options.timed ? timingWidthBounds(last, options.jittered === true, valueBound, valueBound === humanWidthBound) : []),
    ...(options.retryAfterMs != null ? [retryAfterWidthBounds(options.retryAfterMs)[valueBound === humanWidthBound ? 1 : 0]] : []),
    last.clamped ? humanWidthBound(last.rawMs) : 0,
  ];
  return { full: bounds(msTextBound), compact: bounds(humanWidthBound) };
}

/**
 * The schedule as a terminal table, then the legend and the summary lines, fitted to
 * `options.width` (summary lines wrap at spaces). `rows` is called twice (see
 * renderTable) unless `lastRow` gives the widths.
 */
export function* renderScheduleTable(
  rows: () => Iterable<ScheduleRow>,
  summaryLines: () => readonly string[],
  paint: ChalkInstance,
  options: ScheduleTableOptions = {},
  lastRow?: ScheduleRow,
): Generator<string> {
  const left = (head: string, short: string, drop?: number): TableColumn => ({ head, short, align: "left", ...(drop === undefined ? {} : { drop }) });
  const columns: TableColumn[] = [
    { head: "attempt", short: "#", align: "right" },
    options.jittered ? left("delay (jittered range)", "delay range") : left("delay", "delay"),
    options.jittered ? left("total wait (range)", "total range") : left("total wait", "total"),
    left("linear", "linear", 3),
    left("linear total", "lin. total", 2),
    ...(options.sampled ? [left("sample", "sample"), left("sample total", "sample total")] : []),
    ...(options.timed ? [left(options.jittered ? "starts (range)" : "starts at", "starts"), left("fires", "fires")] : []),
    ...(options.retryAfterMs != null ? [left("Retry-After", "Retry-After")] : []),
    left("uncapped", "uncapped", 1),
  ];
  const width = options.width ?? null;
  let anyClamped = false;
  function* cellRows(compact: boolean): Generator<Cell[]> {
    for (const row of rows()) {
      anyClamped ||= row.clamped;
      yield scheduleCells(row, paint, options, compact);
    }
  }
  const layout = yield* renderTable(columns, cellRows, paint, width, lastRow ? scheduleWidthBounds(lastRow, options) : undefined);
  if (anyClamped) {
    const mark = paint.level > 0 ? paint.yellow("⤒") : "⤒";
    const uncapped = layout.dropped.includes(columns.length - 1) ? "" : '; "uncapped" is what the formula gave before the cap';
    const [first, ...rest] = wrapLine(`⤒ capped: the delay is the cap${options.jittered ? " (jitter never goes above it)" : ""}${uncapped}.`, width, 2);
    yield `${[mark + first!.slice(1), ...rest].join("\n")}\n`;
  }
  yield `${wrapLines(summaryLines(), width).join("\n")}\n`;
}
