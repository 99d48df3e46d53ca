import { isSaturated } from "../core/limits.js";
import { type Policy, type Strategy, linearComparison, normalizePolicy } from "../core/policy.js";
import { policyModel } from "../core/policy-model.js";
import { type AttemptRange, type ScheduleRow, scheduleRows, scheduleSummary } from "../core/schedule.js";
import { scheduleColumns } from "../format/columns.js";
import { renderCsv, renderTsv } from "../format/delimited.js";
import { renderJson } from "../format/json.js";
import { renderMarkdown } from "../format/markdown.js";
import { SATURATED_TEXT } from "../format/numbers.js";
import { policyJson, summaryJson } from "../format/policy-json.js";
import { scheduleSummaryLines } from "../format/summary.js";
import { colorLevel } from "./color.js";
import { UsageError } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { parseAttempts, parseDuration, parseFactor } from "./parse.js";

export const FORMATS = ["table", "csv", "tsv", "json", "markdown"] as const;
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
  /** A library preset (src/presets): the other options become the library's own parameters. */
  preset?: string;
  /** Raw: under --preset each library parses its own jitter. */
  jitter?: string;
  /** Under --preset: the library's elapsed-time limit (cenkalti MaxElapsedTime, p-retry maxRetryTime). */
  maxElapsed?: string;
}

/** A table is laid out in memory (its column widths depend on every row); the machine formats stream. */
export const MAX_TABLE_ROWS = 1_000_000;

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

/** `given`: the options set on the command line rather than by default (presets need to know). */
export async function runSchedule(options: ScheduleOptions, io: Io, given: ReadonlySet<string> = new Set()): Promise<number> {
  if (options.preset !== undefined) {
    const { runPresetSchedule } = await import("./preset-command.js");
    return runPresetSchedule(options, given, io);
  }
  if (options.jitter !== undefined) throw new UsageError("--jitter is only read under --preset <name> for now (each library's own jitter parameter)");
  if (options.maxElapsed !== undefined) throw new UsageError("--max-elapsed applies only under --preset cenkalti or p-retry");
  const { policy, range } = policyFromOptions(options);
  const model = policyModel(policy);
  const comparison = policyModel(linearComparison(policy));
  const rows = warnOnSaturation(scheduleRows(model, comparison, range), io);
  const columns = scheduleColumns(model.jittered, false);
  const summary = () => scheduleSummary(model, comparison, range);
  const summaryLines = () => scheduleSummaryLines(summary(), { capMs: model.capMs, isLinear: policy.strategy === "linear" });
  switch (options.format) {
    case "csv":
      await writeChunks(io.stdout, renderCsv(rows, columns));
      break;
    case "tsv":
      await writeChunks(io.stdout, renderTsv(rows, columns));
      break;
    case "json":
      await writeChunks(io.stdout, renderJson(policyJson(policy, range), rows, columns, () => summaryJson(summary())));
      break;
    case "markdown":
      await writeChunks(io.stdout, renderMarkdown(rows, columns, () => summaryLines()));
      break;
    case "table": {
      const count = range.last - range.first + 1;
      if (count > MAX_TABLE_ROWS) {
        throw new UsageError(`--format table shows at most ${MAX_TABLE_ROWS.toLocaleString("en-US")} attempts, got ${count.toLocaleString("en-US")}; use --format csv (or tsv, json, markdown), which stream any range`);
      }
      // Loaded only here: chalk and cli-table3 cost start-up time that the machine formats never pay.
      const [{ Chalk }, { renderScheduleTable }] = await Promise.all([import("chalk"), import("../format/table.js")]);
      const paint = new Chalk({ level: colorLevel(options.color, io.stdout.isTTY === true, io.env) });
      const text = renderScheduleTable(Array.from(rows), summaryLines(), paint);
      await writeChunks(io.stdout, [text]);
      break;
    }
  }
  return 0;
}
