import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { escapeXml } from "../escape.js";
import { makeScale } from "../scale.js";
import { PLOT, SVG_INK, SVG_WIDTH, coordinate as n, svgAxisFrame, svgOpening } from "../svg.js";

/** One curve: its points (x ascending), its colour and label. */
export interface Series {
  readonly label: string;
  readonly color: string;
  readonly points: ReadonlyArray<readonly [number, number]>;
  readonly dashed?: boolean;
}

/** How an axis is cut: its ticks from 0 (or the smallest x) past the largest value, and their labels. */
export interface AxisKind {
  readonly ticks: (span: number, count: number) => number[];
  readonly label: (value: number) => string;
}

/** Whole counts: round steps of 1, 2 or 5. */
export const COUNTS: AxisKind = { ticks: (span, count) => niceTicks(span, count), label: (v) => groupDigits(v) };
/** Durations: steps people say (15 s, 2 min, …), as the delay charts' linear axis cuts them. */
export const DURATIONS: AxisKind = {
  ticks: (span, count) => [...makeScale({ kind: "linear", values: [span], roundUp: true, tickCount: count, logStart: "decade" }).ticks],
  label: (v) => (v === 0 ? "0" : humanDuration(v)),
};
/** A share, in per cent. */
export const PERCENT: AxisKind = { ticks: (span, count) => niceTicks(span, count), label: (v) => `${v}%` };

/** One plot of a drawing: its curves, how its axes are cut and labelled, and an optional shaded span of x. */
export interface Panel {
  readonly title: string;
  readonly series: readonly Series[];
  readonly x: AxisKind;
  readonly y: AxisKind;
  readonly xTitle: string;
  readonly band?: { readonly from: number; readonly to: number; readonly label: string };
  /** The y axis's top at least this (a share's 100%). */
  readonly yAtLeast?: number;
}

const PANEL_HEIGHT = 300;
/** A further row of a legend that does not fit one. */
const LEGEND_ROW = 20;
/** The drawing's title and the first panel's top, as in every other drawing (svgOpening). */
const FIRST_PANEL_TOP = PLOT.top;

/** Up to about `count` round ticks (1, 2 or 5 × a power of ten) from 0 to at least `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw)!;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) {
    ticks.push(Math.round(tick / power) * power);
    if (tick >= max) break;
  }
  return ticks;
}

/** One panel: its title, the shaded band, the shared axis frame (svgAxisFrame), the curves and a legend row. */
function panelSvg(panel: Panel, top: number): { lines: string[]; height: number } {
  const { left, right } = PLOT;
  const bottom = top + PANEL_HEIGHT - 90;
  const xs = panel.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = panel.series.flatMap((s) => s.points.map((p) => p[1]));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yTicks = panel.y.ticks(Math.max(panel.yAtLeast ?? 0, ...ys), 5);
  const yMax = yTicks[yTicks.length - 1]!;
  const plotTop = top + 24;
  const x = (v: number) => (xMax === xMin ? (left + right) / 2 : left + ((v - xMin) / (xMax - xMin)) * (right - left));
  const y = (v: number) => bottom - (v / yMax) * (bottom - plotTop);
  const out: string[] = [];
  out.push(`<text class="panel-title" x="${(left + right) / 2}" y="${top + 6}" text-anchor="middle" font-weight="bold" fill="${SVG_INK.axis}">${escapeXml(panel.title)}</text>`);
  if (panel.band !== undefined) {
    const from = x(Math.max(xMin, panel.band.from));
    const to = x(Math.min(xMax, panel.band.to));
    out.push(`<rect class="band" x="${n(from)}" y="${n(plotTop)}" width="${n(Math.max(0, to - from))}" height="${n(bottom - plotTop)}" fill="#d62728" fill-opacity="0.1"/>`);
    out.push(`<text class="band-label" x="${n((from + to) / 2)}" y="${n(plotTop + 14)}" text-anchor="middle" font-size="12" fill="#d62728">${escapeXml(panel.band.label)}</text>`);
  }
  const xTicks = panel.x
    .ticks(xMax - xMin, 8)
    .map((t) => t + xMin)
    .filter((t) => t <= xMax);
  out.push(
    ...svgAxisFrame({
      box: { left, right, top: plotTop, bottom },
      yTicks: yTicks.map((tick) => ({ at: y(tick), label: panel.y.label(tick) })),
      xTicks: xTicks.map((tick) => ({ at: x(tick), label: panel.x.label(tick) })),
      xTitle: panel.xTitle,
    }),
  );
  for (const series of panel.series) {
    const points = series.points.map(([px, py]) => `${n(x(px))},${n(y(py))}`).join(" ");
    out.push(
      `<polyline class="series" points="${points}" fill="none" stroke="${series.color}" stroke-width="2.2" stroke-linejoin="round"${series.dashed ? ` stroke-dasharray="6 4"` : ""}><title>${escapeXml(series.label)}</title></polyline>`,
    );
  }
  // The legend under the x axis' title: entries in rows across the width, each row centred.
  const entries = panel.series.map((series) => ({ series, width: 34 + series.label.length * 7 + 18 }));
  const rows: Array<typeof entries> = [];
  for (const entry of entries) {
    const row = rows[rows.length - 1];
    if (row !== undefined && row.reduce((sum, e) => sum + e.width, 0) + entry.width <= SVG_WIDTH - 40) row.push(entry);
    else rows.push([entry]);
  }
  out.push(`<g class="legend" fill="${SVG_INK.axis}">`);
  rows.forEach((row, r) => {
    let at = (SVG_WIDTH - row.reduce((sum, e) => sum + e.width, 0)) / 2;
    for (const { series: s, width } of row) {
      out.push(
        `<g transform="translate(${n(at)} ${bottom + 64 + r * LEGEND_ROW})"><line x1="0" x2="28" y1="0" y2="0" stroke="${s.color}" stroke-width="2.2"${s.dashed ? ` stroke-dasharray="6 4"` : ""}/><text x="34" y="4">${escapeXml(s.label)}</text></g>`,
      );
      at += width;
    }
  });
  out.push(`</g>`);
  return { lines: out, height: PANEL_HEIGHT + Math.max(0, rows.length - 1) * LEGEND_ROW };
}

/** The panels one under the other, in the frame every drawing opens with (svgOpening). */
export function drawing(title: string, panels: readonly Panel[]): string {
  const body: string[] = [];
  let top = FIRST_PANEL_TOP;
  for (const panel of panels) {
    const { lines, height } = panelSvg(panel, top);
    body.push(...lines);
    top += height;
  }
  const out = svgOpening(top - 8, title, []);
  out.push(...body, `</svg>`);
  return `${out.join("\n")}\n`;
}
