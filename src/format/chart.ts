import type { ScheduleRow } from "../core/schedule.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./numbers.js";
import { LOG_SCALE_SPAN, type Scale, type ScaleKind, defaultScaleKind, makeScale } from "./scale.js";

/** The characters a chart is drawn with. */
export interface Glyphs {
  readonly bar: string;
  readonly band: string;
  readonly linear: string;
  readonly cap: string;
  readonly clamped: string;
  readonly axis: string;
  readonly tick: string;
  readonly dash: string;
  readonly times: string;
}

export const UNICODE_GLYPHS: Glyphs = { bar: "█", band: "░", linear: "◆", cap: "┃", clamped: "⤒", axis: "─", tick: "┬", dash: "–", times: "×" };
export const ASCII_GLYPHS: Glyphs = { bar: "#", band: "=", linear: "o", cap: "|", clamped: "^", axis: "-", tick: "+", dash: "..", times: "x" };

/**
 * Whether a chart must be drawn in plain ASCII, from the environment alone:
 * NO_COLOR (any non-empty value) asks for the plainest output; TERM=linux (the
 * console's font has no block elements) and TERM=dumb cannot show them; and the
 * locale that governs characters (LC_ALL, then LC_CTYPE, then LANG, the first one
 * set) must name UTF-8, since without one the terminal's encoding is unknown.
 */
export function chartNeedsAscii(env: Readonly<Record<string, string | undefined>>): boolean {
  if ((env["NO_COLOR"] ?? "") !== "") return true;
  const term = env["TERM"];
  if (term === "linux" || term === "dumb") return true;
  const locale = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].find((value) => value !== undefined && value !== "");
  return locale === undefined || !/utf-?8/i.test(locale);
}

/** What each part of a chart is painted with; identity when there is no colour. */
export interface ChartPaint {
  readonly bar: (text: string) => string;
  readonly band: (text: string) => string;
  readonly linear: (text: string) => string;
  readonly cap: (text: string) => string;
  readonly clamped: (text: string) => string;
  readonly axis: (text: string) => string;
}

const same = (text: string) => text;
export const NO_PAINT: ChartPaint = { bar: same, band: same, linear: same, cap: same, clamped: same, axis: same };

export interface ChartOptions {
  /** The cap in whole milliseconds, drawn as a ceiling; null for none. */
  readonly capMs: number | null;
  /** The scale; null picks log when the values span more than 100×, else linear. */
  readonly scale: ScaleKind | null;
  /** The widest a line may be (the terminal's columns). */
  readonly width: number;
  readonly ascii: boolean;
  readonly paint?: ChartPaint;
  /** The most bar lines; longer schedules are drawn in groups of consecutive attempts. */
  readonly maxLines?: number;
}

export const DEFAULT_CHART_LINES = 40;
/** Narrower than this, nothing useful fits; the chart is laid out for this width. */
export const MIN_CHART_WIDTH = 20;
/** A bar area narrower than this is too coarse to read; the value column makes way first. */
const MIN_PLOT_WIDTH = 10;

/** One line of the chart: a single attempt, or a group of consecutive attempts. */
export interface ChartLine {
  readonly first: number;
  readonly last: number;
  /** The delay drawn: the un-jittered delay (the group's longest). */
  readonly delayMs: number;
  readonly linearMs: number;
  /** The jitter range (the group's widest); equal to the delay without jitter. */
  readonly minMs: number;
  readonly maxMs: number;
  readonly clamped: boolean;
}

/** Whether a row's delay is random (a range rather than one value). */
function isJittered(row: { readonly minMs: number; readonly maxMs: number }): boolean {
  return row.minMs !== row.maxMs;
}

/**
 * Rows folded into at most `maxLines` lines of consecutive attempts, all of the same
 * size except the last; each line keeps the longest delay and linear delay, the
 * widest jitter range, and whether any attempt in it was capped.
 */
export function chartLines(rows: readonly ScheduleRow[], maxLines: number): { lines: ChartLine[]; groupSize: number } {
  const groupSize = Math.max(1, Math.ceil(rows.length / Math.max(1, maxLines)));
  const lines: ChartLine[] = [];
  for (let start = 0; start < rows.length; start += groupSize) {
    const group = rows.slice(start, start + groupSize);
    const delay = Math.max(...group.map((row) => row.delayMs));
    // Without jitter a group is one value, its longest delay: the spread of its delays is no jitter band.
    const jittered = group.some(isJittered);
    lines.push({
      first: group[0]!.attempt,
      last: group[group.length - 1]!.attempt,
      delayMs: delay,
      linearMs: Math.max(...group.map((row) => row.linearMs)),
      minMs: jittered ? Math.min(...group.map((row) => row.minMs)) : delay,
      maxMs: jittered ? Math.max(...group.map((row) => row.maxMs)) : delay,
      clamped: group.some((row) => row.clamped),
    });
  }
  return { lines, groupSize };
}

