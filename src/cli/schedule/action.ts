import { type Jitter, NO_JITTER, jitterName, jitteredPolicyModel } from "../../core/jitter/index.js";
import { type Policy, linearComparison, normalizePolicy } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import type { AttemptRange } from "../../core/schedule.js";
import { policyScheduleText } from "../../format/schedule-text.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "../shared/jitter-options.js";
import type { OptionValues } from "../shared/option-values.js";
import { POLICY_DEFAULTS, strategyOf } from "../shared/options.js";
import { parseAttempts, parseBase, parseCap, parseDuration, parseFactor } from "../shared/parse.js";
import { type OutputOptions, checkPictureOptions, writeSchedule } from "./output.js";

export { FORMATS, type Format, type OutputOptions } from "./output.js";

/** The attempts a schedule shows unless --attempts says otherwise. */
export const DEFAULT_ATTEMPTS = "1..10";

/** The schedule's own switches: how to write it, and where a config file is. */
export interface ScheduleSwitches extends OutputOptions {
  readonly config?: string;
  readonly policy?: string;
}

/** Turns the policy values (flags or a config file) into a checked policy, naming the option in every error. */
export function policyFromValues(values: OptionValues): Policy {
  const strategy = strategyOf(values);
  const base = values.base ?? POLICY_DEFAULTS.base;
  const baseMs = parseBase("--base", base);
  const capMs = values.cap === undefined ? null : parseCap("--cap", values.cap);
  const stepMs = values.step === undefined ? undefined : parseDuration("--step", values.step);
  if (values.factor !== undefined && strategy !== "exponential") {
    throw new UsageError(`--factor applies only to --strategy exponential, not ${strategy}`);
  }
  const factor = values.factor === undefined ? undefined : parseFactor("--factor", values.factor);
  if (capMs !== null && capMs < baseMs) {
    throw new UsageError(`--cap (${values.cap}) must be at least --base (${base})`);
  }
  return normalizePolicy({ strategy, baseMs, capMs, ...(factor === undefined ? {} : { factor }), ...(stepMs === undefined ? {} : { stepMs }) });
}

/** `--jitter` and `--seed`, checked against the policy. */
export function jitterFromValues(values: OptionValues, policy: Policy): { jitter: Jitter; seed: number | null } {
  const jitter = values.jitter === undefined ? NO_JITTER : parseJitter("--jitter", values.jitter);
  const seed = values.seed === undefined ? null : parseSeed("--seed", values.seed);
  checkJitterNeedsCap(jitter, policy.capMs);
  if (seed !== null && jitter.kind === "none") {
    throw new UsageError("--seed draws a sample of the jitter, so it needs --jitter (full, equal, decorrelated or a fraction such as 0.2)");
  }
  return { jitter, seed };
}

/** The attempts to show: --attempts, or the default range. */
export function rangeFromValues(values: OptionValues): AttemptRange {
  return parseAttempts("--attempts", values.attempts ?? DEFAULT_ATTEMPTS);
}

/**
 * Writes the schedule the values describe: the calculator's own policy, or a library's
 * (--preset). `values` holds exactly what was given, on the command line or in a config
 * file: a preset maps those onto the library's parameters and keeps its own defaults.
 */
export async function runSchedule(values: OptionValues, output: OutputOptions, io: Io): Promise<number> {
  checkPictureOptions(output);
  if (values.preset !== undefined) {
    const { runPresetSchedule } = await import("./preset-schedule.js");
    return runPresetSchedule(values, output, io);
  }
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const policy = policyFromValues(values);
  const range = rangeFromValues(values);
  const { jitter, seed } = jitterFromValues(values, policy);
  await writeSchedule(
    {
      model: jitteredPolicyModel(policy, jitter),
      comparison: policyModel(linearComparison(policy)),
      range,
      seed,
      text: policyScheduleText(policy, range, jitter, seed),
      page: async () => {
        const { commandLine, scheduleArguments } = await import("../shared/html-output.js");
        return {
          command: commandLine(scheduleArguments(policy, range, jitter.kind === "none" ? null : jitterName(jitter), seed)),
          calculator: { ...policy, stepFollowsBase: values.step === undefined, lastAttempt: range.last, note: null },
        };
      },
    },
    output,
    io,
  );
  return 0;
}

/** `backoff [options]`: the flags, under a config file's policy when --config names one. */
export async function runScheduleCommand(given: OptionValues, switches: ScheduleSwitches, io: Io): Promise<number> {
  if (switches.config === undefined) {
    if (switches.policy !== undefined) throw new UsageError(`--policy ${JSON.stringify(switches.policy)} needs --config, which holds the named policies`);
    return runSchedule(given, switches, io);
  }
  const { valuesWithConfig } = await import("./config.js");
  return runSchedule(await valuesWithConfig(switches.config, switches.policy, given, io), switches, io);
}
