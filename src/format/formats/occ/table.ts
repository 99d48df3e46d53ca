import type { ChalkInstance } from "chalk";
import { groupDigits } from "../../../core/text/digits.js";
import { type Cell, type TableColumn, renderTable } from "../../table.js";
import { humanDuration } from "../../../core/text/duration.js";
import { type OccReport, occSpread, occSummaryLines } from "../../herd/occ.js";
import type { OccRenderer } from "../../renderer.js";
import { wrapLines, wrapText } from "../../wrap.js";

/** Times in the table to the whole millisecond: the runs' spread is wider than that. */
const tableTime = (ms: number) => humanDuration(Math.round(ms));

/** The experiment as a terminal table: one row per mode (and client count, for a sweep), then the set-up; fitted to `width`. */
function occTable(report: OccReport, paint: ChalkInstance, width: number | null): string {
  const sweep = new Set(report.rows.map((row) => row.clients)).size > 1;
  const right = (head: string, short = head, drop?: number): TableColumn => ({ head, short, align: "right", ...(drop === undefined ? {} : { drop }) });
  const columns: TableColumn[] = [
    ...(sweep ? [right("clients")] : []),
    { head: "mode", align: "left" },
    right("calls"),
    right("± se", "±", 2),
    right("time to completion", "time"),
    right("± se", "±", 1),
  ];
  // The standard error of each mean; "–" with one run, where no spread is known.
  const rows: Cell[][] = report.rows.map((row) => {
    const calls = occSpread(row.summary.calls, row.summary.runs);
    const time = occSpread(row.summary.completionMs, row.summary.runs);
    return [
      ...(sweep ? [{ text: groupDigits(row.clients) }] : []),
      { text: row.mode },
      { text: groupDigits(Math.round(row.summary.calls.mean)) },
      { text: calls === null ? "–" : groupDigits(Math.round(calls.se)), paint: paint.dim },
      { text: tableTime(row.summary.completionMs.mean) },
      { text: time === null ? "–" : tableTime(time.se), paint: paint.dim },
    ];
  });
  const text = [...renderTable(columns, () => rows, paint, width)].join("");
  return `${text}${wrapLines(occSummaryLines(report), width).join("\n")}\n`;
}

/** The AWS experiment as a box table for people, the set-up under it, and a pointer to the five modes when one was run. */
export const renderer: OccRenderer = {
  async render(report, context) {
    const pieces = [occTable(report, await context.paint(), context.width)];
    if (new Set(report.rows.map((row) => row.mode)).size === 1) pieces.push(wrapText("Add --compare-jitter for the experiment's five modes side by side.\n", context.width));
    return { pieces };
  },
};
