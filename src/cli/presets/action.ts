import type { StoppingJson } from "../../format/preset-text.js";
import { wrapLine } from "../../format/wrap.js";
import { PRESETS, PRESET_GROUPS, presetNames } from "../../presets/registry.js";
import { stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import type { Preset } from "../../presets/types.js";
import type { Io } from "../shared/io.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { OVERRIDE_FLAGS } from "../shared/preset-flags.js";
import { presetNamed } from "../shared/preset-options.js";
import { outputWidth } from "../shared/width.js";
import type { FormatName } from "../../format/registry.js";

/** The library's default stopping rule, read from its default model (the one every command uses). */
function stoppingJson(preset: Preset): StoppingJson {
  const rule = stopRuleOf(preset, preset.build({}));
  const description = stopRuleText(preset, rule);
  switch (rule.kind) {
    case "count":
      return { kind: "count", retries: rule.retries, max_elapsed_ms: null, fewest: null, most: null, text: rule.text, description };
    case "elapsed":
      return { kind: "elapsed", retries: rule.retries, max_elapsed_ms: rule.stop.limitMs, fewest: rule.stop.fewest, most: rule.stop.most, text: rule.text, description };
    case "forever":
      return { kind: "forever", retries: null, max_elapsed_ms: null, fewest: null, most: null, text: rule.text, description };
  }
}

/** `backoff presets [name]`: the list, or one preset in full; as text or JSON (for tools and docs). */
export async function runPresets(name: string | undefined, format: FormatName, io: Io): Promise<number> {
  const chosen = name === undefined ? null : presetNamed(name, "presets");
  const renderer = await outputRenderer("presets", { format });
  // The presets' texts take no colour (the command has no --no-color).
  await writeRendered(await renderer.render({ presets: PRESETS, groups: PRESET_GROUPS, chosen, stopping: stoppingJson, flags: OVERRIDE_FLAGS }, renderContext(io, { color: false })), io);
  return 0;
}

/** The names for `backoff presets --help`, after its examples. */
export function presetNamesHelp(io: Io): string {
  const names = wrapLine(`  ${presetNames().join(", ")}`, outputWidth(io) ?? 80);
  return `Presets (${PRESETS.length}):\n${names.join("\n")}\n\n`;
}
