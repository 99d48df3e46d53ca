import { type Growth, checkPolicy } from "../../core/check.js";
import type { ScheduleModel } from "../../core/model.js";
import { jitteredPolicyModel } from "../../core/jitter/index.js";
import type { PolicyReport, PresetTerms } from "../../format/check-report.js";
import { mostRetries, stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import { UsageError, shown } from "./errors.js";
import { parseSeed } from "./jitter-options.js";
import { CHECK_DEFAULT_ATTEMPTS, type OptionValues, limitsFromOptions, parseCount } from "../../config/option-values.js";
import { parseAttempts } from "../../config/values.js";
import { jitterFromValues, policyFromValues } from "./policy-values.js";
import { presetTerms } from "./preset-flags.js";
import { buildPreset, presetNamed, presetOverrides } from "./preset-options.js";

// One policy's check from its option values: what `check --config` and every worker of
// `check PATH…` run. Kept apart from the command (commander, the report writers), so a
// worker loads only what checking needs.

/** The model a policy's values describe: a library's (--preset) or the calculator's own, jittered, with how its delays grow. */
export function modelFromValues(values: OptionValues): { model: ScheduleModel; growth: Growth | null } {
  if (values.preset !== undefined) {
    // A library's own schedule: its parameters are the values given, mapped as for the schedule command.
    const preset = presetNamed(values.preset, "--preset");
    const { overrides } = presetOverrides(preset, values);
    return { model: buildPreset(preset, overrides), growth: null };
  }
  const policy = policyFromValues(values);
  // Checks use exact bounds only, so a seed (for samples) has nothing to change here.
  const { jitter } = jitterFromValues({ jitter: values.jitter }, policy);
  const growth: Growth = policy.strategy === "linear" ? "linear" : policy.strategy === "fixed" || policy.factor === 1 ? "constant" : "exponential";
  return { model: jitteredPolicyModel(policy, jitter), growth };
}

/** A --attempts count for check: N retries, not a range. */
function checkedCount(text: string): number {
  const range = parseAttempts("--attempts", text);
  if (range.first !== 1) throw new UsageError(`--attempts for check is a count of retries such as 8, not a range, got ${shown(text)}`);
  return range.last;
}

/** What one policy's check is run on: the calculator's policy over --attempts (10 by default), or a library's own count. */
function subjectFromValues(values: OptionValues): {
  model: ScheduleModel;
  growth: Growth | null;
  attempts: number;
  forever: boolean;
  preset?: PresetTerms;
  stopNote: string | null;
  /** The library stops by elapsed time: its stop, counted with the tries' time, is not the deadline model's yet. */
  elapsedStop?: string;
} {
  // A seed changes no check (checks use exact bounds), but it is read as the schedule reads
  // it, under a preset too, so that a file the schedule refuses is not passed by check (and
  // the other way round).
  if (values.seed !== undefined) parseSeed("--seed", values.seed);
  if (values.preset === undefined) {
    if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
    const attempts = checkedCount(values.attempts ?? CHECK_DEFAULT_ATTEMPTS);
    return { ...modelFromValues(values), attempts, forever: false, stopNote: null };
  }
  // A library's own schedule and stopping rule: --attempts and --max-elapsed become its parameters, as for the schedule.
  const preset = presetNamed(values.preset, "--preset");
  if (values.attempts !== undefined) checkedCount(values.attempts);
  const { overrides, range } = presetOverrides(preset, values);
  const model = buildPreset(preset, overrides);
  const rule = stopRuleOf(preset, model);
  // A library that retries forever is checked over --attempts when given (the caller's own limit).
  const forever = rule.kind === "forever" && range === null;
  // Retrying forever, the lints look at the attempts the schedule shows.
  const attempts = rule.kind === "forever" ? (range?.last ?? preset.defaultAttempts) : mostRetries(rule)!;
  const ruleText = stopRuleText(preset, rule);
  const limitText = forever || rule.kind !== "forever" ? ruleText : `${ruleText}; checked over ${attempts} ${attempts === 1 ? "retry" : "retries"} (--attempts)`;
  // A preset does not say how its delays grow; one whose last delay is its first is constant (a
  // fixed resilience4j wait), which the no-cap lint must not take for unbounded growth.
  // Un-capped values: a library stopped by time waits 0 past its plain last retry.
  const growth: Growth | null = attempts > 0 && model.delay(attempts).rawMs <= model.delay(1).rawMs ? "constant" : null;
  // A count says itself in the summary ("3 retries"); a time limit or no limit needs its sentence.
  const stopNote = rule.kind === "count" ? null : limitText;
  return { model, growth, attempts, forever, preset: presetTerms(preset, limitText), stopNote, ...(rule.kind === "elapsed" ? { elapsedStop: rule.text } : {}) };
}

/**
 * Checks one policy's merged values; errors name the option. `stopNote` is the sentence on
 * how a library stops when that is not a plain count (a time limit, or never).
 */
export function checkValues(values: OptionValues): Omit<PolicyReport, "name" | "line"> & { readonly stopNote: string | null; readonly jittered: boolean } {
  const { model, growth, attempts, forever, preset, stopNote, elapsedStop } = subjectFromValues(values);
  const { limits, attemptTimeMs, deadlineMs, levels } = limitsFromOptions(values);
  const clients = values.clients === undefined ? null : parseCount("--clients", values.clients);
  if (elapsedStop !== undefined && (deadlineMs !== null || limits["max-give-up"] !== undefined)) {
    // The library's own clock counts the tries' time too: until the presets hand their stop to the deadline
    // model, the deadline and the give-up time are left unchecked, and the report says so, rather than guessed.
    const { "max-give-up": _, ...others } = limits;
    const result = checkPolicy({ model, attempts, forever, attemptTimeMs, clients, growth }, others, levels);
    const unchecked = `--deadline and --max-give-up are not checked: ${values.preset} stops by elapsed time (${elapsedStop}), whose clock counts the tries' time, which the deadline model does not take from presets yet`;
    // Said where each report says how the library stops: the files' note, and the config report's rule line.
    const terms = preset === undefined ? {} : { terms: { ...preset, rule: `${preset.rule}; ${unchecked}` } };
    return { attempts, attemptTimeMs, deadlineMs: null, result, ...terms, stopNote: stopNote === null ? unchecked : `${stopNote}; ${unchecked}`, jittered: model.jittered };
  }
  const result = checkPolicy({ model, attempts, forever, attemptTimeMs, clients, growth, deadlineMs }, limits, levels);
  return { attempts, attemptTimeMs, deadlineMs, result, ...(preset === undefined ? {} : { terms: preset }), stopNote, jittered: model.jittered };
}
