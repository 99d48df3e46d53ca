import { presetDetailText, presetListText } from "../../format/preset-text.js";
import { PRESETS } from "../../presets/registry.js";
import { type Io, writeChunks } from "../shared/io.js";
import { OVERRIDE_FLAGS } from "../shared/preset-flags.js";
import { presetNamed } from "../shared/preset-options.js";

/** `backoff presets [name]`: the list, or one preset in full. */
export async function runPresets(name: string | undefined, io: Io): Promise<number> {
  const text = name === undefined ? presetListText(PRESETS) : presetDetailText(presetNamed(name, "presets"), OVERRIDE_FLAGS);
  await writeChunks(io.stdout, [text]);
  return 0;
}
