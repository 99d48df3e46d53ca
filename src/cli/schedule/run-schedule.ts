import { jitterName, jitteredPolicyModel } from "../../core/jitter/index.js";
import { linearComparison } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import { LONGER_OF_TEXT, longerOfRule } from "../../core/retry-after/longer-of.js";
import { type RetryAfterView, retryAfterModel } from "../../core/retry-after/model.js";
import type { ScheduleModel } from "../../core/model.js";
import type { AttemptRange } from "../../core/schedule.js";
import { parseRetryAfter } from "../../config/values.js";
import { policyScheduleText } from "../../format/schedule-text.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import type { OptionValues } from "../../config/option-values.js";
import { jitterFromValues, policyFromValues, rangeFromValues } from "../../config/policy-values.js";
import { type TryTiming, timingFromValues } from "../../config/timing.js";
import { type OutputSwitches, outputRenderer } from "../shared/render.js";
import { type DeadlineView, writeSchedule } from "./schedule-output.js";

/** The calculator's own policy under --attempt-time or --deadline: it makes exactly the retries shown (the range's last attempt). */
export function policyDeadline(timing: TryTiming | null, model: ScheduleModel, range: AttemptRange): DeadlineView | null {
  if (timing === null) return null;
  return { input: { waits: model, retries: range.last, ...timing, stop: null }, context: { ...timing, stopText: null, lastShown: range.last } };
}

/**
 * Writes the schedule the values describe: the calculator's own policy, or a library's
 * (--preset). `values` holds exactly what was given, on the command line or in a config
 * file: a preset maps those onto the library's parameters and keeps its own defaults.
 */
export async function runSchedule(values: OptionValues, output: OutputSwitches, io: Io): Promise<number> {
  // The output options are checked against the format before anything is worked out.
  await outputRenderer("schedule", output);
  if (values.preset !== undefined) {
    const { runPresetSchedule } = await import("./preset-schedule.js");
    return runPresetSchedule(values, output, io);
  }
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  if (values.maxRetryAfter !== undefined) {
    throw new UsageError("--max-retry-after applies only under --preset got (retry.maxRetryAfter) or urllib3 (retry_after_max); without a preset a Retry-After is waited as sent");
  }
  const policy = policyFromValues(values);
  const range = rangeFromValues(values);
  const { jitter, seed } = jitterFromValues(values, policy);
  let model: ScheduleModel = jitteredPolicyModel(policy, jitter);
  let retryAfter: RetryAfterView | null = null;
  if (values.retryAfter !== undefined) {
    const header = parseRetryAfter("--retry-after", values.retryAfter);
    if (jitter.kind === "decorrelated") {
      throw new UsageError(
        "--retry-after with --jitter decorrelated is not modelled: its next draw grows from the previous wait, and whether that is the Retry-After is each client's own choice; use another jitter, or a --preset",
      );
    }
    ({ model, view: retryAfter } = retryAfterModel(model, header, longerOfRule(policy, jitter), `${LONGER_OF_TEXT} (a client of its own; --preset shows what a library does)`));
  }
  await writeSchedule(
    {
      model,
      retryAfter,
      comparison: policyModel(linearComparison(policy)),
      range,
      seed,
      text: policyScheduleText(policy, range, jitter, seed),
      deadline: policyDeadline(timingFromValues(values), model, range),
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
