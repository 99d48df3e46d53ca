import type { AttemptRange } from "../../core/schedule.js";
import { offeredText } from "../../format/preset-text.js";
import { PresetError } from "../../presets/errors.js";
import { isJitterOff } from "../../presets/kit/jitter-setting.js";
import { PRESETS, closestPreset, findPreset } from "../../presets/registry.js";
import type { OverrideName, Preset, PresetModel, PresetOverrides } from "../../presets/types.js";
import { UsageError, shown } from "./errors.js";
import { OVERRIDE_FLAGS, presetErrorText } from "./preset-flags.js";
import { parseAttempts, parseDuration, parseFactor } from "./parse.js";
import type { OptionValues } from "./option-values.js";
import { strategyOf } from "./options.js";

// Reading --preset and its overrides into a model: shared by the schedule and `check`,
// and free of anything that draws (see src/cli/schedule/preset-schedule.ts for the output).

/** The preset by name, or a UsageError suggesting the closest. */
export function presetNamed(name: string, option: string): Preset {
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`${option} has no preset ${shown(name)}; did you mean "${closestPreset(name)}"? (backoff presets lists all ${PRESETS.length})`);
  return preset;
}

/** The values given (on the command line or in a config file, never defaults), read as the library's own parameters. */
export function presetOverrides(preset: Preset, values: OptionValues): { overrides: PresetOverrides; range: AttemptRange | null } {
  const offered = (name: OverrideName) => {
    if (!(name in preset.parameters)) {
      throw new UsageError(`${OVERRIDE_FLAGS[name]} has no counterpart in ${preset.name}; it offers ${offeredText(preset, OVERRIDE_FLAGS)}`);
    }
  };
  if (values.step !== undefined) throw new UsageError(`--step has no counterpart in ${preset.name}; it offers ${offeredText(preset, OVERRIDE_FLAGS)}`);
  const overrides: { -readonly [K in keyof PresetOverrides]: PresetOverrides[K] } = {};
  if (values.strategy !== undefined) {
    offered("strategy");
    overrides.strategy = strategyOf(values);
  }
  if (values.base !== undefined) {
    offered("baseMs");
    overrides.baseMs = parseDuration("--base", values.base);
  }
  if (values.cap !== undefined) {
    offered("capMs");
    overrides.capMs = parseDuration("--cap", values.cap);
  }
  if (values.factor !== undefined) {
    offered("factor");
    overrides.factor = parseFactor("--factor", values.factor);
  }
  if (values.jitter !== undefined) {
    if (!("jitter" in preset.parameters) && isJitterOff(values.jitter)) {
      // Nothing to turn off in a library without jitter; one that always jitters cannot be asked to stop.
      if (buildPreset(preset, {}).jittered) {
        throw new UsageError(`--jitter ${values.jitter.trim()}: ${preset.name} always jitters and has no setting to turn it off; it offers ${offeredText(preset, OVERRIDE_FLAGS)}`);
      }
    } else {
      offered("jitter");
      overrides.jitter = values.jitter;
    }
  }
  if (values.maxElapsed !== undefined) {
    offered("maxElapsedMs");
    overrides.maxElapsedMs = parseDuration("--max-elapsed", values.maxElapsed);
  }
  let range: AttemptRange | null = null;
  if (values.attempts !== undefined) {
    range = parseAttempts("--attempts", values.attempts);
    if (!/range only/.test(preset.parameters.retries ?? "")) overrides.retries = range.last;
  }
  return { overrides, range };
}

/** Builds the model, turning a value the library rejects into a UsageError. */
export function buildPreset(preset: Preset, overrides: PresetOverrides): PresetModel {
  try {
    return preset.build(overrides);
  } catch (error) {
    if (error instanceof PresetError) throw new UsageError(`--preset ${preset.name}: ${presetErrorText(error)}`);
    if (error instanceof RangeError) throw new UsageError(`--preset ${preset.name}: ${error.message}`);
    throw error;
  }
}

/** The attempts shown: the user's range, else the library's retry count, ending where the library stops. */
export function presetRange(preset: Preset, model: PresetModel, range: AttemptRange | null): { range: AttemptRange; cut: boolean } {
  const wanted = range ?? { first: 1, last: model.retries === null || model.retries === 0 ? preset.defaultAttempts : model.retries };
  if (model.stop === null) return { range: wanted, cut: false };
  if (wanted.first > model.stop.lastAttempt) {
    throw new UsageError(`--attempts ${wanted.first}..${wanted.last} starts after the last retry of ${preset.name}: ${model.stop.reason}`);
  }
  const last = range === null ? model.stop.lastAttempt : Math.min(wanted.last, model.stop.lastAttempt);
  return { range: { first: wanted.first, last }, cut: last < wanted.last || range === null };
}

