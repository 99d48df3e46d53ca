import { renderChainJson } from "../../chain.js";
import type { Renderers } from "../../renderer.js";

/** The chain as one JSON document: the inputs, every layer, the total, the budgets' state and the verdicts. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [renderChainJson(report)] }),
};
