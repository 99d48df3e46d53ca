import { type ComparedPolicy, compareByAttempt, compareLongRows, compareSpan, compareSummary, comparedRows } from "../../core/compare.js";
import type { CompareSummary } from "../../core/compare.js";
import { compareSummaryLines, renderCompareDelimited, renderCompareJson, renderCompareMarkdown } from "../../format/compare.js";
import { groupDigits } from "../../core/text/digits.js";
import type { ScaleKind } from "../../format/scale.js";
import { colorLevel } from "../shared/color.js";
import { chalkAt } from "../shared/chalk.js";
import { checkTableRows } from "../shared/table-rows.js";
import { outputWidth } from "../shared/width.js";
import { chartNeedsAscii } from "../shared/terminal.js";
import { loadConfig } from "../shared/config.js";
import { UsageError, shown } from "../shared/errors.js";
import { type Io, writeChunks } from "../shared/io.js";
import { parseAttempts } from "../../config/values.js";
import type { FormatName } from "../../format/registry.js";
import { checkPictureOptions, checkWalk } from "../shared/schedule-output.js";
import { type BuiltPolicy, policyFromConfig, policyFromSpec } from "../shared/policy-spec.js";

/** `backoff compare`'s options as commander hands them over. */
export interface CompareOptions {
  readonly config?: string;
  /** For every policy that does not set its own; absent: each policy's default (1..10, or a library's own count). */
  readonly attempts?: string;
  readonly format: FormatName;
  readonly chart?: boolean;
  readonly scale?: ScaleKind;
  readonly color: boolean;
}

/** Pictures are drawn from all their rows at once (the table and the machine formats stream). */
const MAX_PICTURE_ATTEMPTS = 1_000_000;

/** Every policy: the SPECs in order, then the config file's. */
async function comparedPolicies(specs: readonly string[], options: CompareOptions, io: Io): Promise<BuiltPolicy[]> {
  // Checked once here, so that a bad --attempts is reported as itself rather than under every SPEC.
  if (options.attempts !== undefined) parseAttempts("--attempts", options.attempts);
  const policies = specs.map((spec) => policyFromSpec(spec, options.attempts));
  if (options.config !== undefined) {
    const config = await loadConfig(options.config, io);
    for (const policy of config.policies) {
      const name = policy.name ?? config.name;
      try {
        policies.push(policyFromConfig(name, policy.options, options.attempts));
      } catch (error) {
        if (error instanceof UsageError) throw new UsageError(`policy ${shown(name)} in ${config.name}: ${error.message}`);
        throw error;
      }
    }
  }
  if (policies.length === 0) {
    throw new UsageError("compare needs a SPEC (a preset such as bullmq, or a strategy with overrides such as exponential:base=1s,cap=30s) or --config FILE");
  }
  const seen = new Set<string>();
  for (const policy of policies) {
    if (seen.has(policy.name)) throw new UsageError(`compare lists ${shown(policy.name)} twice; give each policy once`);
    seen.add(policy.name);
  }
  return policies;
}

function title(policies: readonly ComparedPolicy[]): string {
  const span = compareSpan(policies);
  const attempts = `attempts ${span.first}..${span.last}`;
  const names = policies.map((policy) => policy.name).join(" · ");
  return names.length <= 100 ? `${names} · ${attempts}` : `${policies.length} policies side by side · ${attempts}`;
}

