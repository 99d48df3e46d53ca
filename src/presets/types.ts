import type { PresetDescription, PresetModel, PresetOverrides, PresetVersion } from "../core/preset.js";

export type { OverrideName, PresetDescription, PresetModel, PresetOverrides, PresetStop, PresetTimed, PresetVersion } from "../core/preset.js";

/**
 * A library preset: a declarative description (what `backoff presets` prints, defined in
 * core so that format can print it) and a builder from the user's overrides to a schedule model.
 */
export interface Preset extends PresetDescription {
  /** Builds the model; throws PresetError (errors.ts) for a value the library rejects or does not have. */
  build(overrides: PresetOverrides): PresetModel;
  /** The older releases, each a variant `NAME@VERSION` (registry.ts versionVariant), with its own model where it computed otherwise. */
  readonly versions?: readonly PresetRelease[];
}

/**
 * An older release of a preset's library: what `backoff presets NAME` lists of it (core's
 * PresetVersion) and, where it computed otherwise than the newest (not only other defaults),
 * its own description and model (issue 39, item 4). The preset's file holds both, so one
 * library's releases stay beside each other and the registry lists each preset once.
 */
export interface PresetRelease extends PresetVersion {
  /** What this release's description says otherwise than the newest's (formula, jitter, Retry-After, conditions, …). */
  readonly described?: Partial<Omit<PresetDescription, "name" | "aliases" | "versions" | "library">>;
  /**
   * The release's own model, given the user's overrides over `defaults`; absent: the preset's
   * build (the release differs only in its defaults).
   */
  build?(overrides: PresetOverrides): PresetModel;
}
