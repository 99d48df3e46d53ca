import { OCC_MODES } from "../../core/herd/occ-backoff.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { escapeXml } from "../escape.js";
import { SVG_WIDTH, titleFontSize } from "../svg.js";
import type { CapacityReport } from "./capacity.js";
import type { OccReport } from "./occ.js";

/** One curve: its points (x ascending), its colour and label. */
interface Series {
  readonly label: string;
  readonly color: string;
  readonly points: ReadonlyArray<readonly [number, number]>;
  readonly dashed?: boolean;
}

/** One plot of a drawing: its curves, what the axes say, how values are labelled, and an optional shaded span of x. */
interface Panel {
  readonly title: string;
  readonly series: readonly Series[];
  readonly xLabel: (x: number) => string;
  readonly yLabel: (y: number) => string;
  readonly xTitle: string;
  readonly band?: { readonly from: number; readonly to: number; readonly label: string };
  /** The y axis's top at least this (a share's 100%). */
  readonly yAtLeast?: number;
}

const AXIS = "#333333";
const GRID = "#e5e5e5";
const PANEL_HEIGHT = 300;
const LEFT = 100;
const RIGHT = 860;

/** A coordinate with at most two decimals. */
const n = (value: number) => String(Math.round(value * 100) / 100);

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

function panelSvg(panel: Panel, top: number): string[] {
  const bottom = top + PANEL_HEIGHT - 90;
  const xs = panel.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = panel.series.flatMap((s) => s.points.map((p) => p[1]));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yTicks = niceTicks(Math.max(panel.yAtLeast ?? 0, ...ys));
  const yMax = yTicks[yTicks.length - 1]!;
  const x = (v: number) => (xMax === xMin ? (LEFT + RIGHT) / 2 : LEFT + ((v - xMin) / (xMax - xMin)) * (RIGHT - LEFT));
  const y = (v: number) => bottom - (v / yMax) * (bottom - top - 24);
  const out: string[] = [];
  out.push(`<text class="panel-title" x="${(LEFT + RIGHT) / 2}" y="${top + 6}" text-anchor="middle" font-weight="bold" fill="${AXIS}">${escapeXml(panel.title)}</text>`);
  if (panel.band !== undefined) {
    const from = x(Math.max(xMin, panel.band.from));
    const to = x(Math.min(xMax, panel.band.to));
    out.push(`<rect class="band" x="${n(from)}" y="${n(y(yMax))}" width="${n(Math.max(0, to - from))}" height="${n(bottom - y(yMax))}" fill="#d62728" fill-opacity="0.1"/>`);
    out.push(`<text class="band-label" x="${n((from + to) / 2)}" y="${n(y(yMax) + 14)}" text-anchor="middle" font-size="12" fill="#d62728">${escapeXml(panel.band.label)}</text>`);
  }
  out.push(`<g class="y-axis" fill="${AXIS}" text-anchor="end">`);
  for (const tick of yTicks) {
    out.push(`<line class="grid" x1="${LEFT}" x2="${RIGHT}" y1="${n(y(tick))}" y2="${n(y(tick))}" stroke="${GRID}"/>`);
    out.push(`<text x="${LEFT - 8}" y="${n(y(tick) + 4)}">${escapeXml(panel.yLabel(tick))}</text>`);
  }
  out.push(`</g>`);
  out.push(`<g class="x-axis" fill="${AXIS}" text-anchor="middle">`);
  for (const tick of niceTicks(xMax - xMin, 8).map((t) => t + xMin).filter((t) => t <= xMax)) {
    out.push(`<line x1="${n(x(tick))}" x2="${n(x(tick))}" y1="${bottom}" y2="${bottom + 5}" stroke="${AXIS}"/>`);
    out.push(`<text x="${n(x(tick))}" y="${bottom + 20}">${escapeXml(panel.xLabel(tick))}</text>`);
  }
  out.push(`</g>`);
  out.push(`<path class="axes" d="M${LEFT},${n(y(yMax))}V${bottom}H${RIGHT}" fill="none" stroke="${AXIS}"/>`);
  out.push(`<text class="x-title" x="${(LEFT + RIGHT) / 2}" y="${bottom + 40}" text-anchor="middle" fill="${AXIS}">${escapeXml(panel.xTitle)}</text>`);
  for (const series of panel.series) {
    const points = series.points.map(([px, py]) => `${n(x(px))},${n(y(py))}`).join(" ");
    out.push(
      `<polyline class="series" points="${points}" fill="none" stroke="${series.color}" stroke-width="2.2" stroke-linejoin="round"${series.dashed ? ` stroke-dasharray="6 4"` : ""}><title>${escapeXml(series.label)}</title></polyline>`,
    );
  }
  // The legend on one row under the x axis' title.
  const widths = panel.series.map((s) => 34 + s.label.length * 7 + 18);
  let at = (SVG_WIDTH - widths.reduce((a, b) => a + b, 0)) / 2;
  out.push(`<g class="legend" fill="${AXIS}">`);
  panel.series.forEach((s, i) => {
    out.push(
      `<g transform="translate(${n(at)} ${bottom + 62})"><line x1="0" x2="28" y1="0" y2="0" stroke="${s.color}" stroke-width="2.2"${s.dashed ? ` stroke-dasharray="6 4"` : ""}/><text x="34" y="4">${escapeXml(s.label)}</text></g>`,
    );
    at += widths[i]!;
  });
  out.push(`</g>`);
  return out;
}

