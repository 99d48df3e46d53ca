import { OCC_MODES } from "../../../core/herd/occ-backoff.js";
import { COUNTS, DURATIONS, type Series, drawing } from "../../herd/herd-svg.js";
import { type OccReport, occRuns } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";

/** One colour per mode of the experiment, in OCC_MODES order. */
const MODE_COLORS = ["#7f7f7f", "#d62728", "#1f77b4", "#2ca02c", "#9467bd"] as const;

/** The sweep as the published graphs draw it: calls and completion time against clients, one curve per mode. */
function occSweepSvg(report: OccReport): string {
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

/** A sweep of the AWS experiment as an SVG: calls and time to completion against the clients, one curve per mode. */
export const renderer: OccRenderer = {
  sweep: true,
  render: (report) => ({ pieces: [occSweepSvg(report)] }),
};
