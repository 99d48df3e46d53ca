import { isSaturated } from "../core/limits.js";
import type { ScheduleRow } from "../core/schedule.js";
import { type ChartLine, chartLines, deadlineBoundary } from "./chart.js";
import { humanDuration } from "../core/text/duration.js";
import { escapeXml } from "./escape.js";
import { groupDigits } from "../core/text/digits.js";
import { type Scale, type ScaleKind, defaultScaleKind, makeScale } from "./scale.js";

export interface SvgOptions {
  /** The policy in words, shown as the title. */
  readonly title: string;
  readonly capMs: number | null;
  /** The y scale; null picks log when the values span more than 100×, else linear. */
  readonly scale: ScaleKind | null;
  /**
   * With --deadline (the rows then carry their timing): the overall timeout, drawn as a
   * line before the first retry no run starts by it, the retries past it set apart.
   */
  readonly deadlineMs?: number | null;
}

/** The drawing's size in user units (the viewBox); it scales to any size in a browser. */
export const SVG_WIDTH = 900;
export const SVG_HEIGHT = 560;
/** The plot area inside the drawing. */
export const PLOT = { left: 100, right: 860, top: 64, bottom: 440 } as const;
/** More points than this are finer than the drawing's resolution: attempts are grouped (longest delay kept). */
export const MAX_SVG_POINTS = 1000;
/** Attempts up to this many are drawn as dots too (more would blur into the line). */
const MAX_DOTS = 60;

/** One colour per policy or variant (Okabe–Ito, told apart with the common colour-vision deficiencies); more reuse them. */
export const POLICY_COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#b07800", "#3a9ad9", "#7a3e9d", "#4d4d4d"] as const;
/** The ink of every drawing's frame: axes and text, grid lines, notes. */
export const SVG_INK = { axis: "#333333", grid: "#e5e5e5", muted: "#7f7f7f" } as const;
const COLORS = { delay: "#1f77b4", linear: SVG_INK.muted, cap: "#d62728", band: "#1f77b4", capped: "#ff7f0e", grid: SVG_INK.grid, axis: SVG_INK.axis, deadline: "#9467bd" } as const;

/** A coordinate with at most two decimals: enough for any screen, short in the file (and in the page's DOM). */
export function coordinate(value: number): string {
  return String(Math.round(value * 100) / 100);
}
const n = coordinate;

/** A drawing's opening lines: the XML declaration, the svg element, its title (as the tooltip and in bold on top) and the notes line under it. */
export function svgOpening(height: number, title: string, notes: readonly string[]): string[] {
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${height}" viewBox="0 0 ${SVG_WIDTH} ${height}" ` +
      `font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect class="background" x="0" y="0" width="${SVG_WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text class="title" x="${SVG_WIDTH / 2}" y="32" text-anchor="middle" font-size="${titleFontSize(title)}" font-weight="bold" fill="${SVG_INK.axis}">${escapeXml(title)}</text>`,
  ];
  if (notes.length > 0) {
    out.push(`<text class="note" x="${SVG_WIDTH / 2}" y="52" text-anchor="middle" font-size="12" fill="${SVG_INK.muted}">${escapeXml(notes.join("; "))}</text>`);
  }
  return out;
}

/** Where a drawing puts an attempt and a delay in the plot area, and the scale the delays are on. */
export interface SvgPlacement {
  readonly scale: Scale;
  readonly kind: ScaleKind;
  readonly first: number;
  readonly last: number;
  readonly x: (attempt: number) => number;
  readonly y: (ms: number) => number;
}

