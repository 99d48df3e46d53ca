import type { CompareSummary, ComparedPolicy, ComparedStop, GivingUpTotal, PolicyTotal } from "../core/compare.js";
import type { ScheduleRow } from "../core/schedule.js";
import { type Column, JITTER_COLUMNS, deadlineColumns } from "./columns.js";
import { compareDeadlineLines } from "./deadline-summary.js";
import { integerField } from "./delimited.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
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

/**
 * How a policy stops, in a few words after its name: "gives up after 25 retries (retry: 25)",
 * "retries forever (connection backoff never gives up)", "makes no retry (attempts: 1, no retries)".
 */
export function stopPhrase(stop: ComparedStop): string {
  const words = (text: string | null) => (text === null ? "" : ` (${text})`);
  const retries = (n: number) => `${groupDigits(n)} ${n === 1 ? "retry" : "retries"}`;
  switch (stop.kind) {
    case "count":
      return stop.retries === 0 ? `makes no retry${words(stop.words)}` : `gives up after ${retries(stop.retries)}${words(stop.words)}`;
    case "elapsed":
      return stop.fewest === stop.most
        ? `gives up by ${stop.words}, after ${retries(stop.most)}`
        : `gives up by ${stop.words}, after ${groupDigits(stop.fewest)} to ${retries(stop.most)} as the jitter falls`;
    case "forever":
      return `retries forever${words(stop.words)}`;
  }
}

/** A policy's stopping rule in the JSON document. */
export function stopJson(stop: ComparedStop): Record<string, unknown> {
  switch (stop.kind) {
    case "count":
      return { kind: "count", retries: stop.retries, text: stopPhrase(stop) };
    case "elapsed":
      return { kind: "elapsed", last_attempt: stop.lastAttempt, fewest_retries: stop.fewest, most_retries: stop.most, text: stopPhrase(stop) };
    case "forever":
      return { kind: "forever", text: stopPhrase(stop) };
  }
}

/**
 * CSV or TSV in long form, generated lazily: `policy,attempt,delay_ms,cumulative_ms[,jitter columns],stop`.
 * A policy that makes no retry has one line, its attempt and numbers empty, so that its stop is said too.
 */
