import { groupDigits } from "../../core/text/digits.js";
import type { ChalkInstance } from "chalk";
import { isSaturated } from "../../core/limits.js";
import type { ScheduleModel } from "../../core/model.js";
import { type AttemptRange, type ScheduleRow, type ScheduleSummary, scheduleRows, scheduleSummary } from "../../core/schedule.js";
import { scheduleColumns } from "../../format/columns.js";
import { renderCsv, renderTsv } from "../../format/delimited.js";
import { renderJson } from "../../format/json.js";
import { renderMarkdown } from "../../format/markdown.js";
import { SATURATED_TEXT } from "../../format/numbers.js";
import type { FormatName } from "../../format/registry.js";
import type { ScaleKind } from "../../format/scale.js";
import type { ScheduleText } from "../../format/schedule-text.js";
import { colorLevel } from "./color.js";
import { UsageError } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { seededRandom } from "./random.js";
import { chalkAt } from "./chalk.js";
import { checkTableRows } from "./table-rows.js";
import { chartNeedsAscii } from "./terminal.js";
import type { CalculatorPolicy } from "../../format/html/page-data.js";
import { outputWidth } from "./width.js";


/** How a schedule is written: the options every schedule (the calculator's or a preset's) shares. */
export interface OutputOptions {
  readonly format: FormatName;
  readonly color: boolean;
  readonly chart?: boolean;
  readonly scale?: ScaleKind;
}

/** What is written: a model over a range, and what to say about it. */
export interface ScheduleView {
  readonly model: ScheduleModel;
  /** The linear schedule shown for contrast. */
  readonly comparison: ScheduleModel;
  readonly range: AttemptRange;
  /** Draw one sampled sequence with this seed, or null. */
  readonly seed: number | null;
  /** What is said around the rows: JSON policy and summary, the lines under a table, a picture's title. */
  readonly text: ScheduleText;
  /**
   * A table of its own (presets), streamed like the default one: rows twice, or once with the
   * last row bounding the widths; fitted to `width` (null: the full table).
   */
  readonly renderTable?: (
    rows: () => Iterable<ScheduleRow>,
    summaryLines: () => readonly string[],
    paint: ChalkInstance,
    lastRow: ScheduleRow | undefined,
    width: number | null,
  ) => Iterable<string>;
  /** What the HTML page adds: the command line that prints this schedule, and its calculator's policy. */
  readonly page: () => Promise<{ readonly command: string; readonly calculator: CalculatorPolicy }>;
}

/** What closes a JSON schedule cut short by Ctrl-C after its last whole row: no summary (the rows stopped early). */
export const JSON_INTERRUPTED_TAIL = '\n],\n"summary":null,"interrupted":true}\n';

/** Up to this many rows, a table's columns are measured exactly rather than bounded. */
const MEASURED_TABLE_ROWS = 5000;

/** Pictures (and tables of their own) are made from all their rows at once, so their range is bounded; the rest streams. */
const MAX_IN_MEMORY_ROWS = 1_000_000;

function checkInMemoryRange(range: AttemptRange, what: string): void {
  const count = range.last - range.first + 1;
  if (count > MAX_IN_MEMORY_ROWS) {
    throw new UsageError(
      `${what} draws at most ${groupDigits(MAX_IN_MEMORY_ROWS)} attempts, got ${groupDigits(count)}; use --format csv (or tsv, json, markdown), which stream any range`,
    );
  }
}

/**
 * The furthest attempt whose totals are added up one attempt at a time. The un-jittered
 * schedules have closed forms; a jittered or library schedule is summed attempt by
 * attempt until its delays stop changing (its cap), and a seeded sample is always drawn
 * from attempt 1.
 */
export const MAX_WALKED_ATTEMPT = 10_000_000;

export function checkWalk(view: Pick<ScheduleView, "model" | "range" | "seed">, options: Pick<OutputOptions, "format">): void {
  const { model, range, seed } = view;
  const limit = groupDigits(MAX_WALKED_ATTEMPT);
  if (seed !== null && range.first > MAX_WALKED_ATTEMPT) {
    throw new UsageError(`--seed draws the sequence from attempt 1, so --attempts must start at most at ${limit} with it, got ${groupDigits(range.first)}`);
  }
  const walks = model.jittered || !model.cumulativeMs;
  const steady = model.steadyFrom();
  // A table sizes its columns from the last row, so it needs the totals there too.
  const furthest = options.format === "table" || options.format === "svg" ? range.last : range.first;
  if (walks && (steady === null || steady > MAX_WALKED_ATTEMPT) && furthest > MAX_WALKED_ATTEMPT) {
    throw new UsageError(
      `--attempts reaches attempt ${groupDigits(furthest)}, but with jitter or a preset the totals are added up attempt by attempt, up to ${limit}; ` +
        `give a --cap (the delays then stop changing) or a range within ${limit}`,
    );
  }
}

/** --chart draws under the table and --scale shapes a picture: both refuse a format they cannot apply to. */
export function checkPictureOptions(options: OutputOptions): void {
  if (options.chart && options.format !== "table") {
    throw new UsageError(`--chart draws under the table, so it needs --format table, got --format ${options.format} (for a picture file use --format svg)`);
  }
  if (options.scale !== undefined && !options.chart && options.format !== "svg") {
    throw new UsageError(`--scale applies only to --chart and --format svg, got --scale ${options.scale} with neither`);
  }
}