/** `backoff compare SPEC… [--config FILE]`: several policies side by side. */
export async function runCompare(specs: readonly string[], options: CompareOptions, io: Io): Promise<number> {
  checkPictureOptions(options);
  const built = await comparedPolicies(specs, options, io);
  const policies: ComparedPolicy[] = built.map(({ name, model, range }) => ({ name, model, range }));
  const span = compareSpan(policies);
  if (options.format === "html") (await import("../shared/html-output.js")).checkPageRange(policies.map((policy) => policy.range), "--format html");
  if ((options.format === "svg" || options.chart) && span.last - span.first + 1 > MAX_PICTURE_ATTEMPTS) {
    throw new UsageError(
      `${options.chart ? "--chart" : "--format svg"} draws at most ${groupDigits(MAX_PICTURE_ATTEMPTS)} attempts, got ${groupDigits(span.last - span.first + 1)}; use --format csv (or tsv, json, markdown), which stream any range`,
    );
  }
  for (const policy of policies) {
    try {
      // Every format but CSV and TSV adds each policy up to its last attempt (the summary); those two stream.
      const streams = options.format === "csv" || options.format === "tsv";
      checkWalk({ model: policy.model, range: policy.range, seed: null }, { format: streams ? "csv" : "table" });
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`compare ${shown(policy.name)}: ${error.message}`);
      throw error;
    }
  }
  const jittered = policies.some((policy) => policy.model.jittered);
  let summaryOnce: CompareSummary | undefined;
  const summary = () => (summaryOnce ??= compareSummary(policies));
  const summaryLines = () => compareSummaryLines(summary());
  const charted = () => policies.map((policy) => ({ name: policy.name, rows: Array.from(comparedRows(policy)), capMs: policy.model.capMs }));
  switch (options.format) {
    case "csv":
    case "tsv":
      await writeChunks(io.stdout, renderCompareDelimited(compareLongRows(policies), jittered, options.format === "csv" ? "," : "\t"));
      break;
    case "json":
      await writeChunks(io.stdout, renderCompareJson(built.map(({ name, description }) => ({ name, description })), compareLongRows(policies), jittered, summary));
      break;
    case "markdown":
      await writeChunks(io.stdout, renderCompareMarkdown(policies.map((policy) => policy.name), compareByAttempt(policies), summaryLines));
      break;
    case "svg": {
      const { renderCompareSvg } = await import("../../format/compare-svg.js");
      await writeChunks(io.stdout, [renderCompareSvg(charted(), { title: title(policies), scale: options.scale ?? null })]);
      break;
    }
    case "html": {
      const { commandLine, comparePageText } = await import("../shared/html-output.js");
      const command = commandLine([
        "compare",
        ...specs.map((spec) => spec.trim()),
        ...(options.config === undefined ? [] : ["--config", options.config]),
        ...(options.attempts === undefined ? [] : ["--attempts", options.attempts.trim()]),
      ]);
      const series = policies.map((policy) => ({
        name: policy.name,
        rows: Array.from(comparedRows(policy)),
        capMs: policy.model.capMs,
        jittered: policy.model.jittered,
        sampled: false,
      }));
      await writeChunks(io.stdout, [await comparePageText({ kind: "compare", title: title(policies), command, summaryLines: summaryLines(), scale: null, series })]);
      break;
    }
    case "table": {
      checkTableRows(span.first, span.last);
      // Loaded only here, as for the schedule's table: chalk and the drawing code.
      const [paint, { renderCompareTable }] = await Promise.all([chalkAt(colorLevel(options.color, io.stdout.isTTY === true, io.env)), import("../../format/compare-table.js")]);
      const columns = policies.map((policy) => ({ name: policy.name, jittered: policy.model.jittered }));
      // A terminal's width (or COLUMNS) is fitted; a pipe gets the tables laid out for 80 columns, as always.
      const fitted = outputWidth(io);
      const width = fitted ?? io.stdout.columns ?? 80;
      await writeChunks(io.stdout, renderCompareTable(columns, () => compareByAttempt(policies), summaryLines, { width, paint, fit: fitted !== null }));
      if (options.chart) {
        const [{ renderCompareChart }, { chartPaint }] = await Promise.all([import("../../format/compare-chart.js"), import("../../format/chart.js")]);
        const chart = renderCompareChart(charted(), { scale: options.scale ?? null, width, ascii: chartNeedsAscii(io.env), paint: chartPaint(paint) });
        await writeChunks(io.stdout, [`\n${chart}`]);
      }
      break;
    }
  }
  return 0;
}
