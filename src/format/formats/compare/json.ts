import { type CompareSummary, type ComparedPolicy, compareLongRows } from "../../../core/compare.js";
import type { ScheduleRow } from "../../../core/schedule.js";
import { type ComparedPolicyJson, compareColumns, deadlineContext, timedColumns } from "../../compare.js";
import { deadlineSummaryJson } from "../../deadline-summary.js";
import { msJson } from "../../numbers.js";
import type { CompareRenderer } from "../../renderer.js";

/** One JSON object, `{"policies": […], "rows": […], "summary": {…}}`, the rows streamed one per line. */
function* compareJson(
  policies: readonly ComparedPolicyJson[],
  rows: Iterable<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }>,
  jittered: boolean,
  summary: () => CompareSummary,
  compared: readonly ComparedPolicy[] = [],
): Generator<string> {
  const columns = [...compareColumns(jittered), ...timedColumns(compared, jittered)];
  yield `{"policies":${JSON.stringify(policies.map((policy) => ({ name: policy.name, ...policy.description })))},\n"rows":[`;
  let separator = "\n";
  for (const { policy, row } of rows) {
    let object = `{"policy":${JSON.stringify(policy.name)}`;
    for (const column of columns) {
      const value = column.value(row);
      object += `,"${column.name}":${JSON.stringify(typeof value === "number" ? msJson(value) : value)}`;
    }
    yield `${separator}${object}}`;
    separator = ",\n";
  }
  yield `\n],\n"summary":${JSON.stringify(compareSummaryJson(summary()))}}\n`;
}

/**
 * The verdicts: each policy's total when it gives up by its stopping rule (null figures
 * for one that never does), who gives up first, who waits longest, who never gives up.
 */
function compareSummaryJson(summary: CompareSummary): Record<string, unknown> {
  return {
    totals: summary.totals.map((total) =>
      total.givesUp
        ? {
            policy: total.policy.name,
            gives_up: true,
            last_attempt: total.lastAttempt,
            total_ms: msJson(total.totalMs),
            total_min_ms: msJson(total.totalMinMs),
            total_max_ms: msJson(total.totalMaxMs),
            past_shown: total.pastShown,
          }
        : { policy: total.policy.name, gives_up: false, last_attempt: null, total_ms: null, total_min_ms: null, total_max_ms: null, past_shown: false },
    ),
    gives_up_first: summary.givesUpFirst.map((total) => total.policy.name),
    waits_longest: summary.waitsLongest.map((total) => total.policy.name),
    never_gives_up: summary.neverGivesUp.map((total) => total.policy.name),
    ...(summary.deadline === null ? {} : { deadline: compareDeadlineJson(summary) }),
  };
}

/** Under the deadline model: each policy's retries that fire and its true give-up time, and who gives up first then. */
function compareDeadlineJson(summary: CompareSummary): Record<string, unknown> {
  const { deadline } = summary;
  const name = (index: number) => summary.totals[index]!.policy.name;
  return {
    policies: deadline!.summaries.map((one, index) => ({ policy: name(index), ...deadlineSummaryJson(one, deadlineContext(summary.totals[index]!.policy)) })),
    gives_up_first: deadline!.givesUpFirst.map(name),
    never_gives_up: deadline!.neverGivesUp.map(name),
  };
}

/** The policies as given, their rows in long form, and the summary, as one JSON document. */
export const renderer: CompareRenderer = {
  readsLastRow: true,
  render: ({ policies, described, summary }) => ({
    pieces: compareJson(described, compareLongRows(policies), policies.some((policy) => policy.model.jittered), summary, policies),
  }),
};
