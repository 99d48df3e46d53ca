import { isSaturated } from "../core/limits.js";
import { type Policy, type Strategy, linearComparison, normalizePolicy } from "../core/policy.js";
import { type Jitter, NO_JITTER, jitterName, jitteredPolicyModel } from "../core/jitter/index.js";
import { policyModel } from "../core/policy-model.js";
import { type AttemptRange, type ScheduleRow, scheduleRows, scheduleSummary } from "../core/schedule.js";
import { scheduleColumns } from "../format/columns.js";
import type { ScaleKind } from "../format/scale.js";
import { renderCsv, renderTsv } from "../format/delimited.js";
import { renderJson } from "../format/json.js";
import { renderMarkdown } from "../format/markdown.js";
import { SATURATED_TEXT } from "../format/numbers.js";
import { policyJson, summaryJson } from "../format/policy-json.js";
import { scheduleSummaryLines } from "../format/summary.js";
import { jitterSummaryJson, jitterSummaryLines } from "../format/jitter-summary.js";
import { colorLevel } from "./color.js";
import { UsageError } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "./jitter-options.js";
import { parseAttempts, parseDuration, parseFactor } from "./parse.js";
import { seededRandom } from "./random.js";

export const FORMATS = ["table", "csv", "tsv", "json", "markdown", "svg"] as const;
export type Format = (typeof FORMATS)[number];

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

/** Up to this many rows, a table's columns are measured exactly rather than bounded. */
const MEASURED_TABLE_ROWS = 5000;

/** A seeded sequence is drawn from attempt 1, so a range with --seed must start by here. */
export const MAX_SAMPLED_START = 10_000_000;

export const DEFAULT_BASE = "1s";
export const DEFAULT_ATTEMPTS = "1..10";

