import { OCC_MODES } from "../../core/herd/occ-backoff.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { escapeXml } from "../escape.js";
import { makeScale } from "../scale.js";
import { PLOT, POLICY_COLORS, SVG_INK, SVG_WIDTH, coordinate as n, svgAxisFrame, svgOpening } from "../svg.js";
import type { CapacityWindow } from "../../core/herd/capacity/simulate.js";
import type { CapacityReport } from "./capacity.js";
import { type OccReport, occRuns } from "./occ.js";

/** One curve: its points (x ascending), its colour and label. */
interface Series {
  readonly label: string;
  readonly color: string;
  readonly points: ReadonlyArray<readonly [number, number]>;
  readonly dashed?: boolean;
}

/** How an axis is cut: its ticks from 0 (or the smallest x) past the largest value, and their labels. */
interface AxisKind {
  readonly ticks: (span: number, count: number) => number[];
  readonly label: (value: number) => string;
}

/** Whole counts: round steps of 1, 2 or 5. */
const COUNTS: AxisKind = { ticks: (span, count) => niceTicks(span, count), label: (v) => groupDigits(v) };
/** Durations: steps people say (15 s, 2 min, …), as the delay charts' linear axis cuts them. */
const DURATIONS: AxisKind = {
  ticks: (span, count) => [...makeScale({ kind: "linear", values: [span], roundUp: true, tickCount: count, logStart: "decade" }).ticks],
  label: (v) => (v === 0 ? "0" : humanDuration(v)),
};
/** A share, in per cent. */
const PERCENT: AxisKind = { ticks: (span, count) => niceTicks(span, count), label: (v) => `${v}%` };

/** One plot of a drawing: its curves, how its axes are cut and labelled, and an optional shaded span of x. */
interface Panel {
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
function drawing(title: string, panels: readonly Panel[]): string {
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

/** One colour per mode of the experiment, in OCC_MODES order. */
const MODE_COLORS = ["#7f7f7f", "#d62728", "#1f77b4", "#2ca02c", "#9467bd"] as const;

/** The sweep as the published graphs draw it: calls and completion time against clients, one curve per mode. */
export function renderOccSweepSvg(report: OccReport): string {
  const modes = OCC_MODES.filter((mode) => report.rows.some((row) => row.mode === mode));
  const curve = (value: (row: OccReport["rows"][number]) => number): Series[] =>
    modes.map((mode) => ({
      label: mode,
      color: MODE_COLORS[OCC_MODES.indexOf(mode)]!,
      points: report.rows.filter((row) => row.mode === mode).map((row) => [row.clients, value(row)] as const),
    }));
  const common = { x: COUNTS, xTitle: "contending clients" };
  return drawing(`OCC backoff experiment: means over ${occRuns(report.runs)}, seed ${report.seed}`, [
    { ...common, title: "calls (writes) per run", series: curve((row) => row.summary.calls.mean), y: COUNTS },
    { ...common, title: "time until the last client is done", series: curve((row) => row.summary.completionMs.mean), y: DURATIONS },
  ]);
}

/** One run over time: offered calls, arrivals and answers per second, and the server's utilisation, the outage shaded. */
export function renderCapacitySvg(report: Extract<CapacityReport, { kind: "timeline" }>): string {
  const { setup, windows } = report;
  const perSecond = (count: number, w: (typeof windows)[number]) => (count * 1000) / (w.endMs - w.startMs);
  const at = (w: (typeof windows)[number]) => w.startMs;
  const outage = setup.outage;
  const band = outage === null ? undefined : { from: outage.startMs, to: outage.endMs, label: outage.kind === "stall" ? "stall" : "outage" };
  const common = { x: DURATIONS, xTitle: "time (window start)", ...(band === undefined ? {} : { band }) };
  const verdict = report.variant.result.recovery;
  const title = `Retry storm: ${groupDigits(setup.rps)} requests/s into ${groupDigits(Math.round(setup.capacity))} calls/s${report.variant.name === "" ? "" : `, ${report.variant.name}`} (${verdict.kind})`;
  return drawing(title, [
    {
      ...common,
      title: "per second",
      series: [
        { label: "calls offered", color: "#d62728", points: windows.map((w) => [at(w), perSecond(w.calls, w)] as const) },
        { label: "answered in time", color: "#2ca02c", points: windows.map((w) => [at(w), perSecond(w.succeeded, w)] as const) },
        { label: "new requests", color: "#7f7f7f", dashed: true, points: windows.map((w) => [at(w), perSecond(w.arrivals, w)] as const) },
      ],
      y: COUNTS,
    },
    { ...common, title: "server utilisation", series: [{ label: "busy", color: "#1f77b4", points: windows.map((w) => [at(w), w.utilisation * 100] as const) }], y: PERCENT, yAtLeast: 100 },
  ]);
}

/**
 * Variants side by side over time (--compare): calls offered and answered in time per
 * second, one curve per variant in its colour (its verdict in the legend), the arrivals
 * dashed (the same for every variant: they do not depend on the policy), the outage shaded.
 */
export function renderCapacityCompareSvg(report: Extract<CapacityReport, { kind: "compare" }>): string {
  const { setup, variants } = report;
  const windowsOf = (variant: (typeof variants)[number]) => {
    if (variant.windows === undefined) throw new Error("the capacity SVG draws windows: the command holds each variant's");
    return variant.windows;
  };
  const perSecond = (count: number, w: { startMs: number; endMs: number }) => (count * 1000) / (w.endMs - w.startMs);
  const outage = setup.outage;
  const band = outage === null ? undefined : { from: outage.startMs, to: outage.endMs, label: outage.kind === "stall" ? "stall" : "outage" };
  const common = { x: DURATIONS, xTitle: "time (window start)", ...(band === undefined ? {} : { band }) };
  const verdict = (variant: (typeof variants)[number]) => {
    const recovery = variant.result.recovery;
    return recovery.kind === "recovered" ? `${recovery.kind}, ${humanDuration(recovery.drainMs)} drain` : recovery.kind;
  };
  const curves = (value: (w: CapacityWindow) => number, label: (variant: (typeof variants)[number]) => string): Series[] =>
    variants.map((variant, i) => ({ label: label(variant), color: POLICY_COLORS[i % POLICY_COLORS.length]!, points: windowsOf(variant).map((w) => [w.startMs, value(w)] as const) }));
  const arrivals: Series = { label: "new requests", color: SVG_INK.muted, dashed: true, points: windowsOf(variants[0]!).map((w) => [w.startMs, perSecond(w.arrivals, w)] as const) };
  const title = `Retry storm: ${groupDigits(setup.rps)} requests/s into ${groupDigits(Math.round(setup.capacity))} calls/s, ${variants.length} variants`;
  return drawing(title, [
    { ...common, title: "calls offered per second", series: [...curves((w) => perSecond(w.calls, w), (v) => `${v.name} (${verdict(v)})`), arrivals], y: COUNTS },
    { ...common, title: "answered in time per second", series: curves((w) => perSecond(w.succeeded, w), (v) => v.name), y: COUNTS },
  ]);
}
