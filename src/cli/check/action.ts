import { type CheckResult, type Growth, checkExitCode, checkPolicy } from "../../core/check.js";
import type { ScheduleModel } from "../../core/model.js";
import { jitteredPolicyModel } from "../../core/jitter/index.js";
import { type Paint, type PolicyReport, PLAIN, checkReportJson, checkReportLines, githubAnnotations } from "../../format/check-report.js";
import { colorLevel } from "../shared/color.js";
import { type OptionValues, limitsFromOptions, parseCount } from "../shared/option-values.js";
import { STDIN_NAME, loadConfig, mergeOptions, selectPolicies } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import { type Io, writeChunks } from "../shared/io.js";
import { outputWidth } from "../shared/width.js";
import { parseAttempts } from "../shared/parse.js";
import { buildPreset, presetNamed, presetOverrides } from "../shared/preset-options.js";
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

/** The model a policy's values describe: a library's (--preset) or the calculator's, jittered. */
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

/** Checks one policy's merged values; errors name the option. */
export function checkValues(values: OptionValues): { attempts: number; attemptTimeMs: number; result: CheckResult } {
  const { model, growth } = modelFromValues(values);
  const attemptsText = values.attempts ?? CHECK_DEFAULT_ATTEMPTS;
  const range = parseAttempts("--attempts", attemptsText);
  if (range.first !== 1) throw new UsageError(`--attempts for check is a count of retries such as 8, not a range, got ${shown(attemptsText)}`);
  const { limits, attemptTimeMs } = limitsFromOptions(values);
  const clients = values.clients === undefined ? null : parseCount("--clients", values.clients);
  const result = checkPolicy({ model, attempts: range.last, attemptTimeMs, clients, growth }, limits);
  return { attempts: range.last, attemptTimeMs, result };
}

export async function runCheck(explicit: OptionValues, switches: CheckSwitches, io: Io): Promise<number> {
  const config = switches.config === undefined ? null : await loadConfig(switches.config, io);
  const policies = selectPolicies(config, switches.policy);
  const reports: PolicyReport[] = policies.map((p) => {
    try {
      const checked = checkValues(mergeOptions({}, p.options, explicit));
      return { name: p.name, line: config === null ? null : p.line, ...checked };
    } catch (error) {
      if (error instanceof UsageError && p.name !== null) throw new UsageError(`policy ${shown(p.name)} in ${config!.name}: ${error.message}`);
      throw error;
    }
  });
  const exitCode = checkExitCode(reports.map((r) => r.result), switches.strict);
  const annotations =
    io.env["GITHUB_ACTIONS"] === "true" ? githubAnnotations(reports, config === null || config.name === STDIN_NAME ? null : config.name, switches.strict) : [];
  if (switches.format === "json") {
    // Annotations go to stderr here, so that stdout stays one JSON document.
    if (annotations.length > 0) io.stderr.write(`${annotations.join("\n")}\n`);
    await writeChunks(io.stdout, [checkReportJson(reports, exitCode)]);
    return exitCode;
  }
  let paint: Paint = PLAIN;
  const level = colorLevel(switches.color, io.stdout.isTTY === true, io.env);
  if (level > 0) {
    const { Chalk } = await import("chalk");
    const chalk = new Chalk({ level });
    paint = { ok: chalk.green, bad: chalk.red, warn: chalk.yellow };
  }
  const lines = [...annotations, ...checkReportLines(reports, switches.strict, paint, outputWidth(io))];
  await writeChunks(io.stdout, [`${lines.join("\n")}\n`]);
  return exitCode;
}
