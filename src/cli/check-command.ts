import type { CheckFormat } from "./command-options.js";
import { type CheckResult, type Growth, checkExitCode, checkPolicy } from "../core/check.js";
import type { ScheduleModel } from "../core/model.js";
import { jitteredPolicyModel } from "../core/jitter/index.js";
import type { Strategy } from "../core/policy.js";
import { type Paint, type PolicyReport, PLAIN, checkReportJson, checkReportLines, githubAnnotations } from "../format/check-report.js";
import { colorLevel } from "./color.js";
import { type OptionValues, limitsFromOptions, parseCount } from "./check-options.js";
import { STDIN_NAME, loadConfig, mergeOptions, selectPolicies } from "./config.js";
import { UsageError, shown } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { parseSeed } from "./jitter-options.js";
import { parseAttempts } from "./parse.js";
import { buildPreset, presetNamed, presetOverrides } from "./preset-options.js";
import { DEFAULT_BASE, type ScheduleOptions, jitterFromOptions, policyFromOptions } from "./schedule-command.js";


/** The check command's own switches (the policy and limit values come as OptionValues). */
export interface CheckSwitches {
  readonly config?: string;
  readonly policy?: string;
  readonly strict: boolean;
  readonly format: CheckFormat;
  readonly color: boolean;
}

/** What a policy defaults to when neither the file nor a flag says: the schedule command's defaults. */
export const CHECK_DEFAULTS: OptionValues = { strategy: "exponential", base: DEFAULT_BASE, attempts: "10" };

/**
 * The model a policy's options describe. Only the calculator's own un-jittered policy
 * exists on this branch; jitter and presets plug in here (merge: build the jittered
 * model or the preset's model from `options.jitter` / `options.preset`).
 */
export function modelFromOptions(options: OptionValues, given: ReadonlySet<string> = new Set()): { model: ScheduleModel; growth: Growth | null } {
  // A seed changes no check (checks use exact bounds), but it is read as the schedule reads
  // it, so that a file the schedule refuses is not passed by check (and the other way round).
  if (options.seed !== undefined) parseSeed("--seed", options.seed);
  if (options.preset !== undefined) {
    // A library's own schedule: its parameters are the options given, mapped as for the schedule command.
    const preset = presetNamed(options.preset, "--preset");
    const { overrides } = presetOverrides(preset, asScheduleOptions(options), given);
    return { model: buildPreset(preset, overrides), growth: null };
  }
  const scheduleOptions = asScheduleOptions(options);
  const { policy } = policyFromOptions(scheduleOptions);
  // Checks use exact bounds only, so a seed (for samples) has nothing to change here.
  const { jitter } = jitterFromOptions({ jitter: scheduleOptions.jitter }, policy);
  const growth: Growth = policy.strategy === "linear" ? "linear" : policy.strategy === "fixed" || policy.factor === 1 ? "constant" : "exponential";
  return { model: jitteredPolicyModel(policy, jitter), growth };
}

function asScheduleOptions(options: OptionValues): ScheduleOptions {
  return {
    ...(options as Record<string, string>),
    strategy: (options.strategy ?? "exponential") as Strategy,
    base: options.base ?? DEFAULT_BASE,
    attempts: options.attempts ?? "10",
    format: "table",
    color: false,
  } as ScheduleOptions;
}

/** Checks one policy's merged options; errors name the policy. */
export function checkOptions(options: OptionValues, given: ReadonlySet<string> = new Set()): { attempts: number; attemptTimeMs: number; result: CheckResult } {
  const { model, growth } = modelFromOptions(options, given);
  const range = parseAttempts("--attempts", options.attempts ?? "10");
  if (range.first !== 1) throw new UsageError(`--attempts for check is a count of retries such as 8, not a range, got ${shown(options.attempts!)}`);
  const { limits, attemptTimeMs } = limitsFromOptions(options);
  const clients = options.clients === undefined ? null : parseCount("--clients", options.clients);
  const result = checkPolicy({ model, attempts: range.last, attemptTimeMs, clients, growth }, limits);
  return { attempts: range.last, attemptTimeMs, result };
}

export async function runCheck(explicit: OptionValues, switches: CheckSwitches, io: Io): Promise<number> {
  const config = switches.config === undefined ? null : await loadConfig(switches.config, io);
  const policies = selectPolicies(config, switches.policy);
  const reports: PolicyReport[] = policies.map((p) => {
    try {
      const checked = checkOptions(mergeOptions(CHECK_DEFAULTS, p.options, explicit), new Set([...Object.keys(p.options), ...Object.keys(explicit)]));
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
  const lines = [...annotations, ...checkReportLines(reports, switches.strict, paint)];
  await writeChunks(io.stdout, [`${lines.join("\n")}\n`]);
  return exitCode;
}
