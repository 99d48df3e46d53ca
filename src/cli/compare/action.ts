import { presetDeadlineInput } from "../../core/deadline/preset-input.js";
import type { PresetModel } from "../../core/preset.js";
import { type ComparedPolicy, type CompareSummary, compareSpan, compareSummary, comparedDeadlineInput } from "../../core/compare.js";
import type { AttemptRange } from "../../core/schedule.js";
import { stopJson } from "../../format/compare.js";
import { MAX_PICTURE_ATTEMPTS } from "../../format/renderer.js";
import { loadConfig } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import type { OptionValues } from "../../config/option-values.js";
import { parseAttempts } from "../../config/values.js";
import { type BuiltPolicy, builtPolicy, policyFromSpec } from "../shared/policy-spec.js";
import { type OutputSwitches, checkAttemptCount, outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { checkWalk } from "../shared/walk.js";
import { checkTableRows } from "../shared/table-rows.js";
import { type TryTiming, timingFromValues } from "../../config/timing.js";

/** `backoff compare`'s options as commander hands them over. */
export interface CompareOptions extends OutputSwitches {
  readonly config?: string;
  /** For every policy that does not set its own; absent: each policy's default (1..10, or a library's own count). */
  readonly attempts?: string;
  /** How long each try runs, and the overall timeout (the deadline model); both absent: as without them. */
  readonly attemptTime?: string;
  readonly deadline?: string;
}

/** Every policy: the SPECs in order, then the config file's. */
async function givenPolicies(specs: readonly string[], options: CompareOptions, io: Io): Promise<BuiltPolicy[]> {
  // Checked once here, so that a bad --attempts is reported as itself rather than under every SPEC.
  if (options.attempts !== undefined) parseAttempts("--attempts", options.attempts);
  const policies = specs.map((spec) => policyFromSpec(spec, options.attempts));
  if (options.config !== undefined) {
    const config = await loadConfig(options.config, io);
    for (const policy of config.policies) {
      const name = policy.name ?? config.name;
      try {
        policies.push(policyFromConfig(name, policy.options, options.attempts));
      } catch (error) {
        if (error instanceof UsageError) throw new UsageError(`policy ${shown(name)} in ${config.name}: ${error.message}`);
        throw error;
      }
    }
  }
  if (policies.length === 0) {
    throw new UsageError("compare needs a SPEC (a preset such as bullmq, or a strategy with overrides such as exponential:base=1s,cap=30s) or --config FILE");
  }
  const seen = new Set<string>();
  for (const policy of policies) {
    if (seen.has(policy.name)) throw new UsageError(`compare lists ${shown(policy.name)} twice; give each policy once`);
    seen.add(policy.name);
  }
  return policies;
}

function title(policies: readonly ComparedPolicy[]): string {
  const span = compareSpan(policies);
  const attempts = span === null ? "no retries" : `attempts ${span.first}..${span.last}`;
  const names = policies.map((policy) => policy.name).join(" · ");
  return names.length <= 100 ? `${names} · ${attempts}` : `${policies.length} policies side by side · ${attempts}`;
}

/**
 * The policies as compared: each shows its own range, except that a library making no
 * retry has no rows (BullMQ's default attempts: 1), and one retrying forever on its
 * default range is shown as far as the longest other policy (it has not stopped there).
 */
function asCompared(built: readonly BuiltPolicy[], timing: TryTiming | null): ComparedPolicy[] {
  const ranges = built.map(({ range, stop, rangeGiven }): AttemptRange | null => (stop.kind === "count" && stop.retries === 0 && !rangeGiven ? null : range));
  const shownLast = Math.max(0, ...ranges.map((range) => range?.last ?? 0));
  return built.map(({ name, model, stop, rangeGiven }, index) => {
    const range = ranges[index]!;
    const extended = range !== null && stop.kind === "forever" && !rangeGiven && range.last < shownLast ? { first: range.first, last: shownLast } : range;
    if (timing === null) return { name, model, range: extended, stop };
    // A library with a time limit of its own hands it over with its waits as drawn: the limit then counts the tries' time.
    const timed = "timed" in model ? (model as PresetModel) : null;
    if (timed !== null && timed.timed !== undefined) {
      const { input, stopText } = presetDeadlineInput(timed, timing.attemptTimeMs, timing.deadlineMs);
      return { name, model, range: extended, stop, deadline: input, deadlineStopText: stopText };
    }
    if (stop.kind === "elapsed") throw new Error(`compare ${shown(name)}: a library stopping by ${stop.words} gives the deadline model its time limit (PresetModel.timed)`);
    return { name, model, range: extended, stop, deadline: comparedDeadlineInput(model, stop, timing.attemptTimeMs, timing.deadlineMs) };
  });
}

/** `backoff compare SPEC… [--config FILE]`: several policies side by side. */
export async function runCompare(specs: readonly string[], options: CompareOptions, io: Io): Promise<number> {
  const renderer = await outputRenderer("compare", options);
  const built = await givenPolicies(specs, options, io);
  const timing = timingFromValues({
    ...(options.attemptTime === undefined ? {} : { attemptTime: options.attemptTime }),
    ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
  });
  const policies = asCompared(built, timing);
  const span = compareSpan(policies) ?? { first: 1, last: 1 };
  checkAttemptCount(span.last - span.first + 1, renderer.maxAttempts, `--format ${options.format}`);
  if (options.chart) checkAttemptCount(span.last - span.first + 1, MAX_PICTURE_ATTEMPTS, "--chart");
  for (const policy of policies) {
    if (policy.range === null) continue;
    try {
      // A format that adds each policy up to its last attempt (a summary, a table) needs the totals there; CSV and TSV stream.
      checkWalk({ model: policy.model, range: policy.range, seed: null }, renderer.readsLastRow === true);
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`compare ${shown(policy.name)}: ${error.message}`);
      throw error;
    }
  }
  if (renderer.boxTable) checkTableRows(span.first, span.last);
  let summaryOnce: CompareSummary | undefined;
  const compared = {
    policies,
    described: built.map(({ name, description }, index) => {
      const { range, stop } = policies[index]!;
      return { name, description: { ...description, first_attempt: range?.first ?? null, last_attempt: range?.last ?? null, stop: stopJson(stop) } };
    }),
    title: title(policies),
    summary: () => (summaryOnce ??= compareSummary(policies)),
    commandLine: async () => {
      const { commandLine } = await import("../shared/html-output.js");
      return commandLine([
        "compare",
        ...specs.map((spec) => spec.trim()),
        ...(options.config === undefined ? [] : ["--config", options.config]),
        ...(options.attempts === undefined ? [] : ["--attempts", options.attempts.trim()]),
        ...(options.attemptTime === undefined ? [] : ["--attempt-time", options.attemptTime.trim()]),
        ...(options.deadline === undefined ? [] : ["--deadline", options.deadline.trim()]),
      ]);
    },
  };
  await writeRendered(await renderer.render(compared, renderContext(io, options)), io);
  return 0;
}

/** A config file's policy: its values, `--attempts` (when given) over them. */
export function policyFromConfig(name: string, fileValues: OptionValues, attempts: string | undefined): BuiltPolicy {
  const values: OptionValues = {};
  for (const key of ["strategy", "base", "cap", "factor", "step", "attempts", "jitter", "preset"] as const) {
    if (fileValues[key] !== undefined) values[key] = fileValues[key];
  }
  if (attempts !== undefined) values.attempts = attempts;
  return builtPolicy(name, values);
}
