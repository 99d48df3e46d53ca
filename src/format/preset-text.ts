import { retryOnData } from "../core/conditions/condition.js";
import type { OverrideName, PresetDescription, PresetVersion } from "../core/preset.js";

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
