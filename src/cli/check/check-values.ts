import { type CheckSubject, type Growth, checkPolicy } from "../../core/check.js";
import { lastMade } from "../../core/deadline/give-up.js";
import { presetDeadlineInput } from "../../core/deadline/preset-input.js";
import type { PresetModel } from "../../core/preset.js";
import { humanDuration } from "../../core/text/duration.js";
import type { ScheduleModel } from "../../core/model.js";
import { jitteredPolicyModel } from "../../core/jitter/index.js";
import type { PresetTerms } from "../../core/check-report/terms.js";
import type { PolicyReport } from "../../core/check-report/config-report.js";
import { mostRetries, stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import { UsageError } from "../shared/errors.js";
import { parseSeed } from "../../config/jitter-options.js";
import { CHECK_DEFAULT_ATTEMPTS, type OptionValues, checkedCount, limitsFromOptions, parseCount } from "../../config/option-values.js";
import { jitterFromValues, policyFromValues } from "../../config/policy-values.js";
import { presetTerms } from "../shared/preset-flags.js";
import { buildPreset, presetNamed, presetOverrides } from "../shared/preset-options.js";

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

/** What one policy's check is run on: the calculator's policy over --attempts (10 by default), or a library's own count. */
function subjectFromValues(values: OptionValues): {
  model: ScheduleModel;
  growth: Growth | null;
  attempts: number;
  forever: boolean;
  preset?: PresetTerms;
  stopNote: string | null;
  /** A library with a time limit of its own: its model, whose `timed` the deadline model reads. */
  timedModel?: PresetModel;
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
  return { model, growth, attempts, forever, preset: presetTerms(preset, limitText), stopNote, ...(model.timed === undefined ? {} : { timedModel: model }) };
}

/**
 * Checks one policy's merged values; errors name the option. `stopNote` is the sentence on
 * how a library stops when that is not a plain count (a time limit, or never).
 */
export function checkValues(values: OptionValues): Omit<PolicyReport, "name" | "line"> & { readonly stopNote: string | null; readonly jittered: boolean } {
  const subject = subjectFromValues(values);
  const { model, growth, forever, preset, timedModel } = subject;
  const { limits, attemptTimeMs, levels } = limitsFromOptions(values);
  const given = limitsFromOptions(values).deadlineMs;
  const clients = values.clients === undefined ? null : parseCount("--clients", values.clients);
  let { attempts, stopNote } = subject;
  let deadlineMs = given;
  let timed: CheckSubject["timed"];
  let terms = preset;
  if (timedModel !== undefined && (attemptTimeMs > 0 || given !== null || limits["max-give-up"] !== undefined)) {
    // The library's own time limit, counted with the tries' time (PresetModel.timed), combined with the deadline given.
    const { input, stopText } = presetDeadlineInput(timedModel, attemptTimeMs, given);
    deadlineMs = input.deadlineMs;
    timed = { waits: input.waits, retries: input.retries, stop: input.stop };
    // With tries that take time the limit comes sooner: the retries checked are the most any run then makes.
    const most = attemptTimeMs > 0 ? lastMade(input, "lowMs") : null;
    if (most !== null && most < attempts) {
      attempts = most;
      const note = `with tries of ${humanDuration(attemptTimeMs)}, ${stopText} allows ${most === 0 ? "no retry" : `at most ${most} ${most === 1 ? "retry" : "retries"}`}`;
      stopNote = stopNote === null ? note : `${stopNote}; ${note}`;
      // Said where each report says how the library stops: the files' note, and the config report's rule line.
      if (terms !== undefined) terms = { ...terms, rule: `${terms.rule}; ${note}` };
    }
  }
  const result = checkPolicy({ model, attempts, forever, attemptTimeMs, clients, growth, deadlineMs, ...(timed === undefined ? {} : { timed }) }, limits, levels);
  return { attempts, attemptTimeMs, deadlineMs, result, ...(terms === undefined ? {} : { terms }), stopNote, jittered: model.jittered };
}
