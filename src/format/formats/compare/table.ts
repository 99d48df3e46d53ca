import { compareByAttempt, comparedRows, givesUpAt } from "../../../core/compare.js";
import { compareSummaryLines } from "../../compare.js";
import { renderCompareTable } from "../../compare-table.js";
import type { CompareRenderer } from "../../renderer.js";

/** The policies side by side in a box table for people (or one table per policy when narrow), the summary, and the --chart. */
export const renderer: CompareRenderer = {
  readsLastRow: true,
  takes: { chart: true, scale: { with: "chart" } },
  boxTable: true,
  async render({ policies, summary }, context) {
    // Loaded only here, as for the schedule's table: chalk, and the chart code when asked for.
    const paint = await context.paint();
    const charts = context.options.chart === true ? await Promise.all([import("../../compare-chart.js"), import("../../chart.js")]) : null;
    const columns = policies.map((policy) => ({ name: policy.name, jittered: policy.model.jittered, givesUpAt: givesUpAt(policy), last: policy.range?.last ?? 0, timed: (policy.deadline ?? null) !== null }));
    // A terminal's width (or COLUMNS) is fitted; a pipe gets every policy side by side, as wide as that takes.
    const options = { width: context.width === null ? Infinity : context.drawWidth, paint, fit: context.width !== null };
    function* pieces(): Generator<string> {
      yield* renderCompareTable(columns, () => compareByAttempt(policies), () => compareSummaryLines(policies, summary()), options);
      if (charts === null) return;
      const [{ renderCompareChart }, { chartPaint }] = charts;
      const charted = policies.map((policy) => ({ name: policy.name, rows: Array.from(comparedRows(policy)), capMs: policy.model.capMs }));
      yield `\n${renderCompareChart(charted, { scale: context.options.scale ?? null, width: context.drawWidth, ascii: context.ascii, paint: chartPaint(paint) })}`;
    }
    return { pieces: pieces() };
  },
};
