import { compareLongRows } from "../../../core/compare.js";
import { renderCompareJson } from "../../compare.js";
import type { CompareRenderer } from "../../renderer.js";

/** The policies as given, their rows in long form, and the summary, as one JSON document. */
export const renderer: CompareRenderer = {
  readsLastRow: true,
  render: ({ policies, described, summary }) => ({
    pieces: renderCompareJson(described, compareLongRows(policies), policies.some((policy) => policy.model.jittered), summary, policies),
  }),
};
