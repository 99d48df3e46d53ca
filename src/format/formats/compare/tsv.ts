import { compareLongRows } from "../../../core/compare.js";
import { renderCompareDelimited } from "../../compare.js";
import type { CompareRenderer } from "../../renderer.js";

/** The policies in long form (one row per policy and attempt), as TSV for pivot tables. */
export const renderer: CompareRenderer = {
  render: ({ policies }) => ({ pieces: renderCompareDelimited(policies, compareLongRows(policies), policies.some((policy) => policy.model.jittered), "\t") }),
};
