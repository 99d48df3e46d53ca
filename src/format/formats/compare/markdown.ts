import { compareByAttempt } from "../../../core/compare.js";
import { compareSummaryLines, renderCompareMarkdown } from "../../compare.js";
import type { CompareRenderer } from "../../renderer.js";

/** One Markdown row per attempt, every policy's delay and total side by side, the summary under it. */
export const renderer: CompareRenderer = {
  readsLastRow: true,
  render: ({ policies, summary }) => ({
    pieces: renderCompareMarkdown(
      policies.map((policy) => policy.name),
      compareByAttempt(policies),
      () => compareSummaryLines(policies, summary()),
      policies.some((policy) => (policy.deadline ?? null) !== null),
    ),
  }),
};
