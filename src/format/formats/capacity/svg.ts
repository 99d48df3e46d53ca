import type { CapacityWindow } from "../../../core/herd/capacity/simulate.js";
import { humanDuration } from "../../../core/text/duration.js";
import { groupDigits } from "../../../core/text/digits.js";
import { type CapacityReport, heldReport } from "../../herd/capacity.js";
import { COUNTS, DURATIONS, PERCENT, type Series, drawing } from "../../herd/herd-svg.js";
import type { CapacityRenderer } from "../../renderer.js";
import { POLICY_COLORS, SVG_INK } from "../../svg.js";

/** One run over time: offered calls, arrivals and answers per second, and the server's utilisation, the outage shaded. */
function capacitySvg(report: Extract<CapacityReport, { kind: "timeline" }>): string {
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
function capacityCompareSvg(report: Extract<CapacityReport, { kind: "compare" }>): string {
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

/**
 * One capacity run as an SVG timeline (offered load, answers and arrivals per second,
 * utilisation, the outage shaded), or variants side by side, each its own curve.
 */
export const renderer: CapacityRenderer = {
  drawsWindows: true,
  render(output) {
    const report = heldReport(output);
    return { pieces: [report.kind === "timeline" ? capacitySvg(report) : capacityCompareSvg(report)] };
  },
};
