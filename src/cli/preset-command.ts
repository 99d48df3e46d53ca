import { isSaturated } from "../core/limits.js";
import { normalizePolicy } from "../core/policy.js";
import { policyModel } from "../core/policy-model.js";
import type { ScheduleSummary } from "../core/schedule.js";
import { msJson } from "../format/numbers.js";
import { summaryJson } from "../format/policy-json.js";
import { renderPresetTable } from "../format/preset-table.js";
import { presetDetailText, presetListText } from "../format/preset-text.js";
import { durationWithMs, scheduleSummaryLines } from "../format/summary.js";
import { PRESETS } from "../presets/registry.js";
import type { PresetModel } from "../presets/types.js";
import { type Io, writeChunks } from "./io.js";
import { parseSeed } from "./jitter-options.js";
import { buildPreset, presetNamed, presetOverrides, presetRange } from "./preset-options.js";
import type { ScheduleOptions } from "./schedule-command.js";
import { type ScheduleView, writeSchedule } from "./schedule-output.js";

/** `backoff presets [name]`. */
export async function runPresets(name: string | undefined, io: Io): Promise<number> {
  const text = name === undefined ? presetListText(PRESETS) : presetDetailText(presetNamed(name, "presets"));
  await writeChunks(io.stdout, [text]);
  return 0;
}

/** The linear comparison for a preset: its first non-zero un-jittered delay as base and step, and its cap. */
function comparisonFor(model: PresetModel) {
  const first = model.delay(1).delayMs;
  const base = first > 0 ? first : Math.max(model.delay(2).delayMs, 1);
  const cap = model.capMs !== null && model.capMs >= base && !isSaturated(base) ? model.capMs : null;
  return policyModel(normalizePolicy({ strategy: "linear", baseMs: isSaturated(base) ? Number.MAX_SAFE_INTEGER : base, capMs: cap }));
}

function parameterText(model: PresetModel): string {
  return Object.entries(model.parameters)
    .map(([name, value]) => `${name} ${value === null ? "none" : String(value)}`)
    .join(", ");
}

export async function runPresetSchedule(options: ScheduleOptions, given: ReadonlySet<string>, io: Io): Promise<number> {
  const preset = presetNamed(options.preset!, "--preset");
  const { overrides, range: asked } = presetOverrides(preset, options, given);
  const model = buildPreset(preset, overrides);
  const { range, cut } = presetRange(preset, model, asked);
  const seed = options.seed === undefined ? null : parseSeed("--seed", options.seed);
  if (cut && asked !== null && model.stop) io.stderr.write(`note: ${model.stop.reason} The schedule ends at attempt ${range.last}.\n`);
  const lines = (summary: ScheduleSummary, sampleTotalMs: number | null) => {
    const lines = [`Preset ${preset.name} (${preset.library}): ${parameterText(model)}.`];
    lines.push(...scheduleSummaryLines(summary, { capMs: model.capMs, isLinear: false }));
    if (model.jittered) lines.push(`With jitter the total after attempt ${summary.last} lies between ${durationWithMs(summary.totalMinMs)} and ${durationWithMs(summary.totalMaxMs)}.`);
    if (sampleTotalMs !== null) lines.push(`Sample (seed ${seed}): total wait ${durationWithMs(sampleTotalMs)}; drawn from the library's own distribution.`);
    if (model.stop) lines.push(model.stop.reason);
    lines.push(...model.notes);
    return lines;
  };
  const view: ScheduleView = {
    model,
    comparison: comparisonFor(model),
    range,
    seed,
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
      stop: model.stop === null ? null : { last_attempt: model.stop.lastAttempt, reason: model.stop.reason },
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
    renderTable: (rows, summaryLines, paint, lastRow) => renderPresetTable(rows, model.jittered, model.capMs, summaryLines, paint, lastRow),
  };
  await writeSchedule(view, options, io);
  return 0;
}
