import { jitterName, jitteredPolicyModel } from "../../core/jitter/index.js";
import { linearComparison } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import { rendererFor } from "../../format/registry.js";
import { policyScheduleText } from "../../format/schedule-text.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import type { OptionValues } from "../../config/option-values.js";
import { jitterFromValues, policyFromValues, rangeFromValues } from "./policy-values.js";
import { policyDeadline, timingFromValues } from "./timing.js";
import { type OutputOptions, checkPictureOptions, writeSchedule } from "./schedule-output.js";

/**
 * Writes the schedule the values describe: the calculator's own policy, or a library's
 * (--preset). `values` holds exactly what was given, on the command line or in a config
 * file: a preset maps those onto the library's parameters and keeps its own defaults.
 */
export async function runSchedule(values: OptionValues, output: OutputOptions, io: Io): Promise<number> {
  checkPictureOptions(output, await rendererFor("schedule", output.format));
  if (values.preset !== undefined) {
    const { runPresetSchedule } = await import("./preset-schedule.js");
    return runPresetSchedule(values, output, io);
  }
  if (values.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
  const policy = policyFromValues(values);
  const range = rangeFromValues(values);
  const { jitter, seed } = jitterFromValues(values, policy);
  const model = jitteredPolicyModel(policy, jitter);
  await writeSchedule(
    {
      model,
      comparison: policyModel(linearComparison(policy)),
      range,
      seed,
      text: policyScheduleText(policy, range, jitter, seed),
      deadline: policyDeadline(timingFromValues(values), model, range),
      page: async () => {
        const { commandLine, scheduleArguments } = await import("./html-output.js");
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
