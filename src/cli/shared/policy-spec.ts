import { jitterName, jitteredPolicyModel } from "../../core/jitter/index.js";
import type { ScheduleModel } from "../../core/model.js";
import type { AttemptRange } from "../../core/schedule.js";
import { policyJson } from "../../format/policy-json.js";
import { PRESETS, PRESET_ALIASES, findPreset } from "../../presets/registry.js";
import { type StopRule, stopRuleOf } from "../../presets/stop-rule.js";
import type { ComparedStop } from "../../core/compare.js";
import type { OptionValues } from "../../config/option-values.js";
import { type SpecHeads, readSpec, specErrorOf } from "../../config/policy-spec.js";
import { UsageError, shown } from "./errors.js";
import { buildPreset, nearPresetText, presetOverrides, presetRange } from "./preset-options.js";
import { jitterFromValues, policyFromValues, rangeFromValues } from "../../config/policy-values.js";

// A SPEC (config/policy-spec.ts reads its text) or a config file's policy built into what
// `compare` and `chain` work from: a preset's model, or the calculator's own policy with its
// jitter. Each value goes through the option's own parser (config/values.ts,
// preset-options.ts), so a bad one reads as it would as a flag.

/** A policy ready to compare, with what the JSON output says about it. */
export interface BuiltPolicy {
  readonly name: string;
  readonly model: ScheduleModel;
  readonly range: AttemptRange;
  readonly description: Record<string, unknown>;
  /** How it stops: the library's stopping rule (stop-rule.ts), or the calculator's own policy's count (range.last). */
  readonly stop: ComparedStop;
  /** Whether the attempts were given (--attempts, a SPEC's or the file's attempts) rather than the library's default range. */
  readonly rangeGiven: boolean;
}

/** A library's stopping rule as a comparison reads it, with the library's own words where it has them. */
export function comparedStopOf(rule: StopRule): ComparedStop {
  switch (rule.kind) {
    case "count": {
      const plain = rule.text === `${rule.retries} retries` || rule.text === "1 retry";
      return { kind: "count", retries: rule.retries, words: plain ? null : rule.text };
    }
    case "elapsed":
      return { kind: "elapsed", lastAttempt: rule.stop.lastAttempt, fewest: rule.stop.fewest, most: rule.stop.most, words: rule.text };
    case "forever":
      return { kind: "forever", words: rule.text };
  }
}

/**
 * A policy from option values (a SPEC's, or a config file's with --attempts over it): a
 * library preset when `preset` is set, else the calculator's own strategy with its jitter.
 * Usage errors come out as the option's own message; the caller names the policy.
 */
export function builtPolicy(name: string, values: OptionValues): BuiltPolicy {
  if (values.preset !== undefined) {
    const preset = findPreset(values.preset);
    if (!preset) throw new UsageError(`no preset ${shown(values.preset)}${nearPresetText(values.preset)}`);
    const { overrides, range: asked } = presetOverrides(preset, values);
    const model = buildPreset(preset, overrides);
    const { range } = presetRange(preset, model, asked);
    const stop = comparedStopOf(stopRuleOf(preset, model));
    return {
      name,
      model,
      range,
      stop,
      rangeGiven: asked !== null,
      description: { preset: preset.name, library: preset.library, parameters: model.parameters, jittered: model.jittered, cap_ms: model.capMs, first_attempt: range.first, last_attempt: range.last },
    };
  }
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only to presets with an elapsed-time limit");
  const policy = policyFromValues(values);
  const range = rangeFromValues(values);
  const { jitter } = jitterFromValues({ jitter: values.jitter }, policy);
  return {
    name,
    model: jitteredPolicyModel(policy, jitter),
    range,
    // The calculator's own policy makes exactly the retries of its range.
    stop: { kind: "count", retries: range.last, words: null },
    rangeGiven: values.attempts !== undefined,
    description: { ...policyJson(policy, range), jitter: jitterName(jitter), jittered: jitter.kind !== "none" },
  };
}

/** The presets a SPEC's head may name, from the registry (config/policy-spec.ts reads the SPEC). */
const SPEC_HEADS: SpecHeads = { names: PRESETS.map((preset) => preset.name), aliases: PRESET_ALIASES, find: (head) => findPreset(head)?.name };

/** A SPEC given on the command line, with `--attempts` (when given) for every policy that does not set its own. */
export function policyFromSpec(text: string, attempts: string | undefined, command = "compare"): BuiltPolicy {
  const { spec, values } = readSpec(text, attempts, SPEC_HEADS, command);
  try {
    return builtPolicy(spec.text, values);
  } catch (error) {
    if (error instanceof UsageError) throw specErrorOf(text, error.message, command);
    throw error;
  }
}
