import { presetDetailText, presetListText } from "../../preset-text.js";
import type { Renderers } from "../../renderer.js";

/** The presets for people: the list (formula, defaults, source), or one preset in full. */
export const renderer: Renderers["presets"] = {
  render: ({ groups, chosen, flags }, context) => ({ pieces: [chosen === null ? presetListText(groups, context.width) : presetDetailText(chosen, flags, context.width)] }),
};
