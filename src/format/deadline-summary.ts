import type { DeadlineSummary } from "../core/deadline/summary.js";
import type { GiveUp } from "../core/deadline/give-up.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { msJson } from "./numbers.js";

/** What the deadline lines are about: the times given, and the library's own stop in its words (null for none). */
export interface DeadlineContext {
  readonly attemptTimeMs: number;
  readonly deadlineMs: number | null;
  /** "cenkalti's MaxElapsedTime (15 min)": what ends the retries when the stop, not the deadline, comes first. */
  readonly stopText: string | null;
  /** The last attempt the rows show: a count past it is said as "from … on". */
  readonly lastShown: number;
}

/** "retries 5–10", "retry 4", "retries from 5 on". */
function retriesText(first: number, last: number | null): string {
  if (last === null) return `retries from ${groupDigits(first)} on`;
  return first === last ? `retry ${groupDigits(first)}` : `retries ${groupDigits(first)}–${groupDigits(last)}`;
}

function giveUpText(giveUp: GiveUp | null): string {
  if (giveUp === null) return "never giving up";
  return giveUp.minMs === giveUp.maxMs ? `giving up at ${humanDuration(giveUp.maxMs)}` : `giving up between ${humanDuration(giveUp.minMs)} and ${humanDuration(giveUp.maxMs)}, as the jitter falls`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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

/** The verdict alone: what never fires and why, the last that fires, the ones cut short, the give-up time. */
export function deadlineVerdictLines(summary: DeadlineSummary, context: DeadlineContext): string[] {
  const { attemptTimeMs, deadlineMs, stopText } = context;
  const deadline = deadlineMs === null ? "" : humanDuration(deadlineMs);
  const lines: string[] = [];
  const every = summary.lastInEveryRun;
  const some = summary.lastInSomeRun;
  const last =
    some === 0
      ? "no retry fires"
      : every !== null && some !== null && every < some
        ? every === 0
          ? `no retry fires in every run; the last that fires in some is ${groupDigits(some)}`
          : `the last retry that fires in every run is ${groupDigits(every)}, in some runs ${groupDigits(some)}`
        : some === null
          ? "every retry fires"
          : `the last retry that fires is ${groupDigits(some)}`;
  if (summary.firstTryCutShort) {
    lines.push(`The first try alone (${humanDuration(attemptTimeMs)}) outlasts the deadline (${deadline}): no retry fires, giving up at ${deadline}.`);
    return lines;
  }
  if (summary.neverFrom !== null) {
    const upTo = summary.retries !== null && summary.retries <= context.lastShown ? summary.retries : null;
    const cause = summary.neverBy === "deadline" ? `the deadline (${deadline}) ends first` : `${stopText ?? "the library's own time limit"} ends them first, the tries' own time counted`;
    lines.push(`${capitalised(retriesText(summary.neverFrom, upTo))} can never fire: ${cause}; ${last}, ${giveUpText(summary.giveUp)}.`);
  } else if (every !== null && some !== null && every < some) {
    lines.push(`${capitalised(retriesText(every + 1, some))} fire in some runs only, as the jitter falls: ${deadlineMs === null ? `${stopText ?? "the library's time limit"} ends the others first` : `the deadline (${deadline}) ends the others first`}; ${giveUpText(summary.giveUp)}.`);
  } else if (some !== null) {
    const before = deadlineMs === null ? "" : ` before the deadline (${deadline})`;
    lines.push(`${some === 1 ? "The retry fires" : `Every retry (${groupDigits(some)}) fires`}${before}; ${giveUpText(summary.giveUp)}.`);
  } else {
    lines.push(`Every retry fires; ${giveUpText(summary.giveUp)}.`);
  }
  if (summary.cutShort !== null && deadlineMs !== null) {
    const { first, last: lastCut } = summary.cutShort;
    const start = humanDuration(Math.max(0, deadlineMs - attemptTimeMs));
    lines.push(`The deadline cuts ${retriesText(first, lastCut)} short wherever ${first === lastCut ? "it starts" : "they start"} after ${start}: a try started then cannot end by ${deadline}.`);
  }
  return lines;
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
    give_up_mean_ms: giveUp === null || giveUp.meanMs === null ? null : Math.round(giveUp.meanMs * 1000) / 1000,
  };
}

/** compare: each policy's verdict after its name, the try time said once. */
export function compareDeadlineLines(policies: readonly { readonly name: string; readonly summary: DeadlineSummary; readonly context: DeadlineContext }[]): string[] {
  if (policies.length === 0) return [];
  const verdicts = policies.flatMap(({ name, summary, context }) => deadlineVerdictLines(summary, context).map((line) => `${name}: ${line.charAt(0).toLowerCase()}${line.slice(1)}`));
  return [...tryTimeLines(policies[0]!.context.attemptTimeMs), ...verdicts];
}