/** The values a chart's axis must hold. */
function chartValues(lines: readonly ChartLine[], capMs: number | null): number[] {
  const values = lines.flatMap((line) => [line.delayMs, line.linearMs, line.minMs, line.maxMs]);
  if (capMs !== null) values.push(capMs);
  return values;
}

/** The bar area's geometry: a value's bar covers `cells(v)` columns and ends in column `column(v)`. */
export interface Plot {
  readonly scale: Scale;
  readonly width: number;
}

/** A positive value always gets at least one cell, so that no attempt looks like no wait at all. */
export function barCells(plot: Plot, ms: number): number {
  const cells = Math.round(plot.scale.fraction(ms) * plot.width);
  return ms > 0 ? Math.max(1, cells) : cells;
}

/** The column (from 0) where a value's marker goes: the last cell of its bar. */
export function markerColumn(plot: Plot, ms: number): number {
  return Math.min(plot.width - 1, Math.max(0, barCells(plot, ms) - 1));
}

type Role = keyof ChartPaint | "none";

/** Text laid out cell by cell, painted in runs of the same role. */
class Row {
  readonly chars: string[];
  readonly roles: Role[];
  constructor(width: number) {
    this.chars = new Array<string>(width).fill(" ");
    this.roles = new Array<Role>(width).fill("none");
  }
  set(column: number, char: string, role: Role): void {
    if (column >= 0 && column < this.chars.length) {
      this.chars[column] = char;
      this.roles[column] = role;
    }
  }
  paint(paint: ChartPaint): string {
    let out = "";
    let start = 0;
    for (let column = 1; column <= this.chars.length; column++) {
      if (column === this.chars.length || this.roles[column] !== this.roles[start]) {
        const text = this.chars.slice(start, column).join("");
        const role = this.roles[start]!;
        out += role === "none" ? text : paint[role](text);
        start = column;
      }
    }
    return out;
  }
}

