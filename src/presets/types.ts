import type { PresetDescription, PresetModel, PresetOverrides } from "../core/preset.js";

export type { OverrideName, PresetDescription, PresetModel, PresetOverrides, PresetStop, PresetTimed, PresetVersion } from "../core/preset.js";

/**
 * A library preset: a declarative description (what `backoff presets` prints, defined in
 * core so that format can print it) and a builder from the user's overrides to a schedule model.
 */
export interface Preset extends PresetDescription {
  /** Builds the model; throws PresetError (errors.ts) for a value the library rejects or does not have. */
  build(overrides: PresetOverrides): PresetModel;
}
