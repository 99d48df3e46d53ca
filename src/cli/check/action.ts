import { type Growth, checkExitCode, checkPolicy } from "../../core/check.js";
import type { ScheduleModel } from "../../core/model.js";
import { jitteredPolicyModel } from "../../core/jitter/index.js";
import { type PolicyReport, type PresetTerms, checkReportJson, checkReportLines, githubAnnotations } from "../../format/check-report.js";
import { checkPaint } from "./paint.js";
import { type OptionValues, limitsFromOptions, parseCount } from "../shared/option-values.js";
import { STDIN_NAME, loadConfig, mergeOptions, selectPolicies } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import { type Io, writeChunks } from "../shared/io.js";
import { parseSeed } from "../shared/jitter-options.js";
import { outputWidth } from "../shared/width.js";
import { parseAttempts } from "../shared/parse.js";
import { buildPreset, presetNamed, presetOverrides } from "../shared/preset-options.js";
import { presetTerms } from "../shared/preset-flags.js";
import { mostRetries, stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import { jitterFromValues, policyFromValues } from "../schedule/action.js";
import { CHECK_DEFAULT_ATTEMPTS, type CheckFormat } from "./command.js";

/** The check command's own switches (the policy and limit values come as OptionValues). */
export interface CheckSwitches {
  readonly config?: string;
  readonly policy?: string;
  readonly strict: boolean;
  readonly format: CheckFormat;
  readonly color: boolean;
}

/** The model a policy's values describe: a library's (--preset) or the calculator's own, jittered, with how its delays grow. */
export function modelFromValues(values: OptionValues): { model: ScheduleModel; growth: Growth | null } {
  // A seed changes no check (checks use exact bounds), but it is read as the schedule reads
  // it, so that a file the schedule refuses is not passed by check (and the other way round).
  if (values.seed !== undefined) parseSeed("--seed", values.seed);
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
function subjectFromValues(values: OptionValues): { model: ScheduleModel; growth: Growth | null; attempts: number; forever: boolean; preset?: PresetTerms; stopNote: string | null } {
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
  return { model, growth, attempts, forever, preset: presetTerms(preset, limitText), stopNote };
}

/**
 * Checks one policy's merged values; errors name the option. `stopNote` is the sentence on
 * how a library stops when that is not a plain count (a time limit, or never).
 */
export function checkValues(values: OptionValues): Omit<PolicyReport, "name" | "line"> & { readonly stopNote: string | null; readonly jittered: boolean } {
  const { model, growth, attempts, forever, preset, stopNote } = subjectFromValues(values);
  const { limits, attemptTimeMs } = limitsFromOptions(values);
  const clients = values.clients === undefined ? null : parseCount("--clients", values.clients);
  const result = checkPolicy({ model, attempts, forever, attemptTimeMs, clients, growth }, limits);
  return { attempts, attemptTimeMs, result, ...(preset === undefined ? {} : { terms: preset }), stopNote, jittered: model.jittered };
}

export async function runCheck(explicit: OptionValues, switches: CheckSwitches, io: Io): Promise<number> {
  const config = switches.config === undefined ? null : await loadConfig(switches.config, io);
  const policies = selectPolicies(config, switches.policy);
  const reports: PolicyReport[] = policies.map((p) => {
    try {
      const { stopNote: _, jittered: __, ...checked } = checkValues(mergeOptions({}, p.options, explicit));
      return { name: p.name, line: config === null ? null : p.line, ...checked };
    } catch (error) {
      if (error instanceof UsageError && p.name !== null) throw new UsageError(`policy ${shown(p.name)} in ${config!.name}: ${error.message}`);
      throw error;
    }
  });
  const exitCode = checkExitCode(reports.map((r) => r.result), switches.strict);
  const annotations =
    io.env["GITHUB_ACTIONS"] === "true" ? githubAnnotations(reports, config === null || config.name === STDIN_NAME ? null : config.name, switches.strict) : [];
  if (switches.format === "sarif") {
    const { configReportsSarif } = await import("./files.js");
    await writeChunks(io.stdout, [configReportsSarif(reports, config?.name ?? null, exitCode, switches.strict)]);
    return exitCode;
  }
  if (switches.format === "json") {
    // Annotations go to stderr here, so that stdout stays one JSON document.
    if (annotations.length > 0) io.stderr.write(`${annotations.join("\n")}\n`);
    await writeChunks(io.stdout, [checkReportJson(reports, exitCode)]);
    return exitCode;
  }
  const paint = await checkPaint(switches.color, io);
  const lines = [...annotations, ...checkReportLines(reports, switches.strict, paint, outputWidth(io))];
  await writeChunks(io.stdout, [`${lines.join("\n")}\n`]);
  return exitCode;
}
