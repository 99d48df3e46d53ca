import type { DeadlineSummary } from "../core/deadline/summary.js";
import { humanDuration } from "../core/text/duration.js";
import { type DeadlineContext, deadlineVerdictLines } from "../core/text/deadline-verdict.js";
import { msJson } from "./numbers.js";
import { meanField } from "./columns.js";

/**
 * The sentences under a schedule with --attempt-time or --deadline: which retries never
 * fire and what ends them, the last that fires, the ones cut short, and when the policy
 * really gives up ("Retries 2–3 can never fire: the deadline (2 s) ends first; the last
 * retry that fires is 1, giving up at 2 s.").
 */
export function deadlineSummaryLines(summary: DeadlineSummary, context: DeadlineContext): string[] {
  return [...tryTimeLines(context.attemptTimeMs), ...deadlineVerdictLines(summary, context)];
}

/** How a try time moves the starts, said once (compare says it once for every policy). */
export function tryTimeLines(attemptTimeMs: number): string[] {
  if (attemptTimeMs === 0) return [];
  const t = humanDuration(attemptTimeMs);
  return [`Each try runs up to ${t} before it fails: retry a starts at a × ${t} plus the waits before it.`];
}

/** The same as one JSON object, beside the schedule's summary. */
export function deadlineSummaryJson(summary: DeadlineSummary, context: DeadlineContext): Record<string, unknown> {
  const { giveUp } = summary;
  return {
    attempt_time_ms: context.attemptTimeMs,
    deadline_ms: context.deadlineMs,
    never_fires_from: summary.neverFrom,
    never_fires_by: summary.neverBy,
    last_fires_in_every_run: summary.lastInEveryRun,
    last_fires_in_some_run: summary.lastInSomeRun,
    cut_short: summary.cutShort,
    first_try_cut_short: summary.firstTryCutShort,
    give_up_ms: giveUp === null ? null : msJson(giveUp.plainMs),
    give_up_min_ms: giveUp === null ? null : msJson(giveUp.minMs),
    give_up_max_ms: giveUp === null ? null : msJson(giveUp.maxMs),
    give_up_mean_ms: giveUp === null || giveUp.meanMs === null ? null : msJson(meanField(giveUp.meanMs)),
  };
}

/** compare: each policy's verdict after its name, the try time said once. */
export function compareDeadlineLines(policies: readonly { readonly name: string; readonly summary: DeadlineSummary; readonly context: DeadlineContext }[]): string[] {
  if (policies.length === 0) return [];
  const verdicts = policies.flatMap(({ name, summary, context }) => deadlineVerdictLines(summary, context).map((line) => `${name}: ${line.charAt(0).toLowerCase()}${line.slice(1)}`));
  return [...tryTimeLines(policies[0]!.context.attemptTimeMs), ...verdicts];
}
