import { isSaturated } from "../../core/limits.js";
import { humanDuration } from "../../core/text/duration.js";
import { normalizePolicy } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import { modelCalculator } from "../../format/html/page-data.js";
import { presetScheduleText } from "../../format/preset-schedule.js";
import { renderPresetTable } from "../../format/preset-table.js";
import { stopRuleOf, stopRuleText } from "../../presets/stop-rule.js";
import type { Preset, PresetModel } from "../../presets/types.js";
import type { AttemptRange } from "../../core/schedule.js";
import { type RetryAfterView, ignoredView } from "../../core/retry-after/model.js";
import { presetDeadlineInput } from "../../core/deadline/preset-input.js";
import { deadlineSummary } from "../../core/deadline/summary.js";
import { UsageError } from "../shared/errors.js";
import { type TryTiming, timingFromValues } from "../../config/timing.js";
import type { Io } from "../shared/io.js";
import { parseSeed } from "../../config/jitter-options.js";
import type { OptionValues } from "../../config/option-values.js";
import { buildPreset, checkSeedHasJitter, presetNamed, presetOffers, presetOverrides, presetRange } from "../shared/preset-options.js";
import type { OutputSwitches } from "../shared/render.js";
import { type DeadlineView, writeSchedule } from "./schedule-output.js";

/** The linear comparison for a preset: its first non-zero un-jittered delay as base and step, and its cap. */
function comparisonFor(model: PresetModel) {
  const first = model.delay(1).delayMs;
  const base = first > 0 ? first : Math.max(model.delay(2).delayMs, 1);
  const cap = model.capMs !== null && model.capMs >= base && !isSaturated(base) ? model.capMs : null;
  return policyModel(normalizePolicy({ strategy: "linear", baseMs: isSaturated(base) ? Number.MAX_SAFE_INTEGER : base, capMs: cap }));
}

/**
 * Where a library gives up on the header (got past maxRetryAfter), the rows end before
 * that retry, said once on stderr; a library that would make no retry at all is told as
 * one line, as an elapsed-time stop that allows none is.
 */
function givenUpAt(preset: Preset, shown: { range: AttemptRange; cut: boolean }, view: RetryAfterView, io: Io): { range: AttemptRange; cut: boolean } {
  const at = view.givesUpAt;
  if (at === null || at > shown.range.last) return shown;
  if (at <= shown.range.first) {
    const from = at === 1 ? "" : ` from retry ${at}`;
    throw new UsageError(`--preset ${preset.name} makes no retry${from}: it gives up on the Retry-After (${humanDuration(view.header.ms)}) the failure before retry ${at} carries; ${view.rule}`);
  }
  io.stderr.write(`note: ${preset.name} gives up at retry ${at} on this Retry-After. The schedule ends at attempt ${at - 1}.\n`);
  return { range: { first: shown.range.first, last: at - 1 }, cut: true };
}

/**
 * With --attempt-time or --deadline: the library through the deadline model, its own time
 * limit (cenkalti's MaxElapsedTime, Kafka's delivery.timeout.ms, …) counted with the tries'
 * time, and combined with the deadline given.
 */
function presetDeadline(timing: TryTiming | null, model: PresetModel, range: AttemptRange, givesUpAt: number | null): DeadlineView | null {
  if (timing === null) return null;
  const found = presetDeadlineInput(model, timing.attemptTimeMs, timing.deadlineMs);
  const { stopText } = found;
  // A library that gives up on a Retry-After (got past maxRetryAfter) makes no retry from there.
  const input = givesUpAt === null ? found.input : { ...found.input, retries: Math.min(found.input.retries ?? Number.MAX_SAFE_INTEGER, givesUpAt - 1) };
  return { input, context: { attemptTimeMs: timing.attemptTimeMs, deadlineMs: input.deadlineMs, stopText, lastShown: range.last } };
}

/** `backoff --preset NAME`: the library's own schedule, through the one output path. */
export async function runPresetSchedule(values: OptionValues, output: OutputSwitches, io: Io): Promise<number> {
  const timing = timingFromValues(values);
  const preset = presetNamed(values.preset!, "--preset");
  const { overrides, range: asked } = presetOverrides(preset, values);
  const model = buildPreset(preset, overrides);
  const shown = presetRange(preset, model, asked);
  const header = overrides.retryAfter;
  // A library that does not read the header says so, and its schedule stays as it is.
  const retryAfter = header === undefined ? null : (model.retryAfter ?? ignoredView(header, preset.retryAfter));
  const given = retryAfter === null ? shown : givenUpAt(preset, shown, retryAfter, io);
  // A library whose time limit ends its retries, counted with the tries' time, sooner than with tries of no time:
  // the rows shown by default end at the first retry that never fires (Kafka's 122 retries in 120 s become 3 with 30 s tries).
  const timedLast = timing === null || asked !== null || model.timed === undefined ? null : deadlineSummary(presetDeadlineInput(model, timing.attemptTimeMs, timing.deadlineMs).input).neverFrom;
  const { range, cut } = timedLast === null || timedLast >= given.range.last ? given : { range: { first: given.range.first, last: timedLast }, cut: given.cut };
  const seed = values.seed === undefined ? null : parseSeed("--seed", values.seed);
  checkSeedHasJitter(preset, model, values.seed);
  if (cut && asked !== null && model.stop) io.stderr.write(`note: ${model.stop.reason} The schedule ends at attempt ${range.last}.\n`);
  await writeSchedule(
    {
      model,
      deadline: presetDeadline(timing, model, range, retryAfter?.givesUpAt ?? null),
      comparison: comparisonFor(model),
      range,
      seed,
      capOffered: presetOffers(preset, "capMs"),
      text: presetScheduleText(preset, model, range, seed, stopRuleText(preset, stopRuleOf(preset, model))),
      retryAfter,
      renderTable: (rows, summaryLines, paint, lastRow, width) =>
        renderPresetTable(rows, model.jittered, model.capMs, summaryLines, paint, retryAfter !== null && retryAfter.header.attempts !== null ? undefined : lastRow, width, retryAfter?.header.ms ?? null, timing !== null),
      page: async () => ({
        command: await import("../shared/html-output.js").then(({ commandLine, presetArguments }) => commandLine(presetArguments(preset.name, overrides, asked, seed))),
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
