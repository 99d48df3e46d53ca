import { isSaturated } from "../core/limits.js";
import { normalizePolicy } from "../core/policy.js";
import { policyModel } from "../core/policy-model.js";
import { type AttemptRange, type ScheduleRow, scheduleRows, scheduleSummary } from "../core/schedule.js";
import { scheduleColumns } from "../format/columns.js";
import { renderCsv, renderTsv } from "../format/delimited.js";
import { renderJson } from "../format/json.js";
import { renderMarkdown } from "../format/markdown.js";
import { msJson } from "../format/numbers.js";
import { summaryJson } from "../format/policy-json.js";
import { OVERRIDE_FLAGS, offeredText, presetDetailText, presetListText } from "../format/preset-text.js";
import { durationWithMs, scheduleSummaryLines } from "../format/summary.js";
import { PRESETS, closestPreset, findPreset } from "../presets/registry.js";
import { type OverrideName, type Preset, PresetError, type PresetModel, type PresetOverrides } from "../presets/types.js";
import { colorLevel } from "./color.js";
import { UsageError, shown } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { parseAttempts, parseDuration, parseFactor } from "./parse.js";
import { type ScheduleOptions } from "./schedule-command.js";
/** The table is laid out in memory here (see schedule-command for the streamed one). */
const MAX_TABLE_ROWS = 1_000_000;

/** The preset by name, or a UsageError suggesting the closest. */
export function presetNamed(name: string, option: string): Preset {
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`${option} has no preset ${shown(name)}; did you mean "${closestPreset(name)}"? (backoff presets lists all ${PRESETS.length})`);
  return preset;
}

/** `backoff presets [name]`. */
export async function runPresets(name: string | undefined, io: Io): Promise<number> {
  const text = name === undefined ? presetListText(PRESETS) : presetDetailText(presetNamed(name, "presets"));
  await writeChunks(io.stdout, [text]);
  return 0;
}

/** The options given on the command line (not defaults), read as the library's own parameters. */
export function presetOverrides(preset: Preset, options: ScheduleOptions, given: ReadonlySet<string>): { overrides: PresetOverrides; range: AttemptRange | null } {
  const offered = (name: OverrideName) => {
    if (!(name in preset.parameters)) {
      throw new UsageError(`${OVERRIDE_FLAGS[name]} has no counterpart in ${preset.name}; it offers ${offeredText(preset)}`);
    }
  };
  if (given.has("step")) throw new UsageError(`--step has no counterpart in ${preset.name}; it offers ${offeredText(preset)}`);
  const overrides: { -readonly [K in keyof PresetOverrides]: PresetOverrides[K] } = {};
  if (given.has("strategy")) {
    offered("strategy");
    overrides.strategy = options.strategy;
  }
  if (given.has("base")) {
    offered("baseMs");
    overrides.baseMs = parseDuration("--base", options.base);
  }
  if (options.cap !== undefined) {
    offered("capMs");
    overrides.capMs = parseDuration("--cap", options.cap);
  }
  if (options.factor !== undefined) {
    offered("factor");
    overrides.factor = parseFactor("--factor", options.factor);
  }
  if (options.jitter !== undefined) {
    offered("jitter");
    overrides.jitter = options.jitter;
  }
  if (options.maxElapsed !== undefined) {
    offered("maxElapsedMs");
    overrides.maxElapsedMs = parseDuration("--max-elapsed", options.maxElapsed);
  }
  let range: AttemptRange | null = null;
  if (given.has("attempts")) {
    range = parseAttempts("--attempts", options.attempts);
    if (!/range only/.test(preset.parameters.retries ?? "")) overrides.retries = range.last;
  }
  return { overrides, range };
}

/** Builds the model, turning a value the library rejects into a UsageError. */
export function buildPreset(preset: Preset, overrides: PresetOverrides): PresetModel {
  try {
    return preset.build(overrides);
  } catch (error) {
    if (error instanceof PresetError || error instanceof RangeError) throw new UsageError(`--preset ${preset.name}: ${error.message}`);
    throw error;
  }
}

/** The attempts shown: the user's range, else the library's retry count, ending where the library stops. */
export function presetRange(preset: Preset, model: PresetModel, range: AttemptRange | null): { range: AttemptRange; cut: boolean } {
  const wanted = range ?? { first: 1, last: model.retries === null || model.retries === 0 ? preset.defaultAttempts : model.retries };
  if (model.stop === null) return { range: wanted, cut: false };
  if (wanted.first > model.stop.lastAttempt) {
    throw new UsageError(`--attempts ${wanted.first}..${wanted.last} starts after the last retry of ${preset.name}: ${model.stop.reason}`);
  }
  const last = range === null ? model.stop.lastAttempt : Math.min(wanted.last, model.stop.lastAttempt);
  return { range: { first: wanted.first, last }, cut: last < wanted.last || range === null };
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
  if (cut && asked !== null && model.stop) io.stderr.write(`note: ${model.stop.reason} The schedule ends at attempt ${range.last}.\n`);
  const comparison = comparisonFor(model);
  const rows: Iterable<ScheduleRow> = scheduleRows(model, comparison, range);
  const columns = scheduleColumns(model.jittered, false);
  const summary = () => scheduleSummary(model, comparison, range);
  const summaryLines = () => {
    const s = summary();
    const lines = [`Preset ${preset.name} (${preset.library}): ${parameterText(model)}.`];
    lines.push(...scheduleSummaryLines(s, { capMs: model.capMs, isLinear: false }));
    if (model.jittered) lines.push(`With jitter the total after attempt ${s.last} lies between ${durationWithMs(s.totalMinMs)} and ${durationWithMs(s.totalMaxMs)}.`);
    if (model.stop) lines.push(model.stop.reason);
    lines.push(...model.notes);
    return lines;
  };
  const json = () => ({
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
  });
  switch (options.format) {
    case "csv":
      await writeChunks(io.stdout, renderCsv(rows, columns));
      break;
    case "tsv":
      await writeChunks(io.stdout, renderTsv(rows, columns));
      break;
    case "json":
      await writeChunks(
        io.stdout,
        renderJson(json(), rows, columns, () => {
          const s = summary();
          return { ...summaryJson(s), total_min_ms: msJson(s.totalMinMs), total_max_ms: msJson(s.totalMaxMs), notes: summaryLines().slice(1) };
        }),
      );
      break;
    case "markdown":
      await writeChunks(io.stdout, renderMarkdown(rows, columns, () => summaryLines()));
      break;
    case "table": {
      const count = range.last - range.first + 1;
      if (count > MAX_TABLE_ROWS) {
        throw new UsageError(`--format table shows at most ${MAX_TABLE_ROWS.toLocaleString("en-US")} attempts, got ${count.toLocaleString("en-US")}; use --format csv (or tsv, json, markdown), which stream any range`);
      }
      const [{ Chalk }, { renderPresetTable }] = await Promise.all([import("chalk"), import("../format/preset-table.js")]);
      const paint = new Chalk({ level: colorLevel(options.color, io.stdout.isTTY === true, io.env) });
      await writeChunks(io.stdout, [renderPresetTable(Array.from(rows), model.jittered, model.capMs, summaryLines(), paint)]);
      break;
    }
  }
  return 0;
}
