import { retryOnData, retryOnText } from "../core/conditions/condition.js";
import type { OverrideName, PresetDescription, PresetVersion } from "../core/preset.js";
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
    versions: versionRows(preset).map(({ name, version }) => ({ name, releases: version.releases, changed: version.changed, sources: version.sources })),
    ...(preset.conditions === undefined ? {} : { retry_on: retryOnData(preset.conditions) }),
  };
}

/** The older releases a preset names as variants (`grpc-retry@1.68`), each with its name; none for most. */
export function versionRows(preset: PresetDescription): { readonly name: string; readonly version: PresetVersion }[] {
  return (preset.versions ?? []).map((version) => ({ name: `${preset.name}@${version.version}`, version }));
}

function retriesText(preset: PresetDescription): string {
  if (preset.defaultRetries !== null) return String(preset.defaultRetries);
  if (preset.retriesNote !== undefined) return preset.retriesNote;
  return `unlimited (the schedule shows ${preset.defaultAttempts})`;
}

/** One preset as the list shows it: its label (the version reproduced) and one phrase on its default schedule. */
export interface PresetListed {
  readonly preset: PresetDescription;
  readonly label: string;
  readonly phrase: string;
}

/** A titled group of the list. */
export interface PresetListGroup {
  readonly title: string;
  readonly entries: readonly PresetListed[];
}

/** The least width a wrapped phrase keeps beside the name and label; below it they go on a line of their own. */
const LEAST_PHRASE_WIDTH = 24;

/**
 * `backoff presets`: one line per preset (name, version, the default schedule in a phrase), under
 * its group's title; `backoff presets NAME` has the rest. Fitted to `width`: the phrase wraps
 * under itself, and where too little room is left beside the name and label, the label and
 * phrase go on the next line.
 */
export function presetListText(groups: readonly PresetListGroup[], width: number | null = null): string {
  const entries = groups.flatMap((group) => group.entries);
  const nameWidth = Math.max(...entries.map((entry) => entry.preset.name.length)) + 2;
  const labelWidth = Math.max(...entries.map((entry) => entry.label.length)) + 2;
  const hang = 2 + nameWidth + labelWidth;
  const beside = width === null || width - hang >= LEAST_PHRASE_WIDTH;
  const line = (entry: PresetListed): string[] =>
    beside
      ? wrapLine(`  ${entry.preset.name.padEnd(nameWidth)}${entry.label.padEnd(labelWidth)}${entry.phrase}`, width, hang)
      : [`  ${entry.preset.name}`, ...wrapLine(`    ${entry.label}  ${entry.phrase}`, width, 2)];
  const blocks = groups.map((group) => [group.title, ...group.entries.flatMap(line)].join("\n"));
  const footer = wrapLine(`${entries.length} presets. backoff presets <name> prints one in full (formula, defaults, jitter, source); backoff --preset <name> shows its schedule.`, width).join("\n");
  return `${blocks.join("\n\n")}\n\n${footer}\n`;
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
    ...(preset.conditions === undefined ? [] : wrapLine(retryOnText(preset.conditions), width, 2)),
    ...wrapLine(`Retry-After: ${preset.retryAfter}`, width, 2),
    "overrides:",
    ...(Object.keys(preset.parameters) as OverrideName[]).flatMap((name) =>
      wrapLine(`  ${names[name].padEnd(13)} ${preset.parameters[name]}`, width, width === null || width >= 50 ? 14 : 2),
    ),
    "quirks:",
    ...preset.quirks.flatMap((quirk) => wrapLine(`  - ${quirk}`, width, 2)),
    // The older releases, each a variant by name@version (issue 39, item 4).
    ...(versionRows(preset).length === 0 ? [] : [`versions: ${preset.name} models the newest; older releases where what backoff computes differs:`]),
    ...versionRows(preset).flatMap(({ name, version }) => [
      ...wrapLine(`  ${name}: ${version.releases}: ${version.changed}.`, width, 4),
      ...version.sources.flatMap((source) => wrapLine(`    source: ${source}`, width, 6)),
    ]),
  ];
  return `${lines.join("\n")}\n`;
}
