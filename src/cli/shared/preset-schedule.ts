import { isSaturated } from "../../core/limits.js";
import { normalizePolicy } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import { modelCalculator } from "../../format/html/page-data.js";
import { presetScheduleText } from "../../format/preset-schedule.js";
import { renderPresetTable } from "../../format/preset-table.js";
import { stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import type { PresetModel } from "../../presets/types.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { parseSeed } from "./jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { buildPreset, checkSeedHasJitter, presetNamed, presetOverrides, presetRange } from "./preset-options.js";
import { type OutputOptions, writeSchedule } from "./schedule-output.js";

/** The linear comparison for a preset: its first non-zero un-jittered delay as base and step, and its cap. */
function comparisonFor(model: PresetModel) {
  const first = model.delay(1).delayMs;
  const base = first > 0 ? first : Math.max(model.delay(2).delayMs, 1);
  const cap = model.capMs !== null && model.capMs >= base && !isSaturated(base) ? model.capMs : null;
  return policyModel(normalizePolicy({ strategy: "linear", baseMs: isSaturated(base) ? Number.MAX_SAFE_INTEGER : base, capMs: cap }));
}

/** `backoff --preset NAME`: the library's own schedule, through the one output path. */
export async function runPresetSchedule(values: OptionValues, output: OutputOptions, io: Io): Promise<number> {
  // A library's own elapsed-time limit has to be counted with the tries' time (the deadline model's stop): not read from the presets yet.
  if (values.attemptTime !== undefined || values.deadline !== undefined) {
    throw new UsageError(`--attempt-time and --deadline apply to backoff's own policies; under --preset they are not modelled yet (the library's own time limit would have to count the tries)`);
  }
  if (values.retryAfter !== undefined || values.maxRetryAfter !== undefined) {
    throw new UsageError("--retry-after and --max-retry-after under --preset are not modelled yet");
  }
  const preset = presetNamed(values.preset!, "--preset");
  const { overrides, range: asked } = presetOverrides(preset, values);
  const model = buildPreset(preset, overrides);
  const { range, cut } = presetRange(preset, model, asked);
  const seed = values.seed === undefined ? null : parseSeed("--seed", values.seed);
  checkSeedHasJitter(preset, model, values.seed);
  if (cut && asked !== null && model.stop) io.stderr.write(`note: ${model.stop.reason} The schedule ends at attempt ${range.last}.\n`);
  await writeSchedule(
    {
      model,
      comparison: comparisonFor(model),
      range,
      seed,
      capOffered: "capMs" in preset.parameters,
      text: presetScheduleText(preset, model, range, seed, stopRuleText(preset, stopRuleOf(preset, model))),
      renderTable: (rows, summaryLines, paint, lastRow, width) => renderPresetTable(rows, model.jittered, model.capMs, summaryLines, paint, lastRow, width),
      page: async () => ({
        command: await import("./html-output.js").then(({ commandLine, presetArguments }) => commandLine(presetArguments(preset.name, overrides, asked, seed))),
        calculator: modelCalculator(
          model,
          range.last,
          `The calculator and the sweep use backoff's own exponential formula (factor 2) with ${preset.library}'s first delay and cap; the chart and the table above are ${preset.library}'s own schedule.`,
        ),
      }),
    },
    output,
    io,
  );
  return 0;
}
