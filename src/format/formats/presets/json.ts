import { presetJson } from "../../preset-text.js";
import type { Renderers } from "../../renderer.js";

/** The presets as data, for tools and the docs: the list, or one preset. */
export const renderer: Renderers["presets"] = {
  render({ presets, chosen, stopping, flags }) {
    const described = (preset: (typeof presets)[number]) => presetJson(preset, stopping(preset), flags);
    const doc = chosen === null ? { presets: presets.map(described) } : described(chosen);
    return { pieces: [`${JSON.stringify(doc, null, 2)}\n`] };
  },
};
