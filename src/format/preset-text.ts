import type { OverrideName, PresetDescription } from "../core/preset.js";
import { wrapLine } from "./wrap.js";

/** How the caller spells each override (the CLI: its flags, --base, --cap, …). */
export type OverrideNames = Readonly<Record<OverrideName, string>>;

/** "--base (backoff.delay), --jitter (…)": what a preset lets the user set. */
export function offeredText(preset: PresetDescription, names: OverrideNames): string {
  const offered = (Object.keys(preset.parameters) as OverrideName[]).map((name) => `${names[name]} (${preset.parameters[name]})`);
  return offered.length === 0 ? "no overrides" : offered.join(", ");
}

/** The version a preset reproduces, read from its library line ("bullmq 6.7.0" → "6.7.0", "sidekiq 8.x" → "8.x"); null when it names none. */
export function presetVersion(preset: PresetDescription): string | null {
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
export function presetJson(preset: PresetDescription, stopping: StoppingJson, names: OverrideNames): Record<string, unknown> {
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
    retry_after: preset.retryAfter,
  };
}

function retriesText(preset: PresetDescription): string {
  if (preset.defaultRetries !== null) return String(preset.defaultRetries);
  if (preset.retriesNote !== undefined) return preset.retriesNote;
  return `unlimited (the schedule shows ${preset.defaultAttempts})`;
}

/**
 * `backoff presets`: one block per preset (formula, defaults, source), the name in a
 * column beside it; fitted to `width`, lines wrap under their own text, and when the
 * name column would leave too little room the name goes on a line of its own.
 */
export function presetListText(presets: readonly PresetDescription[], width: number | null = null): string {
  const nameWidth = Math.max(...presets.map((preset) => preset.name.length)) + 2;
  const beside = width === null || width - nameWidth >= 40;
  const pad = " ".repeat(beside ? nameWidth : 2);
  const blocks = presets.map((preset) => {
    const lines = beside
      ? wrapLine(`${preset.name.padEnd(nameWidth)}${preset.formula}`, width, nameWidth)
      : [preset.name, ...wrapLine(`${pad}${preset.formula}`, width, 2)];
    lines.push(...wrapLine(`${pad}defaults: ${preset.defaults}`, width, 2), ...wrapLine(`${pad}source: ${preset.repository} ${preset.source}`, width, 2));
    return lines.join("\n");
  });
  const footer = wrapLine("backoff presets <name> prints one in full; backoff --preset <name> shows its schedule.", width).join("\n");
  return `${blocks.join("\n")}\n\n${footer}\n`;
}

/** `backoff presets <name>`: everything about one preset, quirks included, its overrides spelled by `names`; fitted to `width` as the list is. */
export function presetDetailText(preset: PresetDescription, names: OverrideNames, width: number | null = null): string {
  // Continuations go under the value column ("formula:  ") while it leaves room, else two spaces in.
  const valueHang = width === null || width >= 50 ? 10 : 2;
  const lines = [
    ...wrapLine(`${preset.name}: ${preset.library}`, width, 2),
    ...wrapLine(`source:   ${preset.repository} ${preset.source}`, width, valueHang),
    ...wrapLine(`formula:  ${preset.formula}   (a = the attempt that has just failed, from 1)`, width, valueHang),
    ...wrapLine(`defaults: ${preset.defaults}`, width, valueHang),
    ...wrapLine(`jitter:   ${preset.jitter}`, width, valueHang),
    ...wrapLine(`retries by default: ${retriesText(preset)}`, width, 2),
    ...(preset.stopping === undefined ? [] : wrapLine(`stopping: ${preset.stopping}`, width, valueHang)),
    ...wrapLine(`Retry-After: ${preset.retryAfter}`, width, 2),
    "overrides:",
    ...(Object.keys(preset.parameters) as OverrideName[]).flatMap((name) =>
      wrapLine(`  ${names[name].padEnd(14)}${preset.parameters[name]}`, width, width === null || width >= 50 ? 14 : 2),
    ),
    "quirks:",
    ...preset.quirks.flatMap((quirk) => wrapLine(`  - ${quirk}`, width, 2)),
  ];
  return `${lines.join("\n")}\n`;
}
