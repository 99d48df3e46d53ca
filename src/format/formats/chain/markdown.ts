import type { ChainReport } from "../../../core/chain/chain.js";
import { groupDigits } from "../../../core/text/digits.js";
import { budgetCell } from "../../chain-budget.js";
import { chainSummaryLines, spanRange } from "../../chain-text.js";
import { callsText, chainRows } from "../../chain.js";
import type { Renderers } from "../../renderer.js";

/** A GitHub table (a row per layer, then `total`), the summary lines under it. */
function chainMarkdown(report: ChainReport): string {
  const anyBudget = report.layers.some((layer) => layer.layer.budget !== null);
  const head = ["layer", "policy", "tries", "retries", "calls", "expected", ...(anyBudget ? ["budget", "budgeted"] : []), "gives up after"];
  const align = [":---", ":---", "---:", "---:", "---:", "---:", ...(anyBudget ? [":---", "---:"] : []), "---:"];
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const lines = [`| ${head.join(" | ")} |`, `|${align.join("|")}|`];
  const budgets = report.layers.map((layer) => layer.layer.budget);
  chainRows(report).forEach((row, k) => {
    const budget = budgets[k] ?? null;
    lines.push(
      `| ${[
        row.layer,
        cell(row.policy),
        row.tries === null ? "" : groupDigits(row.tries),
        row.retries === null ? "" : groupDigits(row.retries),
        callsText(row.worstCaseCalls),
        callsText(row.expectedCalls),
        ...(anyBudget ? [budget === null ? "" : cell(budgetCell(budget)), row.limitedCalls === null ? "?" : callsText(row.limitedCalls)] : []),
        spanRange(row.giveUp),
      ].join(" | ")} |`,
    );
  });
  return `${lines.join("\n")}\n\n${chainSummaryLines(report)
    .map((line) => `${line}  `)
    .join("\n")
    .trimEnd()}\n`;
}

/** The chain as a GitHub table (a row per layer, then `total`) with the summary under it. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [chainMarkdown(report)] }),
};
