import type { ChalkInstance } from "chalk";
import type { CapacityWindow } from "../../../core/herd/capacity/simulate.js";
import { humanDuration } from "../../../core/text/duration.js";
import { groupDigits } from "../../../core/text/digits.js";
import { type Cell, type TableColumn, renderTable } from "../../table.js";
import { wrapLines } from "../../wrap.js";
import { type CapacityReport, MAX_TABLE_WINDOWS, capacitySummaryLines, heldReport, recoveryFields } from "../../herd/capacity.js";
import type { CapacityRenderer } from "../../renderer.js";

const right = (head: string, short = head, drop?: number): TableColumn => ({ head, short, align: "right", ...(drop === undefined ? {} : { drop }) });

function windowCells(w: CapacityWindow, paint: ChalkInstance): Cell[] {
  const busy = `${Math.round(w.utilisation * 100)}%`;
  return [
    { text: humanDuration(w.startMs) },
    { text: groupDigits(w.arrivals) },
    { text: groupDigits(w.calls) },
    { text: groupDigits(w.retries) },
    { text: groupDigits(w.succeeded) },
    { text: groupDigits(w.failed + w.refused), ...(w.failed + w.refused > 0 ? { paint: paint.red } : {}) },
    { text: groupDigits(w.gaveUp) },
    { text: busy },
    { text: groupDigits(w.inServer) },
  ];
}

/** The run as a terminal table, one row per window (or per variant with --compare), then the summary; fitted to `width`. */
function capacityTable(report: CapacityReport, paint: ChalkInstance, width: number | null): string {
  let columns: TableColumn[];
  let rows: Cell[][];
  if (report.kind === "timeline") {
    columns = [
      { head: "from", align: "right" },
      right("arrivals", "new", 3),
      right("calls"),
      right("retries", "retry"),
      right("answered", "ok"),
      right("failed", "fail"),
      right("gave up", "lost", 2),
      right("busy"),
      right("in server", "queue", 1),
    ];
    rows = report.windows.map((w) => windowCells(w, paint));
  } else {
    columns = [
      { head: "variant", align: "left" },
      right("calls"),
      right("retries", "retry", 2),
      right("answered", "ok"),
      right("gave up", "lost", 1),
      right("peak calls", "peak", 3),
      { head: "recovery", align: "left" },
    ];
    rows = report.variants.map((v) => {
      const { recovery, drainMs } = recoveryFields(v.result.recovery);
      return [
        { text: v.name },
        { text: groupDigits(v.result.totals.calls) },
        { text: groupDigits(v.result.totals.retries) },
        { text: groupDigits(v.result.totals.succeeded) },
        { text: groupDigits(v.result.totals.gaveUp) },
        { text: groupDigits(v.result.peakCalls) },
        { text: drainMs === "" ? recovery : `${humanDuration(drainMs)} drain`, ...(recovery === "metastable" ? { paint: paint.red } : {}) },
      ];
    });
  }
  const text = [...renderTable(columns, () => rows, paint, width)].join("");
  return `${text}${wrapLines(capacitySummaryLines(report), width).join("\n")}\n`;
}

/** The capacity model as a box table for people: per window (or variant) what was offered and served, the verdict under it. */
export const renderer: CapacityRenderer = {
  maxWindows: MAX_TABLE_WINDOWS,
  async render(output, context) {
    return { pieces: [capacityTable(heldReport(output), await context.paint(), context.width)] };
  },
};
