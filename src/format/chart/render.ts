import type { ScheduleRow } from "../../core/schedule.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { LOG_SCALE_SPAN, type ScaleKind, defaultScaleKind, makeScale } from "../scale.js";
import { type ChartLine, chartLines, deadlineBoundary, isJittered } from "./lines.js";
import { ASCII_GLYPHS, type ChartPaint, type Glyphs, NO_PAINT, UNICODE_GLYPHS } from "./palette.js";
import { CellRow, type Plot, barCells, markerColumn } from "./plot.js";
import { wrapItems, wrapLine } from "../wrap.js";

export interface ChartOptions {
  /** The cap in whole milliseconds, drawn as a ceiling; null for none. */
  readonly capMs: number | null;
  /** The scale; null picks log when the values span more than 100×, else linear. */
  readonly scale: ScaleKind | null;
  /** The widest a line may be (the terminal's columns). */
  readonly width: number;
  /** ASCII glyphs rather than block elements: the caller knows its terminal (the CLI: src/cli/shared/terminal.ts). */
  readonly ascii: boolean;
  readonly paint?: ChartPaint;
  /** The most bar lines; longer schedules are drawn in groups of consecutive attempts. */
  readonly maxLines?: number;
  /** With --deadline (the rows carry their timing): a rule above the first retry no run starts by it, the bars from there light. */
  readonly deadlineMs?: number | null;
}

export const DEFAULT_CHART_LINES = 40;
/** Narrower than this, nothing useful fits; the chart is laid out for this width. */
export const MIN_CHART_WIDTH = 20;
/** A bar area narrower than this is too coarse to read; the value column makes way first. */
const MIN_PLOT_WIDTH = 10;

/** The values a chart's axis must hold. */
function chartValues(lines: readonly ChartLine[], capMs: number | null): number[] {
  const values = lines.flatMap((line) => [line.delayMs, line.linearMs, line.minMs, line.maxMs]);
  if (capMs !== null) values.push(capMs);
  return values;
}

function lineLabel(line: ChartLine, glyphs: Glyphs): string {
  return line.first === line.last ? String(line.first) : `${line.first}${glyphs.dash}${line.last}`;
}

function lineValue(line: ChartLine, glyphs: Glyphs): string {
  const value = line.minMs === line.maxMs ? humanDuration(line.delayMs) : `${humanDuration(line.minMs)}${glyphs.dash}${humanDuration(line.maxMs)}`;
  return line.clamped ? `${value} ${glyphs.clamped}` : value;
}

/** Tick labels placed under their columns, left to right, skipping any that would touch the previous one. */
export function axisLabels(plot: Plot, offset: number, lineWidth: number): { text: string; columns: number[] } {
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
  const note = (text: string) => out.push(...wrapLine(text, width, 0, { long: "cut" }));

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
    const top = new CellRow(plotWidth);
    top.set(capColumn, glyphs.cap, "cap");
    const start = capColumn >= label.length + 1 ? capColumn - label.length - 1 : capColumn + 2;
    if (start + label.length <= plotWidth) [...label].forEach((char, index) => top.set(start + index, char, "cap"));
    out.push(`${indent}${top.paint(paint)}`.trimEnd());
  }

  const never = deadlineBoundary(rows, options.deadlineMs ?? null);
  lines.forEach((line, index) => {
    const unfired = never !== null && line.last >= never.attempt;
    if (unfired && (index === 0 || lines[index - 1]!.last < never.attempt)) {
      // The rule across the bars, before the first line that never fires.
      // As much of the words as fits the bars' width, after a rule of at least two.
      const deadline = ` deadline ${humanDuration(never.deadlineMs)}`;
      const words = [`${deadline}: the retries below never fire`, deadline, ""].find((text) => text.length + 2 <= plotWidth) ?? "";
      out.push(`${indent}${paint.cap(`${glyphs.axis.repeat(Math.max(2, plotWidth - words.length))}${words}`)}`);
    }
    const cells = new CellRow(plotWidth);
    // A retry that never fires is drawn light: its whole bar as the band.
    const solidEnd = unfired ? 0 : jittered ? barCells(plot, line.minMs) : barCells(plot, line.delayMs);
    const bandEnd = jittered ? barCells(plot, line.maxMs) : unfired ? barCells(plot, line.delayMs) : solidEnd;
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

  const axis = new CellRow(plotWidth);
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
  if (never !== null) legend.push(`${glyphs.band} below the deadline's rule: never fires`);
  out.push(...wrapItems(legend, width));
  return `${out.join("\n")}\n`;
}