/** Words wrapped to `width` columns (a word longer than the width is cut). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (word.length > width) {
      if (line !== "") lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = "";
    }
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** Items joined by two spaces, wrapped between items (an item wider than the line is wrapped by words). */
export function wrapItems(items: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line === "") line = item;
    else if (line.length + 2 + item.length <= width) line += `  ${item}`;
    else {
      lines.push(line);
      line = item;
    }
    if (line.length > width) {
      const wrapped = wrapText(line, width);
      line = wrapped.pop() ?? "";
      lines.push(...wrapped);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

function lineLabel(line: ChartLine, glyphs: Glyphs): string {
  return line.first === line.last ? String(line.first) : `${line.first}${glyphs.dash}${line.last}`;
}

function lineValue(line: ChartLine, glyphs: Glyphs): string {
  const value = line.minMs === line.maxMs ? humanDuration(line.delayMs) : `${humanDuration(line.minMs)}${glyphs.dash}${humanDuration(line.maxMs)}`;
  return line.clamped ? `${value} ${glyphs.clamped}` : value;
}

/** Tick labels placed under their columns, left to right, skipping any that would touch the previous one. */
function axisLabels(plot: Plot, offset: number, lineWidth: number): { text: string; columns: number[] } {
  let text = "";
  const columns: number[] = [];
  for (const tick of plot.scale.ticks) {
    const column = plot.scale.kind === "linear" && tick === 0 ? 0 : markerColumn(plot, tick);
    const label = tick === 0 ? "0" : humanDuration(tick);
    let start = offset + column;
    if (start + label.length > lineWidth) start = offset + column + 1 - label.length; // end under the tick instead
    // Two spaces between labels, so that "1 h" and "10 h" never read as "1 h 10 h".
    if (start < text.length + (text === "" ? 0 : 2) || start < 0) continue;
    text = text.padEnd(start) + label;
    columns.push(column);
  }
  return { text, columns };
}

/**
 * The schedule as horizontal bars, one line per attempt (or per group of attempts
 * beyond `maxLines`): the delay as a bar, the jitter range min..max as a lighter band,
 * the linear comparison as a marker, the cap as a vertical line, capped attempts
 * marked beside their value. Every line fits `width` columns (at least MIN_CHART_WIDTH),
 * unless the attempt labels alone leave fewer than 10 columns for the bars.
 */
export function renderScheduleChart(rows: readonly ScheduleRow[], options: ChartOptions): string {
  const glyphs = options.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
  const paint = options.paint ?? NO_PAINT;
  const width = Math.max(MIN_CHART_WIDTH, Math.floor(options.width));
  if (rows.length === 0) return "";
  const { lines, groupSize } = chartLines(rows, options.maxLines ?? DEFAULT_CHART_LINES);
  const values = chartValues(lines, options.capMs);
  const kind = options.scale ?? defaultScaleKind(values);
  const scale = makeScale({ kind, values, roundUp: false, tickCount: 4, logStart: "half" });

  const labels = lines.map((line) => lineLabel(line, glyphs));
  const valueTexts = lines.map((line) => lineValue(line, glyphs));
  const labelWidth = Math.max(...labels.map((label) => label.length));
  let valueWidth = Math.max(...valueTexts.map((text) => text.length));
  let plotWidth = width - labelWidth - 1 - (valueWidth + 1);
  if (plotWidth < MIN_PLOT_WIDTH) {
    valueWidth = 0; // the values are in the table above; the bars matter more here
    // Attempt labels so long (beyond a million million) that they leave no room: the bars keep their minimum.
    plotWidth = Math.max(MIN_PLOT_WIDTH, width - labelWidth - 1);
  }
  const plot: Plot = { scale, width: plotWidth };
  const capColumn = options.capMs === null ? null : markerColumn(plot, options.capMs);
  const jittered = lines.some(isJittered);
  const out: string[] = [];
  const note = (text: string) => out.push(...wrapText(text, width));

  const least = humanDuration(Math.min(...values.filter((v) => v > 0)));
  const most = humanDuration(Math.max(...values));
  const span = least === most ? `all ${least}` : `${least} to ${most}`;
  const within = `${kind === "log" ? "over" : "within"} ${LOG_SCALE_SPAN}${glyphs.times}`;
  note(options.scale === null ? `Scale: ${kind} (${span}, ${within}; --scale ${kind === "log" ? "linear" : "log"} to change).` : `Scale: ${kind} (${span}).`);
  if (groupSize > 1) {
    note(
      `${groupDigits(rows.length)} attempts in ${lines.length} lines of ${groupSize}: each line shows its group's longest delay` +
        `${jittered ? " and widest jitter range" : ""}.`,
    );
  }

  const indent = " ".repeat(labelWidth + 1);
  if (capColumn !== null && options.capMs !== null) {
    // The ceiling's label, ending at the cap's column (or starting there when it would not fit to the left).
    const label = `cap ${humanDuration(options.capMs)}`;
    const top = new Row(plotWidth);
    top.set(capColumn, glyphs.cap, "cap");
    const start = capColumn >= label.length + 1 ? capColumn - label.length - 1 : capColumn + 2;
    if (start + label.length <= plotWidth) [...label].forEach((char, index) => top.set(start + index, char, "cap"));
    out.push(`${indent}${top.paint(paint)}`.trimEnd());
  }

  lines.forEach((line, index) => {
    const cells = new Row(plotWidth);
    const solidEnd = jittered ? barCells(plot, line.minMs) : barCells(plot, line.delayMs);
    const bandEnd = jittered ? barCells(plot, line.maxMs) : solidEnd;
    for (let column = 0; column < bandEnd && column < plotWidth; column++) {
      cells.set(column, column < solidEnd ? glyphs.bar : glyphs.band, column < solidEnd ? "bar" : "band");
    }
    if (capColumn !== null) cells.set(capColumn, glyphs.cap, "cap");
    cells.set(markerColumn(plot, line.linearMs), glyphs.linear, "linear");
    let text = `${labels[index]!.padStart(labelWidth)} ${cells.paint(paint)}`;
    if (valueWidth > 0) {
      const value = valueTexts[index]!;
      const painted = line.clamped ? value.slice(0, -glyphs.clamped.length) + paint.clamped(glyphs.clamped) : value;
      text += ` ${painted}`;
    }
    out.push(text.trimEnd());
  });

  const axis = new Row(plotWidth);
  for (let column = 0; column < plotWidth; column++) axis.set(column, glyphs.axis, "axis");
  const tickLabels = axisLabels(plot, labelWidth + 1, width);
  for (const column of tickLabels.columns) axis.set(column, glyphs.tick, "axis");
  out.push(`${indent}${axis.paint(paint)}`);
  if (tickLabels.text !== "") out.push(paint.axis(tickLabels.text));

  // With jitter the solid part is the wait every retry makes at least, the band where it may end.
  const legend = jittered ? [`${glyphs.bar} shortest delay`, `${glyphs.band} jitter range up to the longest`] : [`${glyphs.bar} delay`];
  legend.push(`${glyphs.linear} linear`);
  if (options.capMs !== null) legend.push(`${glyphs.cap} cap`);
  if (lines.some((line) => line.clamped)) legend.push(`${glyphs.clamped} capped`);
  out.push(...wrapItems(legend, width));
  return `${out.join("\n")}\n`;
}

type Painter = (text: string) => string;

/**
 * The part of a chalk instance the chart paints with, as a structural type, so that the
 * library's declarations need no chalk installed (the CLI bundles it).
 */
export interface ChartColours {
  readonly level: number;
  readonly cyan: Painter & { readonly dim: Painter };
  readonly magenta: Painter;
  readonly red: Painter;
  readonly yellow: Painter;
  readonly grey: Painter;
}

/** The chart's colours, from a chalk instance (none when it has no colour level). */
export function chartPaint(chalk: ChartColours): ChartPaint {
  if (chalk.level === 0) return NO_PAINT;
  return { bar: chalk.cyan, band: chalk.cyan.dim, linear: chalk.magenta, cap: chalk.red, clamped: chalk.yellow, axis: chalk.grey };
}
