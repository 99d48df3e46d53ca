import type { AttemptRange } from "../../core/schedule.js";
import { offeredText } from "../../format/preset-text.js";
import { PresetError } from "../../presets/errors.js";
import { isJitterOff } from "../../presets/kit/jitter-setting.js";
import { PRESETS, closestPreset, findPreset, presetNames, unknownVersionText } from "../../presets/registry.js";
import { stopRuleOf } from "../../presets/stop-rule.js";
import type { OverrideName, Preset, PresetModel, PresetOverrides } from "../../presets/types.js";
import { UsageError, shown } from "./errors.js";
import { OVERRIDE_FLAGS, presetErrorText } from "./preset-flags.js";
import { exactDecimalNumber, inputText, parseAttempts, parseBase, parseCap, parseDuration, parseFactor, parseRetryAfter, parseTimeout } from "../../config/values.js";
import { parsePlainDecimal } from "../../core/decimal.js";
import type { OptionValues } from "../../config/option-values.js";
import { strategyOf } from "../../config/policy-values.js";

// Reading --preset and its overrides into a model: shared by the schedule and `check`,
// and free of anything that draws (see src/cli/schedule/preset-schedule.ts for the output).

/** After "no preset X": the preset meant when one is near, else the list of them. */
export function nearPresetText(name: string): string {
  const near = closestPreset(name);
  return near === null ? `; the presets are ${presetNames().join(", ")}` : `; did you mean "${near}"? (backoff presets lists all ${PRESETS.length})`;
}

/** The preset by name, or a UsageError suggesting the closest. */
export function presetNamed(name: string, option: string): Preset {
  const preset = findPreset(inputText(option, name));
  if (preset) return preset;
  const version = unknownVersionText(name);
  if (version !== null) throw new UsageError(`${option}: ${version}`);
  throw new UsageError(`${option} has no preset ${shown(name)}${nearPresetText(name)}`);
}

/**
 * Whether the library has a counterpart of this override (presetOffers(preset, "capMs"): does
 * the preset offer --cap). The one place it is asked: presetOverrides below, the schedule's and
 * simulate's cap advice, and solve's levers all read it.
 */
export function presetOffers(preset: Preset, name: OverrideName): boolean {
  return name in preset.parameters;
}

/** The values given (on the command line or in a config file, never defaults), read as the library's own parameters. */
export function presetOverrides(preset: Preset, values: OptionValues): { overrides: PresetOverrides; range: AttemptRange | null } {
  const offered = (name: OverrideName) => {
    if (!presetOffers(preset, name)) {
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
    overrides.baseMs = parseBase("--base", values.base);
  }
  if (values.cap !== undefined) {
    offered("capMs");
    overrides.capMs = parseCap("--cap", values.cap);
  }
  if (values.factor !== undefined) {
    offered("factor");
    overrides.factor = inPresetTerms(preset, "factor", () => parseFactor("--factor", values.factor!));
  }
  if (values.jitter !== undefined) {
    if (!presetOffers(preset, "jitter") && isJitterOff(values.jitter)) {
      // Nothing to turn off in a library without jitter; one that always jitters cannot be asked to stop.
      if (buildPreset(preset, {}).jittered) {
        throw new UsageError(`--jitter ${values.jitter.trim()}: ${preset.name} always jitters and has no setting to turn it off; it offers ${offeredText(preset, OVERRIDE_FLAGS)}`);
      }
    } else {
      offered("jitter");
      overrides.jitter = inputText("--jitter", values.jitter);
      // A fraction is handed to the library as a double: refused when the double is not the decimal written.
      const fraction = parsePlainDecimal(overrides.jitter);
      if (fraction !== null) exactDecimalNumber("--jitter", values.jitter, fraction);
    }
  }
  if (values.maxElapsed !== undefined) {
    offered("maxElapsedMs");
    overrides.maxElapsedMs = parseDuration("--max-elapsed", values.maxElapsed);
  }
  if (values.retryAfter !== undefined) overrides.retryAfter = parseRetryAfter("--retry-after", values.retryAfter);
  if (values.maxRetryAfter !== undefined) {
    offered("maxRetryAfterMs");
    overrides.maxRetryAfterMs = parseTimeout("--max-retry-after", values.maxRetryAfter, true);
  }
  let range: AttemptRange | null = null;
  if (values.attempts !== undefined) {
    range = parseAttempts("--attempts", values.attempts);
    if (!/range only/.test(preset.parameters.retries ?? "")) overrides.retries = range.last;
  }
  return { overrides, range };
}

/** A calculator-wide rule broken under a preset, said with the library's own parameter. */
function inPresetTerms<T>(preset: Preset, name: OverrideName, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const flag = OVERRIDE_FLAGS[name];
    const rest = error.message.startsWith(`${flag} `) ? error.message.slice(flag.length + 1) : error.message;
    throw new UsageError(`--preset ${preset.name}: ${flag} is ${preset.name}'s ${preset.parameters[name]}; it ${rest}`);
  }
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

/**
 * The attempts shown: the user's range, else the library's own count (its retry count,
 * or where it stops by elapsed time without jitter); a library that retries forever
 * shows its default range. A range past an elapsed-time stop ends at the stop.
 */
export function presetRange(preset: Preset, model: PresetModel, range: AttemptRange | null): { range: AttemptRange; cut: boolean } {
  const rule = stopRuleOf(preset, model);
  if (rule.kind === "elapsed" && rule.stop.most === 0) {
    throw new UsageError(`--preset ${preset.name} makes no retry: ${rule.stop.reason}`);
  }
  // Where no retry is made without jitter but some runs retry with it, the rows are those retries.
  const elapsedLast = rule.kind === "elapsed" ? rule.stop.lastAttempt || rule.stop.most : 0;
  if (range === null) {
    const last = rule.kind === "elapsed" ? elapsedLast : rule.kind === "count" && rule.retries > 0 ? rule.retries : preset.defaultAttempts;
    return { range: { first: 1, last }, cut: rule.kind === "elapsed" };
  }
  if (rule.kind !== "elapsed") return { range, cut: false };
  if (range.first > elapsedLast) {
    throw new UsageError(`--attempts ${range.first}..${range.last} starts after the last retry of ${preset.name}: ${rule.stop.reason}`);
  }
  const last = Math.min(range.last, elapsedLast);
  return { range: { first: range.first, last }, cut: last < range.last };
}

/** --seed draws a sample of the jitter: refused, in the preset's terms, when there is none. */
export function checkSeedHasJitter(preset: Preset, model: PresetModel, seed: string | undefined): void {
  if (seed === undefined || model.jittered) return;
  const lever = preset.parameters.jitter === undefined ? `${preset.name} has no jitter` : `give --jitter (${preset.parameters.jitter})`;
  throw new UsageError(`--seed draws a sample of the jitter, but ${preset.name} has none with these parameters; ${lever}`);
}
