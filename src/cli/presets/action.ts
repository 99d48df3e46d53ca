import { presetDetailText, presetListText } from "../../format/preset-text.js";
import { wrapLine } from "../../format/wrap.js";
import { PRESETS } from "../../presets/registry.js";
import { type Io, writeChunks } from "../shared/io.js";
import { presetNamed } from "../shared/preset-options.js";
import { outputWidth } from "../shared/width.js";

/** `backoff presets [name]`: the list, or one preset in full. */
export async function runPresets(name: string | undefined, io: Io): Promise<number> {
  const width = outputWidth(io);
  const text = name === undefined ? presetListText(PRESETS, width) : presetDetailText(presetNamed(name, "presets"), width);
  await writeChunks(io.stdout, [text]);
  return 0;
}

/** The names for `backoff presets --help`, after its examples. */
export function presetNamesHelp(io: Io): string {
  const names = wrapLine(`  ${PRESETS.map((preset) => preset.name).join(", ")}`, outputWidth(io) ?? 80);
  return `Presets (${PRESETS.length}):\n${names.join("\n")}\n\n`;
}
