import { renderChainTable } from "../../chain-table.js";
import type { Renderers } from "../../renderer.js";

/** The chain for people: a box table with one row per layer, outermost first, and the summary under it. */
export const renderer: Renderers["chain"] = {
  async render({ report }, context) {
    const paint = await context.paint();
    return { pieces: renderChainTable(report, paint, context.width) };
  },
};