/** Turns the option strings into a checked policy, naming the option in every error. */
export function policyFromOptions(options: ScheduleOptions): { policy: Policy; range: AttemptRange } {
  const baseMs = parseDuration("--base", options.base);
  const capMs = options.cap === undefined ? null : parseDuration("--cap", options.cap);
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

/** Passes rows through, warning once on stderr when a value first saturates. */
function* warnOnSaturation(rows: Iterable<ScheduleRow>, io: Io): Generator<ScheduleRow> {
  let warned = false;
  for (const row of rows) {
    if (!warned && (isSaturated(row.cumulativeMs) || isSaturated(row.linearCumulativeMs))) {
      warned = true;
      io.stderr.write(
        `warning: from attempt ${row.attempt} the totals reach 2^53 ms (about 285,616 years) and cannot be exact; they are shown as ${SATURATED_TEXT}\n`,
      );
    }
    yield row;
  }
}

/** --chart draws under the table and --scale shapes a picture: both refuse a format they cannot apply to. */
export function checkPictureOptions(options: ScheduleOptions): void {
  if (options.chart && options.format !== "table") {
    throw new UsageError(`--chart draws under the table, so it needs --format table, got --format ${options.format} (for a picture file use --format svg)`);
  }
  if (options.scale !== undefined && !options.chart && options.format !== "svg") {
    throw new UsageError(`--scale applies only to --chart and --format svg, got --scale ${options.scale} with neither`);
  }
}

/** Pictures are drawn from all their rows at once, so their range is bounded; the other formats stream. */
const MAX_PICTURE_ROWS = 1_000_000;

function checkInMemoryRange(range: AttemptRange, what: string): void {
  const count = range.last - range.first + 1;
  if (count > MAX_PICTURE_ROWS) {
    throw new UsageError(`${what} draws at most ${MAX_PICTURE_ROWS.toLocaleString("en-US")} attempts, got ${count.toLocaleString("en-US")}; use --format csv (or tsv, json, markdown), which stream any range`);
  }
}

/** `--jitter` and `--seed`, checked against the policy. */
export function jitterFromOptions(options: { jitter?: string; seed?: string }, policy: Policy): { jitter: Jitter; seed: number | null } {
  const jitter = options.jitter === undefined ? NO_JITTER : parseJitter("--jitter", options.jitter);
  const seed = options.seed === undefined ? null : parseSeed("--seed", options.seed);
  checkJitterNeedsCap(jitter, policy.capMs);
  return { jitter, seed };
}

/** Passes rows through, remembering the last sampled total for the summary. */
function* trackSample(rows: Iterable<ScheduleRow>, last: { sampleTotalMs: number | null }): Generator<ScheduleRow> {
  for (const row of rows) {
    last.sampleTotalMs = row.sampleCumulativeMs;
    yield row;
  }
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
  if (seed !== null && range.first > MAX_SAMPLED_START) {
    throw new UsageError(
      `--seed draws the sequence from attempt 1, so --attempts must start at most at ${MAX_SAMPLED_START.toLocaleString("en-US")} with it, got ${range.first.toLocaleString("en-US")}`,
    );
  }
  const model = jitteredPolicyModel(policy, jitter);
  const comparison = policyModel(linearComparison(policy));
  const random = seed === null ? null : seededRandom(seed);
  const sample = { sampleTotalMs: null as number | null };
  const rows = trackSample(warnOnSaturation(scheduleRows(model, comparison, range, random), io), sample);
  const columns = scheduleColumns(model.jittered, seed !== null);
  let summaryOnce: ReturnType<typeof scheduleSummary> | undefined;
  const summary = () => (summaryOnce ??= scheduleSummary(model, comparison, range));
  const jitterContext = () => ({ jitter, seed, sampleTotalMs: sample.sampleTotalMs });
  const summaryLines = () => [
    ...scheduleSummaryLines(summary(), { capMs: model.capMs, isLinear: policy.strategy === "linear" }),
    ...jitterSummaryLines(summary(), jitterContext()),
  ];
  const policyObject = () => (jitter.kind === "none" && seed === null ? policyJson(policy, range) : { ...policyJson(policy, range), jitter: jitterName(jitter), seed });
  switch (options.format) {
    case "csv":
      await writeChunks(io.stdout, renderCsv(rows, columns));
      break;
    case "tsv":
      await writeChunks(io.stdout, renderTsv(rows, columns));
      break;
    case "json":
      await writeChunks(io.stdout, renderJson(policyObject(), rows, columns, () => ({ ...summaryJson(summary()), ...jitterSummaryJson(summary(), jitterContext()) })));
      break;
    case "markdown":
      await writeChunks(io.stdout, renderMarkdown(rows, columns, () => summaryLines()));
      break;
    case "svg": {
      checkInMemoryRange(range, "--format svg");
      const { renderScheduleSvg, policyTitle } = await import("../format/svg.js");
      const svg = renderScheduleSvg(Array.from(rows), { title: policyTitle(policy, range), capMs: model.capMs, scale: options.scale ?? null });
      await writeChunks(io.stdout, [svg]);
      break;
    }
    case "table": {
      // Loaded only here: chalk and cli-table3 cost start-up time that the machine formats never pay.
      const [{ Chalk }, { renderScheduleTable }] = await Promise.all([import("chalk"), import("../format/table.js")]);
      const paint = new Chalk({ level: colorLevel(options.color, io.stdout.isTTY === true, io.env) });
      if (options.chart) checkInMemoryRange(range, "table --chart");
      // Every pass draws the same sample: a fresh source from the same seed.
      const freshRows = (r: AttemptRange = range) => scheduleRows(model, comparison, r, seed === null ? null : seededRandom(seed));
      // Short tables are measured (two passes; only the second warns); long ones take
      // their widths from the last row, so the first line appears at once.
      const measured = range.last - range.first < MEASURED_TABLE_ROWS;
      let pass = measured ? 0 : 1;
      const tableRows = () => (pass++ === 0 ? freshRows() : rows);
      const lastRow = measured ? undefined : freshRows({ first: range.last, last: range.last }).next().value;
      const tableOptions = { jittered: model.jittered, sampled: seed !== null };
      await writeChunks(io.stdout, renderScheduleTable(tableRows, summaryLines, paint, tableOptions, lastRow ?? undefined));
      if (options.chart) {
        const { renderScheduleChart, chartNeedsAscii, chartPaint } = await import("../format/chart.js");
        const chart = renderScheduleChart(Array.from(freshRows()), {
          capMs: model.capMs,
          scale: options.scale ?? null,
          width: io.stdout.columns ?? 80,
          ascii: chartNeedsAscii(io.env),
          paint: chartPaint(paint),
        });
        await writeChunks(io.stdout, [`\n${chart}`]);
      }
      break;
    }
  }
  return 0;
}
