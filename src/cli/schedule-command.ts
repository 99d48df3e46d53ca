import { isSaturated } from "../core/limits.js";
import { type Policy, type Strategy, linearComparison, normalizePolicy } from "../core/policy.js";
import { type Jitter, NO_JITTER, jitterName, jitteredPolicyModel } from "../core/jitter/index.js";
import { policyModel } from "../core/policy-model.js";
import { type AttemptRange, type ScheduleRow, scheduleRows, scheduleSummary } from "../core/schedule.js";
import { scheduleColumns } from "../format/columns.js";
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
  /** none, full, equal, decorrelated or a fraction in (0, 1]; absent means none. */
  jitter?: string;
  /** A whole number: draw one sampled sequence with this seed. */
  seed?: string;
}

/** A table is laid out in memory (its column widths depend on every row); the machine formats stream. */
export const MAX_TABLE_ROWS = 1_000_000;

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

export async function runSchedule(options: ScheduleOptions, io: Io): Promise<number> {
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
    case "table": {
      const count = range.last - range.first + 1;
      if (count > MAX_TABLE_ROWS) {
        throw new UsageError(`--format table shows at most ${MAX_TABLE_ROWS.toLocaleString("en-US")} attempts, got ${count.toLocaleString("en-US")}; use --format csv (or tsv, json, markdown), which stream any range`);
      }
      // Loaded only here: chalk and cli-table3 cost start-up time that the machine formats never pay.
      const [{ Chalk }, { renderScheduleTable }] = await Promise.all([import("chalk"), import("../format/table.js")]);
      const paint = new Chalk({ level: colorLevel(options.color, io.stdout.isTTY === true, io.env) });
      const text = renderScheduleTable(Array.from(rows), summaryLines(), paint, { jittered: model.jittered, sampled: seed !== null });
      await writeChunks(io.stdout, [text]);
      break;
    }
  }
  return 0;
}