/**
 * Passes rows through, warning once on stderr when a total first saturates, and
 * remembering the last sampled total for the summary (one pass, one generator).
 */
function* watchRows(rows: Iterable<ScheduleRow>, io: Io, sample: { totalMs: number | null }): Generator<ScheduleRow> {
  let warned = false;
  for (const row of rows) {
    if (!warned && (isSaturated(row.cumulativeMs) || isSaturated(row.linearCumulativeMs))) {
      warned = true;
      io.stderr.write(
        `warning: from attempt ${row.attempt} the totals reach 2^53 ms (about 285,616 years) and cannot be exact; they are shown as ${SATURATED_TEXT}\n`,
      );
    }
    sample.totalMs = row.sampleCumulativeMs;
    yield row;
  }
}

/** Writes a schedule in the chosen format: the one output path of the calculator's schedules and the presets'. */
export async function writeSchedule(view: ScheduleView, options: OutputOptions, io: Io): Promise<void> {
  if (options.format === "html") (await import("./html-output.js")).checkPageRange([view.range], "--format html");
  checkWalk(view, options);
  const { model, comparison, range, seed } = view;
  // Every pass over the rows draws the same sample: a fresh source from the same seed.
  const freshRows = (r: AttemptRange = range) => scheduleRows(model, comparison, r, seed === null ? null : seededRandom(seed));
  const sample = { totalMs: null as number | null };
  const rows = watchRows(freshRows(), io, sample);
  const columns = scheduleColumns(model.jittered, seed !== null, model.runsStopped !== undefined);
  let summaryOnce: ScheduleSummary | undefined;
  const summary = () => (summaryOnce ??= scheduleSummary(model, comparison, range));
  const summaryLines = () => view.text.summaryLines(summary(), sample.totalMs);
  // Ctrl-C: stop after the last whole row; a JSON document gets its closing brackets.
  const interrupt = { signal: io.signal };
  switch (options.format) {
    case "csv":
      await writeChunks(io.stdout, renderCsv(rows, columns), interrupt);
      break;
    case "tsv":
      await writeChunks(io.stdout, renderTsv(rows, columns), interrupt);
      break;
    case "json":
      await writeChunks(io.stdout, renderJson(view.text.policyJson(), rows, columns, () => view.text.summaryJson(summary(), sample.totalMs)), {
        ...interrupt,
        tail: () => JSON_INTERRUPTED_TAIL,
      });
      break;
    case "markdown":
      await writeChunks(io.stdout, renderMarkdown(rows, columns, summaryLines), interrupt);
      break;
    case "svg": {
      checkInMemoryRange(range, "--format svg");
      const { renderScheduleSvg } = await import("../../format/svg.js");
      await writeChunks(io.stdout, [renderScheduleSvg(Array.from(rows), { title: view.text.title, capMs: model.capMs, scale: options.scale ?? null })]);
      break;
    }
    case "html": {
      const { schedulePageText } = await import("./html-output.js");
      const all = Array.from(rows);
      const page = await view.page();
      const series = { name: view.text.title, rows: all, capMs: model.capMs, jittered: model.jittered, sampled: seed !== null };
      await writeChunks(io.stdout, [await schedulePageText({ kind: "schedule", title: view.text.title, command: page.command, summaryLines: summaryLines(), scale: null, series, calculator: page.calculator })]);
      break;
    }
    case "table": {
      checkTableRows(range.first, range.last);
      // Loaded only here: chalk and the table renderer cost start-up time that the machine formats never pay.
      const [paint, { renderScheduleTable }] = await Promise.all([chalkAt(colorLevel(options.color, io.stdout.isTTY === true, io.env)), import("../../format/table.js")]);
      const width = outputWidth(io);
      // Short tables are measured (two passes; only the second warns); long ones take
      // their widths from the last row, so the first line appears at once.
      const measured = range.last - range.first < MEASURED_TABLE_ROWS;
      let pass = measured ? 0 : 1;
      const tableRows = () => (pass++ === 0 ? freshRows() : rows);
      // The last row sizes the columns before any row is out: drawn without the sample (which
      // would mean drawing every attempt before it first); the sample columns are sized from
      // the bounds, which every sample lies within.
      const lastRow = measured ? undefined : scheduleRows(model, comparison, { first: range.last, last: range.last }).next().value;
      if (view.renderTable) {
        await writeChunks(io.stdout, view.renderTable(tableRows, summaryLines, paint, lastRow ?? undefined, width), interrupt);
      } else {
        const tableOptions = { jittered: model.jittered, sampled: seed !== null, width };
        await writeChunks(io.stdout, renderScheduleTable(tableRows, summaryLines, paint, tableOptions, lastRow ?? undefined), interrupt);
      }
      if (options.chart && !io.signal?.aborted) {
        const { renderScheduleChart, chartPaint } = await import("../../format/chart.js");
        const chart = renderScheduleChart(Array.from(freshRows()), {
          capMs: model.capMs,
          scale: options.scale ?? null,
          width: width ?? io.stdout.columns ?? 80,
          ascii: chartNeedsAscii(io.env),
          paint: chartPaint(paint),
        });
        await writeChunks(io.stdout, [`\n${chart}`]);
      }
      break;
    }
  }
}
