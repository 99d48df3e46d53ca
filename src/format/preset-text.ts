import type { OverrideName, Preset } from "../presets/types.js";

/** How the caller spells each override (the CLI: its flags, --base, --cap, …). */
export type OverrideNames = Readonly<Record<OverrideName, string>>;

/** "--base (backoff.delay), --jitter (…)": what a preset lets the user set. */
export function offeredText(preset: Preset, names: OverrideNames): string {
  const offered = (Object.keys(preset.parameters) as OverrideName[]).map((name) => `${names[name]} (${preset.parameters[name]})`);
  return offered.length === 0 ? "no overrides" : offered.join(", ");
}

function retriesText(preset: Preset): string {
  if (preset.defaultRetries !== null) return String(preset.defaultRetries);
  if (preset.retriesNote !== undefined) return preset.retriesNote;
  return `unlimited (the schedule shows ${preset.defaultAttempts})`;
}

/** `backoff presets`: one block per preset (formula, defaults, source). */
export function presetListText(presets: readonly Preset[]): string {
  const width = Math.max(...presets.map((preset) => preset.name.length)) + 2;
  const pad = " ".repeat(width);
  const blocks = presets.map(
    (preset) =>
      `${preset.name.padEnd(width)}${preset.formula}\n` +
      `${pad}defaults: ${preset.defaults}\n` +
      `${pad}source: ${preset.repository} ${preset.source}`,
  );
  return `${blocks.join("\n")}\n\nbackoff presets <name> prints one in full; backoff --preset <name> shows its schedule.\n`;
}

/** `backoff presets <name>`: everything about one preset, quirks included, its overrides spelled by `names`. */
export function presetDetailText(preset: Preset, names: OverrideNames): string {
  const lines = [
    `${preset.name}: ${preset.library}`,
    `source:   ${preset.repository} ${preset.source}`,
    `formula:  ${preset.formula}   (a = the attempt that has just failed, from 1)`,
    `defaults: ${preset.defaults}`,
    `jitter:   ${preset.jitter}`,
    `retries by default: ${retriesText(preset)}`,
    "overrides:",
    ...(Object.keys(preset.parameters) as OverrideName[]).map((name) => `  ${names[name].padEnd(14)}${preset.parameters[name]}`),
    "quirks:",
    ...preset.quirks.map((quirk) => `  - ${quirk}`),
  ];
  return `${lines.join("\n")}\n`;
}
