import type { AttemptAcross, CompareSummary, ComparedPolicy, PolicyTotal } from "../core/compare.js";
import type { ScheduleRow } from "../core/schedule.js";
import { type Column, JITTER_COLUMNS } from "./columns.js";
import { integerField } from "./delimited.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { msField, msJson } from "./numbers.js";
import { durationWithMs } from "./summary.js";

// `backoff compare`: several policies side by side. The machine formats are in long form
// (one row per policy and attempt, for spreadsheets' pivot tables); Markdown is wide.

/** The long form's number columns after `policy`: attempt, delay and total, then the jitter columns when any policy jitters. */
export function compareColumns(jittered: boolean): ReadonlyArray<Column<ScheduleRow>> {
  return [
    { name: "attempt", value: (row) => row.attempt },
    { name: "delay_ms", value: (row) => row.delayMs },
    { name: "cumulative_ms", value: (row) => row.cumulativeMs },
    ...(jittered ? JITTER_COLUMNS : []),
  ];
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A TSV field: tabs and line breaks would split the row, so they become spaces. */
export function tsvField(text: string): string {
  return text.replace(/[\t\r\n]/g, " ");
}

/** CSV or TSV in long form, generated lazily: `policy,attempt,delay_ms,cumulative_ms[,jitter columns]`. */
export function* renderCompareDelimited(
  rows: Iterable<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }>,
  jittered: boolean,
  separator: "," | "\t",
): Generator<string> {
  const columns = compareColumns(jittered);
  const field = separator === "," ? csvField : tsvField;
  yield ["policy", ...columns.map((column) => column.name)].join(separator) + "\n";
  let batch: string[] = [];
  let policy: ComparedPolicy | null = null;
  let name = "";
  for (const entry of rows) {
    if (entry.policy !== policy) {
      policy = entry.policy;
      name = field(policy.name);
    }
    let line = name;
    for (const column of columns) line += separator + integerField(column.value(entry.row));
    batch.push(line, "\n");
    if (batch.length >= 2048) {
      yield batch.join("");
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join("");
}

/** What the JSON output says about each policy beside its name. */
export interface ComparedPolicyJson {
  readonly name: string;
  readonly description: Record<string, unknown>;
}

/** One JSON object, `{"policies": […], "rows": […], "summary": {…}}`, the rows streamed one per line. */
export function* renderCompareJson(
  policies: readonly ComparedPolicyJson[],
  rows: Iterable<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }>,
  jittered: boolean,
  summary: () => CompareSummary,
): Generator<string> {
  const columns = compareColumns(jittered);
  yield `{"policies":${JSON.stringify(policies.map((policy) => ({ name: policy.name, ...policy.description })))},\n"rows":[`;
  let separator = "\n";
  for (const { policy, row } of rows) {
    let object = `{"policy":${JSON.stringify(policy.name)}`;
    for (const column of columns) object += `,"${column.name}":${JSON.stringify(msJson(column.value(row)))}`;
    yield `${separator}${object}}`;
    separator = ",\n";
  }
  yield `\n],\n"summary":${JSON.stringify(compareSummaryJson(summary()))}}\n`;
}

export function compareSummaryJson(summary: CompareSummary): Record<string, unknown> {
  return {
    totals: summary.totals.map((total) => ({
      policy: total.policy.name,
      last_attempt: total.lastAttempt,
      total_ms: msJson(total.totalMs),
      total_min_ms: msJson(total.totalMinMs),
      total_max_ms: msJson(total.totalMaxMs),
    })),
    gives_up_first: summary.givesUpFirst.map((total) => total.policy.name),
    waits_longest: summary.waitsLongest.map((total) => total.policy.name),
  };
}

/** A Markdown table cell: pipes escaped, line breaks out. */
function markdownCell(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
}

/** Markdown, wide: one line per attempt, each policy's delay and total in ms; then the summary lines. */
export function* renderCompareMarkdown(
  names: readonly string[],
  lines: Iterable<AttemptAcross>,
  summaryLines: () => readonly string[],
): Generator<string> {
  const head = ["attempt", ...names.flatMap((name) => [`${markdownCell(name)} delay_ms`, `${markdownCell(name)} cumulative_ms`])];
  yield `| ${head.join(" | ")} |\n`;
  yield `|${head.map(() => "---:").join("|")}|\n`;
  for (const line of lines) {
    const cells = [String(line.attempt), ...line.rows.flatMap((row) => (row === null ? ["", ""] : [msField(row.delayMs), msField(row.cumulativeMs)]))];
    yield `| ${cells.join(" | ")} |\n`;
  }
  const text = summaryLines();
  if (text.length > 0) yield `\n${text.map((line) => `${line}  `).join("\n").trimEnd()}\n`;
}

function names(totals: readonly PolicyTotal[]): string {
  const list = totals.map((total) => total.policy.name);
  return list.length <= 2 ? list.join(" and ") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

function attemptsText(totals: readonly PolicyTotal[]): string {
  const lasts = [...new Set(totals.map((total) => total.lastAttempt))];
  return lasts.length === 1 ? `attempt ${groupDigits(lasts[0]!)}` : `attempts ${lasts.map(groupDigits).join(", ")}`;
}

/** The lines under the table: which policy gives up first, which waits longest, and the jitter ranges behind them. */
export function compareSummaryLines(summary: CompareSummary): string[] {
  const lines: string[] = [];
  if (summary.totals.length === 1) {
    const [only] = summary.totals;
    lines.push(`${only!.policy.name}: total wait after attempt ${groupDigits(only!.lastAttempt)}: ${durationWithMs(only!.totalMs)}.`);
  } else if (summary.givesUpFirst.length === summary.totals.length) {
    lines.push(`All ${summary.totals.length} policies wait the same in total: ${durationWithMs(summary.totals[0]!.totalMs)}; none gives up first.`);
  } else {
    const first = summary.givesUpFirst;
    const longest = summary.waitsLongest;
    const tied = (totals: readonly PolicyTotal[]) => (totals.length > 1 ? " (tied)" : "");
    lines.push(`Gives up first: ${names(first)}${tied(first)}, after ${attemptsText(first)} and ${durationWithMs(first[0]!.totalMs)} of waiting.`);
    lines.push(`Waits longest in total: ${names(longest)}${tied(longest)}, ${durationWithMs(longest[0]!.totalMs)} by ${attemptsText(longest)}.`);
  }
  const jittered = summary.totals.filter((total) => total.policy.model.jittered);
  if (jittered.length > 0) {
    const ranges = jittered.map((total) => `${total.policy.name} ${humanDuration(total.totalMinMs)} – ${humanDuration(total.totalMaxMs)}`);
    lines.push(`Totals compare the un-jittered delays; with jitter they lie between: ${ranges.join("; ")}.`);
  }
  return lines;
}