export function* renderCompareDelimited(
  policies: readonly ComparedPolicy[],
  rows: Iterable<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }>,
  jittered: boolean,
  separator: "," | "\t",
): Generator<string> {
  const columns = compareColumns(jittered);
  // With --attempt-time or --deadline, after every column there was: when each retry starts, and whether it fires.
  const timed = timedColumns(policies, jittered);
  const field = separator === "," ? csvField : tsvField;
  yield ["policy", ...columns.map((column) => column.name), "stop", ...timed.map((column) => column.name)].join(separator) + "\n";
  for (const policy of policies) {
    if (policy.range === null) yield [field(policy.name), ...columns.map(() => ""), field(stopPhrase(policy.stop)), ...timed.map(() => "")].join(separator) + "\n";
  }
  let batch: string[] = [];
  let policy: ComparedPolicy | null = null;
  let name = "";
  let stop = "";
  for (const entry of rows) {
    if (entry.policy !== policy) {
      policy = entry.policy;
      name = field(policy.name);
      stop = separator + field(stopPhrase(policy.stop));
    }
    let line = name;
    for (const column of columns) line += separator + integerField(column.value(entry.row));
    line += stop;
    for (const column of timed) {
      const value = column.value(entry.row);
      line += separator + (typeof value === "number" ? integerField(value) : value);
    }
    batch.push(line, "\n");
    if (batch.length >= 2048) {
      yield batch.join("");
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join("");
}

/** The deadline model's columns when the policies carry it (--attempt-time, --deadline), else none. */
export function timedColumns(policies: readonly ComparedPolicy[], jittered: boolean): ReadonlyArray<Column<ScheduleRow, number | string>> {
  return policies.some((policy) => policy.deadline !== undefined && policy.deadline !== null) ? deadlineColumns(jittered) : [];
}

/** What the JSON output says about each policy beside its name. */
export interface ComparedPolicyJson {
  readonly name: string;
  readonly description: Record<string, unknown>;
}

/** What the deadline sentences need of a policy: its times, and the last attempt its rows show. */
export function deadlineContext(policy: ComparedPolicy) {
  const input = policy.deadline!;
  return { attemptTimeMs: input.attemptTimeMs, deadlineMs: input.deadlineMs, stopText: policy.deadlineStopText ?? null, lastShown: policy.range?.last ?? 0 };
}

/**
 * Under the deadline model, after the verdicts by count: each policy's retries that never
 * fire and its true give-up time, then who gives up first once tries take time and the
 * deadline ends everything.
 */
export function compareDeadlineSummaryLines(policies: readonly ComparedPolicy[], summary: CompareSummary): string[] {
  const { deadline } = summary;
  if (deadline === null) return [];
  const lines = compareDeadlineLines(policies.map((policy, index) => ({ name: policy.name, summary: deadline.summaries[index]!, context: deadlineContext(policy) })));
  const input = policies[0]!.deadline!;
  const under = [
    ...(input.attemptTimeMs > 0 ? [`tries of ${humanDuration(input.attemptTimeMs)}`] : []),
    ...(input.deadlineMs === null ? [] : [`the deadline (${humanDuration(input.deadlineMs)})`]),
  ].join(" and ");
  const named = (indexes: readonly number[]) => names(indexes.map((index) => summary.totals[index]!));
  if (deadline.givesUpFirst.length === 0) {
    lines.push(`With ${under}, none gives up: ${named(deadline.neverGivesUp)} ${deadline.neverGivesUp.length === 1 ? "retries" : "retry"} forever.`);
  } else if (policies.length > 1) {
    const at = deadline.summaries[deadline.givesUpFirst[0]!]!.giveUp!.plainMs;
    const tied = deadline.givesUpFirst.length > 1 ? " (tied)" : "";
    const never = deadline.neverGivesUp.length === 0 ? "" : `; ${named(deadline.neverGivesUp)} never ${deadline.neverGivesUp.length === 1 ? "gives" : "give"} up`;
    lines.push(`With ${under}, gives up first: ${named(deadline.givesUpFirst)}${tied}, at ${durationWithMs(at)}${never}.`);
  }
  return lines;
}

function names(totals: readonly PolicyTotal[]): string {
  const list = totals.map((total) => total.policy.name);
  return list.length <= 2 ? list.join(" and ") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** "after attempt 10", "after attempts 6, 10", or "at once" where none retries. */
function afterText(totals: readonly GivingUpTotal[]): string {
  const lasts = [...new Set(totals.map((total) => total.lastAttempt))];
  if (lasts.length === 1 && lasts[0] === 0) return "at once, making no retry";
  const attempts = lasts.length === 1 ? `attempt ${groupDigits(lasts[0]!)}` : `attempts ${lasts.map(groupDigits).join(", ")}`;
  return `after ${attempts} and ${durationWithMs(totals[0]!.totalMs)} of waiting`;
}

const count = (n: number) => (n === 2 ? "Both policies" : `All ${groupDigits(n)} policies`);

/** One line per policy: how it stops, and whether that lies past the rows shown. */
export function compareStopLines(policies: readonly ComparedPolicy[], summary: CompareSummary): string[] {
  return policies.map((policy, index) => {
    const total = summary.totals[index]!;
    const shown = policy.range === null ? "no rows are shown" : `the rows end at attempt ${groupDigits(policy.range.last)}`;
    const past = total.givesUp && total.pastShown ? `; ${shown}` : "";
    return `${policy.name} ${stopPhrase(policy.stop)}${past}.`;
  });
}

/**
 * The lines under the table: how each policy stops, which gives up first (by its own
 * stopping rule), which waits longest or never gives up, and the jitter ranges behind them.
 */
export function compareSummaryLines(policies: readonly ComparedPolicy[], summary: CompareSummary): string[] {
  const lines = compareStopLines(policies, summary);
  const giving = summary.totals.filter((total): total is GivingUpTotal => total.givesUp);
  const never = summary.neverGivesUp;
  if (summary.totals.length === 1) {
    const [only] = summary.totals;
    if (only!.givesUp) lines.push(`Total wait when it gives up: ${only!.lastAttempt === 0 ? "none, it makes no retry" : `${durationWithMs(only!.totalMs)}, after attempt ${groupDigits(only!.lastAttempt)}`}.`);
  } else if (giving.length === 0) {
    lines.push(`None gives up: ${count(never.length).toLowerCase()} retry as long as the calls fail.`);
  } else if (never.length === 0 && summary.givesUpFirst.length === summary.totals.length) {
    lines.push(`${count(summary.totals.length)} wait the same in total: ${durationWithMs(giving[0]!.totalMs)}; none gives up first.`);
  } else {
    const first = summary.givesUpFirst;
    const tied = (totals: readonly PolicyTotal[]) => (totals.length > 1 ? " (tied)" : "");
    lines.push(`Gives up first: ${names(first)}${tied(first)}, ${afterText(first)}.`);
    if (never.length > 0) {
      lines.push(`Never gives up: ${names(never)} (${never.length === 1 ? "it retries" : "they retry"} as long as the calls fail).`);
    } else {
      const longest = summary.waitsLongest as readonly GivingUpTotal[];
      lines.push(`Waits longest in total: ${names(longest)}${tied(longest)}, ${durationWithMs(longest[0]!.totalMs)} by ${attemptsText(longest)}.`);
    }
  }
  const jittered = giving.filter((total) => total.policy.model.jittered && total.most > 0);
  if (jittered.length > 0) {
    const ranges = jittered.map((total) => `${total.policy.name} ${humanDuration(total.totalMinMs)} – ${humanDuration(total.totalMaxMs)}`);
    lines.push(`Totals compare the un-jittered delays; with jitter they lie between: ${ranges.join("; ")}.`);
  }
  lines.push(...compareDeadlineSummaryLines(policies, summary));
  return lines;
}

function attemptsText(totals: readonly GivingUpTotal[]): string {
  const lasts = [...new Set(totals.map((total) => total.lastAttempt))];
  return lasts.length === 1 ? `attempt ${groupDigits(lasts[0]!)}` : `attempts ${lasts.map(groupDigits).join(", ")}`;
}
