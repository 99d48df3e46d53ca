import type { ChalkInstance } from "chalk";
import type { AttemptAcross } from "../core/compare.js";
import type { ScheduleRow } from "../core/schedule.js";
import { rangeText } from "./duration.js";
import { humanDuration } from "../core/text/duration.js";
import { type Align, type Box, drawBox } from "./table.js";
import { wrapLine, wrapLines } from "./wrap.js";

/** What the compare table shows of each policy. */
export interface ComparedColumn {
  readonly name: string;
  /** Delays and totals as their jitter range (best – worst case). */
  readonly jittered: boolean;
  /** The attempt it does not make because it has given up there (its cell says so), or null. */
  readonly givesUpAt?: number | null;
  /** Its last attempt shown (0: none): a table of policies that all end earlier ends there too. */
  readonly last?: number;
  /** Its rows carry the deadline model's timing (--attempt-time, --deadline): "starts at" and "fires" columns follow. */
  readonly timed?: boolean;
}

export interface CompareTableOptions {
  /** The widest a line may be (the terminal's columns; Infinity in a pipe): policies that do not fit go to a further table below. */
  readonly width: number;
  readonly paint: ChalkInstance;
  /**
   * The width is a terminal's (or COLUMNS): what does not fit is made to fit (a policy too
   * wide for a table of its own is shown in blocks, one per attempt; the lines under the
   * table wrap). Without it (a pipe, laid out for 80 columns), the tables are as always.
   */
  readonly fit?: boolean;
}

const CAPPED = "⤒";
const ELLIPSIS = "…";
/** In the row of the first retry a policy does not make, having given up (its stopping rule, under the table). */
const GAVE_UP = "gave up";

/** A policy's headers: delay and total wait, then when each retry starts and whether it fires under the deadline model. */
function headersOf(column: ComparedColumn): string[] {
  return column.timed === true ? ["delay", "total wait", "starts at", "fires"] : ["delay", "total wait"];
}

/** A policy's cells at an attempt (the first is the delay, painted when capped), and the fires verdict for its colour. */
function cellTexts(row: ScheduleRow | null, column: ComparedColumn, attempt: number): { cells: string[]; clamped: boolean; never: boolean } {
  const count = headersOf(column).length;
  if (row === null) return { cells: [column.givesUpAt === attempt ? GAVE_UP : "", ...Array<string>(count - 1).fill("")], clamped: false, never: false };
  const delay = column.jittered ? rangeText(row.minMs, row.maxMs) : humanDuration(row.delayMs);
  const total = column.jittered ? rangeText(row.cumulativeMinMs, row.cumulativeMaxMs) : humanDuration(row.cumulativeMs);
  const cells = [row.clamped ? `${delay} ${CAPPED}` : delay, total];
  const timing = column.timed === true ? row.timing : undefined;
  if (timing !== undefined) {
    cells.push(timing.startMinMs === timing.startMaxMs ? humanDuration(timing.startMs) : rangeText(timing.startMinMs, timing.startMaxMs), timing.fires);
  }
  return { cells, clamped: row.clamped, never: timing?.fires === "no" };
}

interface Group {
  readonly index: number;
  /** The policy's name over its columns, on as many lines as it takes. */
  nameLines: string[];
  readonly headers: readonly string[];
  /** Each column's width; the last takes what a long name needs. */
  widths: number[];
}

/** A group's inner width: its columns, " │ " between them. */
const inner = (group: Group) => group.widths.reduce((sum, width) => sum + width, 0) + 3 * (group.widths.length - 1);

/** Names wider than their columns wrap after a "," or ":" (a SPEC's own separators), else anywhere. */
const NAME_WRAP = 16;
const MAX_NAME_LINES = 4;

/** A policy's name on lines of `width`, broken after its "," and ":" (or cut), at most MAX_NAME_LINES of them, the last cut short with "…". */
export function wrapName(name: string, width: number): string[] {
  const lines = wrapLine(name, width, 0, { at: "separators", long: "cut" });
  if (lines.length <= MAX_NAME_LINES) return lines;
  const kept = lines.slice(0, MAX_NAME_LINES);
  kept[MAX_NAME_LINES - 1] = `${kept[MAX_NAME_LINES - 1]!.slice(0, width - 1)}${ELLIPSIS}`;
  return kept;
}

/**
 * Policies side by side, attempt by attempt: a boxed table with each policy's name over
 * its delay and total wait (human durations; the machine formats carry the exact ms).
 * Policies that would make a line wider than `width` continue in a further table below,
 * each with the attempt column. `lines` is called once to measure and once per table.
 */
