import type { OverrideName, Preset } from "../presets/types.js";

/** How the caller spells each override (the CLI: its flags, --base, --cap, …). */
export type OverrideNames = Readonly<Record<OverrideName, string>>;

/** "--base (backoff.delay), --jitter (…)": what a preset lets the user set. */
export function offeredText(preset: Preset, names: OverrideNames): string {
  const offered = (Object.keys(preset.parameters) as OverrideName[]).map((name) => `${names[name]} (${preset.parameters[name]})`);
  return offered.length === 0 ? "no overrides" : offered.join(", ");
}

/** The version a preset reproduces, read from its library line ("bullmq 6.7.0" → "6.7.0", "sidekiq 8.x" → "8.x"); null when it names none. */
export function presetVersion(preset: Preset): string | null {
  return /\b\d+\.(?:\d+|x)(?:\.\d+)?x?\b/.exec(preset.library)?.[0] ?? null;
}

/** A preset's stopping rule for JSON: what kind, and its figures. */
export interface StoppingJson {
  readonly kind: "count" | "elapsed" | "forever";
  readonly retries: number | null;
  readonly max_elapsed_ms: number | null;
  /** The fewest and most retries when the library stops by elapsed time (else null). */
  readonly fewest: number | null;
  readonly most: number | null;
  /** The rule in the library's words. */
  readonly text: string;
  /** One sentence for people. */
  readonly description: string;
}

/** `backoff presets --format json`: one preset as data, its overrides spelled by `names`. */
export function presetJson(preset: Preset, stopping: StoppingJson, names: OverrideNames): Record<string, unknown> {
  return {
    name: preset.name,
    library: preset.library,
    version: presetVersion(preset),
    repository: preset.repository,
    source: preset.source,
    formula: preset.formula,
    defaults: preset.defaults,
    default_retries: preset.defaultRetries,
    stopping,
    default_attempts_shown: preset.defaultAttempts,
    jitter: preset.jitter,
    parameters: Object.fromEntries((Object.keys(preset.parameters) as OverrideName[]).map((name) => [names[name], preset.parameters[name]])),
    quirks: preset.quirks,
  };
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
    ...(preset.stopping === undefined ? [] : [`stopping: ${preset.stopping}`]),
    "overrides:",
    ...(Object.keys(preset.parameters) as OverrideName[]).map((name) => `  ${names[name].padEnd(14)}${preset.parameters[name]}`),
    "quirks:",
    ...preset.quirks.map((quirk) => `  - ${quirk}`),
  ];
  return `${lines.join("\n")}\n`;
}
