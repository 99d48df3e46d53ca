import type { ChalkInstance } from "chalk";
import Table from "cli-table3";
import { isSaturated } from "../core/limits.js";
import type { ScheduleRow } from "../core/schedule.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";

/** The box characters, shared by cli-table3 (which draws the header) and the row lines below. */
const BOX = {
  top: "─", "top-mid": "┬", "top-left": "┌", "top-right": "┐",
  bottom: "─", "bottom-mid": "┴", "bottom-left": "└", "bottom-right": "┘",
  left: "│", "left-mid": "├", mid: "─", "mid-mid": "┼", right: "│", "right-mid": "┤", middle: "│",
} as const;

/** One table cell: its plain text (for widths) and how it is painted. */
interface Cell {
  readonly text: string;
  readonly paint?: (text: string) => string;
}

export type Align = "left" | "right";

/** "1,600 ms  1.6 s": the exact milliseconds, then the human reading. */
function msText(ms: number): string {
  if (isSaturated(ms) || ms < 1000) return humanDuration(ms);
  return `${groupDigits(ms)} ms  ${humanDuration(ms)}`;
}

/** "1.6 s – 2.4 s": a jittered delay's exact range, or the one value when the range has one. */
function rangeText(minMs: number, maxMs: number): string {
  return minMs === maxMs ? humanDuration(minMs) : `${humanDuration(minMs)} – ${humanDuration(maxMs)}`;
}

/** What the table shows beyond the un-jittered schedule. */
export interface ScheduleTableOptions {
  /** Show each delay and total as its range (best – worst case) instead of one value. */
  readonly jittered?: boolean;
  /** Add the sampled delay and total (a seed was given). */
  readonly sampled?: boolean;
}

function scheduleCells(row: ScheduleRow, anyClamped: boolean, paint: ChalkInstance, options: ScheduleTableOptions): Cell[] {
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
  if (anyClamped) cells.push(row.clamped ? { text: humanDuration(row.rawMs), paint: paint.yellow } : { text: "" });
  return cells;
}

/**
 * A boxed table. cli-table3 draws the header; the rows are laid out here with the
 * same characters and widths, because cli-table3 spends about 90 µs a row (it
 * measures every cell with string-width), which makes 100,000 rows take 9 s.
 * Every cell here is single-width text, so its length is its width.
 */
export function renderBoxTable(head: readonly string[], rows: readonly (readonly Cell[])[], aligns: readonly Align[], paint: ChalkInstance): string {
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]?.text.length ?? 0)));
  const coloured = paint.level > 0;
  const border = (text: string) => (coloured ? paint.grey(text) : text);
  const header = new Table({
    head: head.map((title) => (coloured ? paint.bold.cyan(title) : title)),
    colWidths: widths.map((width) => width + 2),
    colAligns: aligns.map((align) => align),
    chars: BOX,
    style: { head: [], border: coloured ? ["grey"] : [], compact: true, "padding-left": 1, "padding-right": 1 },
  });
  const headerLines = header.toString().split("\n").slice(0, -1); // drop the bottom border: rows follow
  const rule = (left: string, mid: string, right: string) => border(left + widths.map((width) => BOX.mid.repeat(width + 2)).join(mid) + right);
  const lines = [...headerLines, rule(BOX["left-mid"], BOX["mid-mid"], BOX["right-mid"])];
  const bar = border(BOX.middle);
  for (const cells of rows) {
    let line = border(BOX.left);
    cells.forEach((cell, column) => {
      const gap = " ".repeat(widths[column]! - cell.text.length);
      const text = cell.paint && coloured ? cell.paint(cell.text) : cell.text;
      line += ` ${aligns[column] === "right" ? gap + text : text + gap} ${column < cells.length - 1 ? bar : border(BOX.right)}`;
    });
    lines.push(line);
  }
  lines.push(rule(BOX["bottom-left"], BOX["bottom-mid"], BOX["bottom-right"]));
  return lines.join("\n") + "\n";
}

/** The schedule as a terminal table, then the legend and the summary lines. */
export function renderScheduleTable(rows: readonly ScheduleRow[], summaryLines: readonly string[], paint: ChalkInstance, options: ScheduleTableOptions = {}): string {
  const anyClamped = rows.some((row) => row.clamped);
  const head = [
    "attempt",
    options.jittered ? "delay (jittered range)" : "delay",
    options.jittered ? "total wait (range)" : "total wait",
    "linear",
    "linear total",
  ];
  if (options.sampled) head.push("sample", "sample total");
  if (anyClamped) head.push("uncapped");
  const aligns: Align[] = head.map((_, column) => (column === 0 ? "right" : "left"));
  const table = renderBoxTable(head, rows.map((row) => scheduleCells(row, anyClamped, paint, options)), aligns, paint);
  const legend = anyClamped ? `${coloredMark(paint)} capped: the delay is the cap${options.jittered ? " (jitter never goes above it)" : ""}; "uncapped" is what the formula gave before the cap.\n` : "";
  return `${table}${legend}${summaryLines.join("\n")}\n`;
}

function coloredMark(paint: ChalkInstance): string {
  return paint.level > 0 ? paint.yellow("⤒") : "⤒";
}
