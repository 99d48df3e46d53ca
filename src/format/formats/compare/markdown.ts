import { type AttemptAcross, compareByAttempt } from "../../../core/compare.js";
import type { ScheduleRow } from "../../../core/schedule.js";
import { compareSummaryLines } from "../../compare.js";
import { msField } from "../../numbers.js";
import type { CompareRenderer } from "../../renderer.js";

/** A Markdown table cell: pipes escaped, line breaks out. */
function markdownCell(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
}

/** Markdown, wide: one line per attempt, each policy's delay and total in ms; then the summary lines. */
export function* compareMarkdown(
  names: readonly string[],
  lines: Iterable<AttemptAcross>,
  summaryLines: () => readonly string[],
  timed = false,
): Generator<string> {
  // With --attempt-time or --deadline, each policy's start (the un-jittered run's) and whether the retry fires.
  const fields = timed ? ["delay_ms", "cumulative_ms", "start_ms", "fires"] : ["delay_ms", "cumulative_ms"];
  const head = ["attempt", ...names.flatMap((name) => fields.map((field) => `${markdownCell(name)} ${field}`))];
  yield `| ${head.join(" | ")} |\n`;
  yield `|${head.map(() => "---:").join("|")}|\n`;
  const cellsOf = (row: ScheduleRow | null): string[] => {
    if (row === null) return fields.map(() => "");
    const cells = [msField(row.delayMs), msField(row.cumulativeMs)];
    if (timed) cells.push(row.timing === undefined ? "" : msField(row.timing.startMs), row.timing?.fires ?? "");
    return cells;
  };
  for (const line of lines) {
    const cells = [String(line.attempt), ...line.rows.flatMap(cellsOf)];
    yield `| ${cells.join(" | ")} |\n`;
  }
  const text = summaryLines();
  if (text.length > 0) yield `\n${text.map((line) => `${line}  `).join("\n").trimEnd()}\n`;
}

/** One Markdown row per attempt, every policy's delay and total side by side, the summary under it. */
export const renderer: CompareRenderer = {
  readsLastRow: true,
  render: ({ policies, summary }) => ({
    pieces: compareMarkdown(
      policies.map((policy) => policy.name),
      compareByAttempt(policies),
      () => compareSummaryLines(policies, summary()),
      policies.some((policy) => (policy.deadline ?? null) !== null),
    ),
  }),
};
