import { presetJson } from "../../preset-text.js";
import type { Renderers } from "../../renderer.js";

/** The presets as data, for tools and the docs: the list, or one preset. */
export const renderer: Renderers["presets"] = {
  render({ presets, groups, chosen, stopping, flags }) {
    const groupOf = (preset: (typeof presets)[number]) => groups.find((group) => group.entries.some((entry) => entry.preset === preset))?.title ?? null;
    const described = (preset: (typeof presets)[number]) => ({ ...presetJson(preset, stopping(preset), flags), group: groupOf(preset) });
    const doc = chosen === null ? { presets: presets.map(described) } : described(chosen);
    return { pieces: [`${JSON.stringify(doc, null, 2)}\n`] };
  },
};
