import { CHAIN_FIELDS, chainFields, chainRows } from "../../chain.js";
import { csvField } from "../../compare.js";
import type { Renderers } from "../../renderer.js";

/** The chain as CSV: a header, one row per layer, then the row `total` with the whole chain's figures. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [`${[CHAIN_FIELDS.join(","), ...chainRows(report).map((row) => chainFields(row).map(csvField).join(","))].join("\n")}\n`] }),
};