export function* renderCompareTable(
  columns: readonly ComparedColumn[],
  lines: () => Iterable<AttemptAcross>,
  summaryLines: () => readonly string[],
  options: CompareTableOptions,
): Generator<string> {
  const { paint } = options;
  const coloured = paint.level > 0;
  const border = (text: string) => (coloured ? paint.grey(text) : text);
  const head = (text: string) => (coloured ? paint.bold.cyan(text) : text);

  let attemptWidth = "attempt".length;
  const groups: Group[] = columns.map((column, index) => {
    const headers = headersOf(column);
    return { index, nameLines: [column.name], headers, widths: headers.map((text) => text.length) };
  });
  let anyClamped = false;
  for (const line of lines()) {
    attemptWidth = Math.max(attemptWidth, String(line.attempt).length);
    line.rows.forEach((row, index) => {
      const texts = cellTexts(row, columns[index]!, line.attempt);
      const group = groups[index]!;
      texts.cells.forEach((cell, k) => (group.widths[k] = Math.max(group.widths[k]!, cell.length)));
      anyClamped ||= texts.clamped;
    });
  }
  const lead = attemptWidth + 4; // "│ attempt │"
  const widest = Math.max(lead + 3 + 10, Math.floor(options.width));
  for (const group of groups) {
    const name = columns[group.index]!.name;
    // Never wider than a table of its own can be within the width, nor narrower than its cells.
    const room = Math.max(inner(group), Math.min(Math.max(inner(group), NAME_WRAP), widest - lead - 3));
    group.nameLines = name.length <= inner(group) ? [name] : wrapName(name, room);
    const longest = Math.max(...group.nameLines.map((line) => line.length));
    if (longest > inner(group)) group.widths[group.widths.length - 1]! += longest - inner(group);
  }

  if (options.fit === true && groups.some((group) => lead + inner(group) + 3 > widest)) {
    yield* stackedCompare(columns, lines, options.width, head, (text) => (coloured ? paint.yellow(text) : text));
    yield* tail(anyClamped, summaryLines, options);
    return;
  }

  const blocks: Group[][] = [];
  let width = lead;
  for (const group of groups) {
    const block = blocks[blocks.length - 1];
    if (block !== undefined && width + inner(group) + 3 <= widest) {
      block.push(group);
      width += inner(group) + 3;
    } else {
      blocks.push([group]);
      width = lead + inner(group) + 3;
    }
  }

  for (const [blockIndex, block] of blocks.entries()) {
    if (blockIndex > 0) yield "\n";
    const box: Box = {
      widths: [attemptWidth, ...block.flatMap((group) => group.widths)],
      aligns: ["right", ...block.flatMap((group): Align[] => group.widths.map((): Align => "left"))],
      // The attempt column's header sits on the line of the delay and total headers, under the policies' names.
      head: [
        [
          { content: head("attempt"), rowSpan: 2, vAlign: "bottom", hAlign: "left" },
          ...block.map((group) => ({ content: group.nameLines.map(head).join("\n"), colSpan: group.widths.length })),
        ],
        block.flatMap((group): string[] => group.headers.map(head)),
      ],
      border,
    };
    // A table whose policies have all ended has no rows past them (one policy per table, stacked below the others, included).
    const end = Math.max(...block.map((group) => columns[group.index]!.last ?? Infinity));
    function* rows(): Generator<string[]> {
      for (const line of lines()) {
        if (line.attempt > end) break;
        const cells = [String(line.attempt)];
        for (const group of block) {
          const { cells: texts, clamped, never } = cellTexts(line.rows[group.index] ?? null, columns[group.index]!, line.attempt);
          const [delay, ...rest] = texts;
          cells.push(clamped && coloured ? paint.yellow(delay!) : delay!, ...rest);
          // A retry that never fires says "no" in red, as the schedule's table does.
          if (never && coloured) cells[cells.length - 1] = paint.red(cells[cells.length - 1]!);
        }
        yield cells;
      }
    }
    yield* drawBox(box, rows());
  }
  yield* tail(anyClamped, summaryLines, options);
}

/** The lines under the tables: the capped mark's legend, then the summary (wrapped when fitting). */
function* tail(anyClamped: boolean, summaryLines: () => readonly string[], options: CompareTableOptions): Generator<string> {
  const width = options.fit === true ? options.width : null;
  const coloured = options.paint.level > 0;
  if (anyClamped) {
    const [first, ...rest] = wrapLine(`${CAPPED} capped: the delay is the cap.`, width, 2);
    yield `${[(coloured ? options.paint.yellow(CAPPED) : CAPPED) + first!.slice(CAPPED.length), ...rest].join("\n")}\n`;
  }
  const summary = summaryLines();
  if (summary.length > 0) yield `${wrapLines(summary, width).join("\n")}\n`;
}

/**
 * For a terminal too narrow for even one policy beside the attempt column: one block per
 * attempt, each policy's name over its delay and total wait (a value too long for its
 * line wraps at spaces under itself). Streams: `lines` is walked once.
 */
function* stackedCompare(
  columns: readonly ComparedColumn[],
  lines: () => Iterable<AttemptAcross>,
  width: number,
  head: (text: string) => string,
  capped: (text: string) => string,
): Generator<string> {
  const names = columns.map((column) => wrapName(column.name, Math.max(1, width - 2)));
  const value = (label: string, text: string, paint?: (text: string) => string) =>
    wrapLine(`    ${label}  ${text}`, width, 7)
      .map((line, index) => (paint === undefined || index > 0 ? line : `${line.slice(0, 11)}${paint(line.slice(11))}`))
      .join("\n");
  for (const line of lines()) {
    let block = `${head(`attempt ${line.attempt}`)}\n`;
    line.rows.forEach((row, index) => {
      if (row === null) return;
      const texts = cellTexts(row, columns[index]!, line.attempt);
      const [delay, total, starts, fires] = texts.cells;
      block += `${names[index]!.map((name) => `  ${name}`).join("\n")}\n`;
      block += `${value("delay", delay!, texts.clamped ? capped : undefined)}\n${value("total", total!)}\n`;
      if (starts !== undefined) block += `${value("start", starts)}\n${value("fires", fires!)}\n`;
    });
    yield block;
  }
}
