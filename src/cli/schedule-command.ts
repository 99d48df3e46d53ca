import { capDelayMs } from "../core/delay.js";
import { type Jitter, NO_JITTER, jitterName, jitteredPolicyModel } from "../core/jitter/index.js";
import { type Policy, type Strategy, linearComparison, normalizePolicy } from "../core/policy.js";
import { policyModel } from "../core/policy-model.js";
import type { AttemptRange } from "../core/schedule.js";
import { jitterSummaryJson, jitterSummaryLines } from "../format/jitter-summary.js";
import { policyJson, summaryJson } from "../format/policy-json.js";
import type { ScaleKind } from "../format/scale.js";
import { policyTitle, scheduleSummaryLines } from "../format/summary.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "./jitter-options.js";
import { parseAttempts, parseBase, parseCap, parseDuration, parseFactor } from "./parse.js";
import { type Format, type ScheduleView, checkPictureOptions, writeSchedule } from "./schedule-output.js";

export { FORMATS, type Format } from "./schedule-output.js";

/** The schedule command's options as commander hands them over (strings, unparsed). */
export interface ScheduleOptions {
  strategy: Strategy;
  base: string;
  cap?: string;
  factor?: string;
  step?: string;
  attempts: string;
  format: Format;
  color: boolean;
  /** Draw the schedule under the table (table format only). */
  chart?: boolean;
  /** The chart's and the SVG's scale; default: log when the values span more than 100×. */
  scale?: ScaleKind;
  /** none, full, equal, decorrelated or a fraction in (0, 1]; absent means none. */
  jitter?: string;
  /** A whole number: draw one sampled sequence with this seed. */
  seed?: string;
  /** A library preset (src/presets): the other options become the library's own parameters. */
  preset?: string;
  /** Under --preset: the library's elapsed-time limit (cenkalti MaxElapsedTime, p-retry maxRetryTime). */
  maxElapsed?: string;
}

export const DEFAULT_BASE = "1s";
export const DEFAULT_ATTEMPTS = "1..10";

/** Turns the option strings into a checked policy, naming the option in every error. */
export function policyFromOptions(options: ScheduleOptions): { policy: Policy; range: AttemptRange } {
  const baseMs = parseBase("--base", options.base);
  const capMs = options.cap === undefined ? null : parseCap("--cap", options.cap);
  const stepMs = options.step === undefined ? undefined : parseDuration("--step", options.step);
  if (options.factor !== undefined && options.strategy !== "exponential") {
    throw new UsageError(`--factor applies only to --strategy exponential, not ${options.strategy}`);
  }
  const factor = options.factor === undefined ? undefined : parseFactor("--factor", options.factor);
  if (capMs !== null && capMs < baseMs) {
    throw new UsageError(`--cap (${options.cap}) must be at least --base (${options.base})`);
  }
  const range = parseAttempts("--attempts", options.attempts);
  const policy = normalizePolicy({ strategy: options.strategy, baseMs, capMs, ...(factor === undefined ? {} : { factor }), ...(stepMs === undefined ? {} : { stepMs }) });
  return { policy, range };
}

/** `--jitter` and `--seed`, checked against the policy. */
export function jitterFromOptions(options: { jitter?: string; seed?: string }, policy: Policy): { jitter: Jitter; seed: number | null } {
  const jitter = options.jitter === undefined ? NO_JITTER : parseJitter("--jitter", options.jitter);
  const seed = options.seed === undefined ? null : parseSeed("--seed", options.seed);
  checkJitterNeedsCap(jitter, policy.capMs);
  return { jitter, seed };
}

/** `given`: the options set on the command line or in a config file rather than by default (presets need to know). */
export async function runSchedule(options: ScheduleOptions, io: Io, given: ReadonlySet<string> = new Set()): Promise<number> {
  checkPictureOptions(options);
  if (options.preset !== undefined) {
    const { runPresetSchedule } = await import("./preset-command.js");
    return runPresetSchedule(options, given, io);
  }
  if (options.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset cenkalti or p-retry");
  const { policy, range } = policyFromOptions(options);
  const { jitter, seed } = jitterFromOptions(options, policy);
  const jitterContext = (sampleTotalMs: number | null) => ({ jitter, seed, sampleTotalMs });
  const view: ScheduleView = {
    model: jitteredPolicyModel(policy, jitter),
    comparison: policyModel(linearComparison(policy)),
    range,
    seed,
    policyJson: () => (jitter.kind === "none" && seed === null ? policyJson(policy, range) : { ...policyJson(policy, range), jitter: jitterName(jitter), seed }),
    summaryJson: (summary, sampleTotalMs) => ({ ...summaryJson(summary), ...jitterSummaryJson(summary, jitterContext(sampleTotalMs)) }),
    summaryLines: (summary, sampleTotalMs) => [
      ...scheduleSummaryLines(summary, { capMs: capDelayMs(policy), isLinear: policy.strategy === "linear" }),
      ...jitterSummaryLines(summary, jitterContext(sampleTotalMs)),
    ],
    title: policyTitle(policy, range, jitter.kind === "none" ? null : jitterName(jitter)),
  };
  await writeSchedule(view, options, io);
  return 0;
}
