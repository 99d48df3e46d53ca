import type { ChalkInstance } from "chalk";
import type { ChainReport } from "../../../core/chain/chain.js";
import type { TimeSpan } from "../../../core/chain/give-up.js";
import { budgetCell } from "../../chain-budget.js";
import { callsText } from "../../chain.js";
import { chainSummaryLines, spanRange } from "../../chain-text.js";
import { groupDigits } from "../../../core/text/digits.js";
import { type Cell, type TableColumn, renderTable } from "../../table.js";
import { wrapLines } from "../../wrap.js";
import { printable } from "../../printable.js";
import type { Renderers } from "../../renderer.js";

/**
 * `backoff chain`'s table: one row per layer, outermost first. "calls" are the calls a
 * layer sends down per call at the top (its tries, times the tries of every layer
 * above); the columns that say nothing (the expectation at a full outage, budgets when
 * there are none) are left out.
 */
const COLUMNS: readonly TableColumn[] = [
  { head: "layer", short: "#", align: "right" },
  { head: "policy", align: "left" },
  { head: "tries", align: "right" },
  { head: "retries", short: "retr.", align: "right", drop: 2 },
  { head: "calls", align: "right" },
  { head: "expected", short: "expect", align: "right" },
  { head: "budget", align: "left", drop: 1 },
  { head: "budgeted", align: "right" },
  { head: "gives up after", short: "gives up", align: "right", drop: 3 },
];

const spanCell = (span: TimeSpan): Cell => ({ text: spanRange(span) });

function rows(report: ChainReport): Cell[][] {
  const anyBudget = report.layers.some((layer) => layer.layer.budget !== null);
  return report.layers.map((layer, k) => [
    { text: String(k + 1) },
    { text: printable(layer.layer.name) },
    { text: groupDigits(layer.tries) },
    { text: groupDigits(layer.retries) },
    { text: callsText(layer.worstCaseCalls) },
    { text: report.options.failureRate < 1 ? callsText(layer.expected.callsSent) : "" },
    { text: layer.layer.budget === null ? (anyBudget ? "–" : "") : budgetCell(layer.layer.budget) },
    { text: anyBudget ? (layer.limited === null ? "?" : callsText(layer.limited.callsSent)) : "" },
    spanCell(layer.giveUp.giveUp),
  ]);
}

/**
 * The table laid out for `width`, then the summary lines wrapped to it: a terminal's (or
 * COLUMNS); null for a pipe or a file, which gets the whole table and the lines whole, as
 * every other command's output (issue 39, item 5: it was cut to 80 columns).
 */
function* chainTable(report: ChainReport, paint: ChalkInstance, width: number | null): Generator<string> {
  const cells = rows(report);
  yield* renderTable(COLUMNS, () => cells, paint, width);
  yield `${wrapLines(chainSummaryLines(report), width).join("\n")}\n`;
}

/** The chain for people: a box table with one row per layer, outermost first, and the summary under it. */
export const renderer: Renderers["chain"] = {
  async render({ report }, context) {
    const paint = await context.paint();
    return { pieces: chainTable(report, paint, context.width) };
  },
};
