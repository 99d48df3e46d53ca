import type { AttemptRange, ScheduleSummary } from "../core/schedule.js";
import type { PresetDescription, PresetModel } from "../core/preset.js";
import { msJson } from "./numbers.js";
import { summaryJson } from "./policy-json.js";
import type { ScheduleText } from "./schedule-text.js";
import { durationWithMs, scheduleSummaryLines } from "./summary.js";

/** The library's parameters in effect, by its own names: "initialInterval 500, multiplier 1.5". */
export function parameterText(model: PresetModel): string {
  return Object.entries(model.parameters)
    .map(([name, value]) => `${name} ${value === null ? "none" : String(value)}`)
    .join(", ");
}

/**
 * How the whole-ms columns are rounded, said once, where the library works below a millisecond
 * (its timeUnit): each value rounded half up, and each total the sum of the delays shown, so
 * that cumulative_ms is always the total before it plus the row's delay_ms (issue 23, item 4).
 * A model that totals by the library's own sum (an elapsed-time stop: cenkalti) says its own
 * rounding in its notes.
 */
export function roundingLine(preset: PresetDescription, model: PresetModel): string | null {
  if (model.totals !== undefined || preset.timeUnit === undefined) return null;
  const totals = "cumulative_ms adds up the delay_ms shown, each total within half a ms per attempt of the";
  return `${preset.name} computes in ${preset.timeUnit}: delay_ms is rounded half up to whole ms, and ${totals} unrounded one.`;
}

/**
 * What is said around a preset's rows: the library, its parameters, where it stops (`stopping`,
 * the sentence the caller words from the library's stopping rule), its notes.
 */
export function presetScheduleText(preset: PresetDescription, model: PresetModel, range: AttemptRange, seed: number | null, stopping: string): ScheduleText {
  const lines = (summary: ScheduleSummary, sampleTotalMs: number | null) => {
    const lines = [`Preset ${preset.name} (${preset.library}): ${parameterText(model)}.`];
    lines.push(...scheduleSummaryLines(summary, { capMs: model.capMs, isLinear: false, jitterFree: model.jittered }));
    if (model.jittered) lines.push(`With jitter the total after attempt ${summary.last} lies between ${durationWithMs(summary.totalMinMs)} and ${durationWithMs(summary.totalMaxMs)}.`);
    if (sampleTotalMs !== null) lines.push(`Sample (seed ${seed}): total wait ${durationWithMs(sampleTotalMs)}; drawn from the library's own distribution.`);
    if (model.stop) lines.push(model.stop.reason);
    lines.push(...model.notes);
    const rounding = roundingLine(preset, model);
    if (rounding !== null) lines.push(rounding);
    return lines;
  };
  return {
    policyJson: () => ({
      preset: preset.name,
      library: preset.library,
      source: `${preset.repository} ${preset.source}`,
      parameters: model.parameters,
      jittered: model.jittered,
      may_exceed_cap: model.mayExceedCap,
      cap_ms: model.capMs,
      first_attempt: range.first,
      last_attempt: range.last,
      stopping,
      stop:
        model.stop === null
          ? null
          : { last_attempt: model.stop.lastAttempt, fewest: model.stop.fewest, most: model.stop.most, limit_ms: model.stop.limitMs, reason: model.stop.reason },
      seed,
    }),
    summaryJson: (summary, sampleTotalMs) => ({
      ...summaryJson(summary),
      total_min_ms: msJson(summary.totalMinMs),
      total_max_ms: msJson(summary.totalMaxMs),
      ...(sampleTotalMs === null ? {} : { sample_total_ms: msJson(sampleTotalMs) }),
      notes: lines(summary, sampleTotalMs).slice(1),
    }),
    summaryLines: lines,
    title: `${preset.name} · ${parameterText(model)} · attempts ${range.first}..${range.last}`,
  };
}
