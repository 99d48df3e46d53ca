import { CHAIN_FIELDS, chainFields, chainRows } from "../../chain.js";
import { tsvField } from "../../compare.js";
import type { Renderers } from "../../renderer.js";

/** The chain as TSV: a header, one row per layer, then the row `total` with the whole chain's figures. */
export const renderer: Renderers["chain"] = {
  render: ({ report }) => ({ pieces: [`${[CHAIN_FIELDS.join("\t"), ...chainRows(report).map((row) => chainFields(row).map(tsvField).join("\t"))].join("\n")}\n`] }),
};