function drawing(title: string, panels: readonly Panel[]): string {
  const height = 56 + panels.length * PANEL_HEIGHT;
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${height}" viewBox="0 0 ${SVG_WIDTH} ${height}" font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif" font-size="13">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect class="background" x="0" y="0" width="${SVG_WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text class="title" x="${SVG_WIDTH / 2}" y="30" text-anchor="middle" font-size="${titleFontSize(title)}" font-weight="bold" fill="${AXIS}">${escapeXml(title)}</text>`,
  ];
  panels.forEach((panel, i) => out.push(...panelSvg(panel, 64 + i * PANEL_HEIGHT)));
  out.push(`</svg>`);
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
  const common = { xLabel: (v: number) => groupDigits(v), xTitle: "contending clients" };
  return drawing(`OCC backoff experiment: means over ${groupDigits(report.runs)} runs, seed ${report.seed}`, [
    { ...common, title: "calls (writes) per run", series: curve((row) => row.summary.calls.mean), yLabel: (v) => groupDigits(v) },
    { ...common, title: "time until the last client is done", series: curve((row) => row.summary.completionMs.mean), yLabel: (v) => (v === 0 ? "0" : humanDuration(v)) },
  ]);
}

/** One run over time: offered calls, arrivals and answers per second, and the server's utilisation, the outage shaded. */
export function renderCapacitySvg(report: Extract<CapacityReport, { kind: "timeline" }>): string {
  const { setup, windows } = report;
  const perSecond = (count: number, w: (typeof windows)[number]) => (count * 1000) / (w.endMs - w.startMs);
  const at = (w: (typeof windows)[number]) => w.startMs;
  const outage = setup.outage;
  const band = outage === null ? undefined : { from: outage.startMs, to: outage.endMs, label: outage.kind === "stall" ? "stall" : "outage" };
  const common = { xLabel: (v: number) => (v === 0 ? "0" : humanDuration(v)), xTitle: "time (window start)", ...(band === undefined ? {} : { band }) };
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
      yLabel: (v) => groupDigits(v),
    },
    { ...common, title: "server utilisation", series: [{ label: "busy", color: "#1f77b4", points: windows.map((w) => [at(w), w.utilisation * 100] as const) }], yLabel: (v) => `${v}%`, yAtLeast: 100 },
  ]);
}
