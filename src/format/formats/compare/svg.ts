import { comparedRows } from "../../../core/compare.js";
import { MAX_PICTURE_ATTEMPTS, type CompareRenderer } from "../../renderer.js";

/** The policies' delays in one SVG picture, drawn from all their rows at once. */
export const renderer: CompareRenderer = {
  maxAttempts: MAX_PICTURE_ATTEMPTS,
  readsLastRow: true,
  takes: { scale: true },
  async render({ policies, title }, context) {
    // Loaded when drawn, like every picture (its axes come from dist/pictures.cjs).
    const { renderCompareSvg } = await import("../../compare-svg.js");
    const charted = policies.map((policy) => ({ name: policy.name, rows: Array.from(comparedRows(policy)), capMs: policy.model.capMs }));
    return { pieces: [renderCompareSvg(charted, { title, scale: context.options.scale ?? null })] };
  },
};
