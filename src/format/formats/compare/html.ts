import { comparedRows, givesUpAt } from "../../../core/compare.js";
import { compareSummaryLines } from "../../compare.js";
import { MAX_PAGE_ATTEMPTS, type CompareRenderer } from "../../renderer.js";

/** The policies on a page of their own: their rows as data, drawn side by side in the browser. */
export const renderer: CompareRenderer = {
  maxAttempts: MAX_PAGE_ATTEMPTS,
  readsLastRow: true,
  async render({ policies, title, summary, commandLine }, context) {
    const command = await commandLine();
    const series = policies.map((policy) => ({
      name: policy.name,
      rows: Array.from(comparedRows(policy)),
      capMs: policy.model.capMs,
      jittered: policy.model.jittered,
      sampled: false,
      givesUpAt: givesUpAt(policy),
    }));
    return { pieces: [await context.htmlPage({ kind: "compare", title, command, summaryLines: compareSummaryLines(policies, summary()), scale: null, series })] };
  },
};
