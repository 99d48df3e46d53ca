import { renderChainDelimited } from "../../chain.js";
import type { Renderers } from "../../renderer.js";

/** The chain as TSV: a header, one row per layer, then the row `total` with the whole chain's figures. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [renderChainDelimited(report, "\t")] }),
};
