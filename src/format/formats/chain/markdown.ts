import { renderChainMarkdown } from "../../chain-markdown.js";
import type { Renderers } from "../../renderer.js";

/** The chain as a GitHub table (a row per layer, then `total`) with the summary under it. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [renderChainMarkdown(report)] }),
};