/** A plot area in the drawing's user units. */
export interface SvgBox {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** A tick: where it sits along its axis (user units) and what it says. */
export interface SvgTick {
  readonly at: number;
  readonly label: string;
}

/** What the one axis drawer is told: the plot area, the ticks of each axis, their titles. */
export interface SvgAxisFrame {
  readonly box: SvgBox;
  /** Up the side, each with a grid line across the plot. */
  readonly yTicks: readonly SvgTick[];
  /** Along the bottom, each with a short tick mark. */
  readonly xTicks: readonly SvgTick[];
  readonly xTitle: string;
  /** Turned up the left side; none leaves it out. */
  readonly yTitle?: string;
}

/**
 * The frame every chart is drawn in: grid lines and labels up the side, tick marks and
 * labels along the bottom, the two axis lines and their titles. The schedule and compare
 * drawings (through svgAxes) and the herd's panels draw their axes here.
 */
export function svgAxisFrame({ box, yTicks, xTicks, xTitle, yTitle }: SvgAxisFrame): string[] {
  const out = [`<g class="y-axis" fill="${SVG_INK.axis}" text-anchor="end">`];
  for (const tick of yTicks) {
    out.push(`<line class="grid" x1="${box.left}" x2="${box.right}" y1="${n(tick.at)}" y2="${n(tick.at)}" stroke="${SVG_INK.grid}"/>`);
    out.push(`<text x="${box.left - 8}" y="${n(tick.at + 4)}">${escapeXml(tick.label)}</text>`);
  }
  out.push(`</g>`);
  out.push(`<g class="x-axis" fill="${SVG_INK.axis}" text-anchor="middle">`);
  for (const tick of xTicks) {
    out.push(`<line x1="${n(tick.at)}" x2="${n(tick.at)}" y1="${box.bottom}" y2="${box.bottom + 5}" stroke="${SVG_INK.axis}"/>`);
    out.push(`<text x="${n(tick.at)}" y="${box.bottom + 20}">${escapeXml(tick.label)}</text>`);
  }
  out.push(`</g>`);
  out.push(`<path class="axes" d="M${box.left},${n(box.top)}V${box.bottom}H${box.right}" fill="none" stroke="${SVG_INK.axis}"/>`);
  out.push(`<text class="x-title" x="${(box.left + box.right) / 2}" y="${box.bottom + 42}" text-anchor="middle" fill="${SVG_INK.axis}">${escapeXml(xTitle)}</text>`);
  if (yTitle !== undefined) {
    out.push(
      `<text class="y-title" transform="translate(22 ${(box.top + box.bottom) / 2}) rotate(-90)" text-anchor="middle" fill="${SVG_INK.axis}">` +
        `${escapeXml(yTitle)}</text>`,
    );
  }
  return out;
}

/**
 * The axes of a delay drawing: duration labels up the side (every other one when a log
 * scale offers more than ten decades, so the labels stay apart), attempt ticks along the
 * bottom, in the shared frame.
 */
export function svgAxes({ scale, kind, first, last, x, y }: SvgPlacement): string[] {
  const yTicks = scale.ticks.length > 10 ? scale.ticks.filter((_, index) => index % 2 === 0) : scale.ticks;
  return svgAxisFrame({
    box: PLOT,
    yTicks: yTicks.map((tick) => ({ at: y(tick), label: tick === 0 ? "0" : humanDuration(tick) })),
    xTicks: attemptTicks(first, last).map((tick) => ({ at: x(tick), label: groupDigits(tick) })),
    xTitle: "attempt (the failure the delay follows)",
    yTitle: `delay (${kind} scale)`,
  });
}

export function attemptTicks(first: number, last: number): number[] {
  if (first === last) return [first];
  const span = last - first;
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((m) => m * power).find((candidate) => span / candidate <= 10);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const ticks = [first];
  for (let tick = Math.ceil(first / step) * step; tick <= last; tick += step) {
    // Keep the first attempt labelled; drop a round tick that would crowd it.
    if (tick !== first && (tick - first) / span > 0.04) ticks.push(tick);
  }
  return ticks;
}

/**
 * The schedule as a standalone SVG drawing: delay per attempt as a line, the linear
 * comparison dashed, the cap as a horizontal line, the jitter range as a band, axes
 * with duration labels on a log or linear scale, a legend and the policy as the title.
 */
export function renderScheduleSvg(rows: readonly ScheduleRow[], options: SvgOptions): string {
  if (rows.length === 0) throw new RangeError("an SVG needs at least one row");
  const { lines, groupSize } = chartLines(rows, MAX_SVG_POINTS);
  const jittered = lines.some((line) => line.minMs !== line.maxMs);
  const values = lines.flatMap((line) => [line.delayMs, line.linearMs, line.minMs, line.maxMs]);
  if (options.capMs !== null) values.push(options.capMs);
  const kind = options.scale ?? defaultScaleKind(values);
  const scale = makeScale({ kind, values, roundUp: true, tickCount: 6, logStart: "decade" });
  const first = rows[0]!.attempt;
  const last = rows[rows.length - 1]!.attempt;
  const plotWidth = PLOT.right - PLOT.left;
  const plotHeight = PLOT.bottom - PLOT.top;
  // A single attempt sits in the middle; otherwise the attempts span the plot's width.
  const x = (attempt: number) => (first === last ? PLOT.left + plotWidth / 2 : PLOT.left + ((attempt - first) / (last - first)) * plotWidth);
  const y = (ms: number) => PLOT.bottom - scale.fraction(ms) * plotHeight;
  // A group is drawn at its last attempt, where its longest delay is.
  const point = (line: ChartLine, ms: number) => `${n(x(line.last))},${n(y(ms))}`;

  const notes: string[] = [];
  if (groupSize > 1) notes.push(`${groupDigits(rows.length)} attempts drawn in groups of ${groupSize} (each group's longest delay)`);
  if (values.some(isSaturated)) notes.push("delays of 2^53 ms (about 285,616 years) or more cannot be exact and are drawn at 2^53 ms");
  // A library that stops by elapsed time: from here the band is over the runs still retrying (never a wait of 0 ms).
  const stopped = jittered ? rows.find((row) => row.runsStopped === "some" || row.runsStopped === "all") : undefined;
  if (stopped !== undefined) notes.push(`⊘ from attempt ${groupDigits(stopped.attempt)} some runs have stopped: the band is over the runs that make the retry`);
  const out = [...svgOpening(SVG_HEIGHT, options.title, notes), ...svgAxes({ scale, kind, first, last, x, y })];
  if (stopped !== undefined) {
    const stopX = n(x(stopped.attempt));
    out.push(`<line class="runs-stopped" x1="${stopX}" x2="${stopX}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="${SVG_INK.muted}" stroke-dasharray="3 4"/>`);
    out.push(`<text class="runs-stopped-label" x="${stopX}" y="${PLOT.top + 14}" text-anchor="middle" fill="${SVG_INK.muted}">⊘</text>`);
  }

  if (jittered) {
    const upper = lines.map((line) => point(line, line.maxMs));
    const lower = lines.map((line) => point(line, line.minMs)).reverse();
    out.push(`<polygon class="jitter-band" points="${[...upper, ...lower].join(" ")}" fill="${COLORS.band}" fill-opacity="0.18" stroke="none"/>`);
  }
  if (options.capMs !== null) {
    const capY = n(y(options.capMs));
    out.push(`<line class="cap" x1="${PLOT.left}" x2="${PLOT.right}" y1="${capY}" y2="${capY}" stroke="${COLORS.cap}" stroke-width="1.5"/>`);
    out.push(`<text class="cap-label" x="${PLOT.right - 4}" y="${n(y(options.capMs) - 6)}" text-anchor="end" fill="${COLORS.cap}">${escapeXml(`cap ${humanDuration(options.capMs)}`)}</text>`);
  }
  const linearPoints = lines.map((line) => point(line, line.linearMs)).join(" ");
  out.push(`<polyline class="linear" points="${linearPoints}" fill="none" stroke="${COLORS.linear}" stroke-width="2" stroke-dasharray="7 5"/>`);
  // With a deadline: the lines from the first retry no run starts before it (attempts only start later) are set apart.
  const never = deadlineBoundary(rows, options.deadlineMs ?? null);
  const fires = never === null ? lines : lines.filter((line) => line.last < never.attempt);
  const unfired = never === null ? [] : lines.filter((line) => line.last >= never.attempt);
  if (fires.length > 0) {
    const delayPoints = fires.map((line) => point(line, line.delayMs)).join(" ");
    out.push(`<polyline class="delay" points="${delayPoints}" fill="none" stroke="${COLORS.delay}" stroke-width="2.5" stroke-linejoin="round"/>`);
  }
  if (never !== null) {
    // The line sits halfway between the last attempt that may fire and the first that cannot (the plot's edge when none fires).
    const at = never.attempt === first ? PLOT.left : (x(never.attempt - 1) + x(never.attempt)) / 2;
    const label = `deadline ${humanDuration(never.deadlineMs)}`;
    out.push(`<line class="deadline" x1="${n(at)}" x2="${n(at)}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="${COLORS.deadline}" stroke-width="1.5" stroke-dasharray="6 3"/>`);
    out.push(`<text class="deadline-label" x="${n(at + 4)}" y="${PLOT.top + 14}" fill="${COLORS.deadline}">${escapeXml(label)}</text>`);
    // Joined to the last line that may fire, so the schedule reads on, in the muted ink of what never happens.
    const joined = fires.length > 0 ? [fires[fires.length - 1]!, ...unfired] : unfired;
    out.push(`<polyline class="delay never" points="${joined.map((line) => point(line, line.delayMs)).join(" ")}" fill="none" stroke="${SVG_INK.muted}" stroke-width="2" stroke-dasharray="2 4" stroke-linejoin="round"/>`);
  }
  const dots = lines.length <= MAX_DOTS;
  if (dots) {
    out.push(`<g class="points">`);
    for (const line of fires) {
      const fill = line.clamped ? COLORS.capped : COLORS.delay;
      out.push(`<circle class="${line.clamped ? "point capped" : "point"}" cx="${n(x(line.last))}" cy="${n(y(line.delayMs))}" r="3.5" fill="${fill}"/>`);
    }
    for (const line of unfired) {
      out.push(`<circle class="point never" cx="${n(x(line.last))}" cy="${n(y(line.delayMs))}" r="3.5" fill="#ffffff" stroke="${SVG_INK.muted}" stroke-width="1.5"/>`);
    }
    out.push(`</g>`);
  }

  // The legend, one row under the axis title; each entry is its swatch and its words.
  const entries: Array<{ swatch: string; label: string }> = [
    { swatch: `<line x1="0" x2="28" y1="0" y2="0" stroke="${COLORS.delay}" stroke-width="2.5"/>`, label: "delay per attempt" },
    { swatch: `<line x1="0" x2="28" y1="0" y2="0" stroke="${COLORS.linear}" stroke-width="2" stroke-dasharray="7 5"/>`, label: "linear comparison" },
  ];
  if (options.capMs !== null) {
    entries.push({ swatch: `<line x1="0" x2="28" y1="0" y2="0" stroke="${COLORS.cap}" stroke-width="1.5"/>`, label: `cap ${humanDuration(options.capMs)}` });
  }
  if (jittered) {
    entries.push({ swatch: `<rect x="0" y="-6" width="28" height="12" fill="${COLORS.band}" fill-opacity="0.18"/>`, label: "jitter range (min–max)" });
  }
  if (dots && fires.some((line) => line.clamped)) {
    entries.push({ swatch: `<circle cx="14" cy="0" r="3.5" fill="${COLORS.capped}"/>`, label: "capped attempt" });
  }
  if (never !== null) {
    entries.push({ swatch: `<line x1="14" x2="14" y1="-8" y2="8" stroke="${COLORS.deadline}" stroke-width="1.5" stroke-dasharray="6 3"/>`, label: `deadline ${humanDuration(never.deadlineMs)}` });
    entries.push({
      swatch: `<line x1="0" x2="28" y1="0" y2="0" stroke="${SVG_INK.muted}" stroke-width="2" stroke-dasharray="2 4"/><circle cx="14" cy="0" r="3.5" fill="#ffffff" stroke="${SVG_INK.muted}" stroke-width="1.5"/>`,
      label: "never fires",
    });
  }
  // Widths estimated from the character count (about 0.6 em a character at 13 px): the legend is centred.
  const entryWidths = entries.map((entry) => 28 + 6 + entry.label.length * 7 + 20);
  let legendX = (SVG_WIDTH - entryWidths.reduce((sum, width) => sum + width, 0)) / 2;
  out.push(`<g class="legend" fill="${COLORS.axis}">`);
  entries.forEach((entry, index) => {
    out.push(`<g class="legend-entry" transform="translate(${n(legendX)} ${PLOT.bottom + 80})">${entry.swatch}<text x="34" y="4">${escapeXml(entry.label)}</text></g>`);
    legendX += entryWidths[index]!;
  });
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}

export { policyTitle } from "./summary.js";

/**
 * The title's font size: 17 px, smaller for a long title so that it fits the width
 * (bold sans-serif runs at about 0.62 em a character), but never below 10 px.
 */
export function titleFontSize(title: string): number {
  const fits = Math.floor((SVG_WIDTH - 40) / (0.62 * Math.max(1, title.length)));
  return Math.max(10, Math.min(17, fits));
}
