import type { RetriesWithin } from "../core/deadline/fit.js";
import type { RetryTiming } from "../core/deadline/timing.js";
import { humanDuration } from "../core/text/duration.js";
import { distinctRangeText } from "./duration.js";
import { jsonText } from "./json-text.js";
import { groupDigits } from "../core/text/digits.js";

// What `backoff solve --deadline` prints: how many retries fit before the deadline, and
// why the next one does not; the table below is the schedule's own, with its timing.

export interface DeadlineSolveContext {
  readonly attemptTimeMs: number;
  readonly deadlineMs: number;
  /** "cenkalti's MaxElapsedTime (15 min)", or null: what else may end the retries. */
  readonly stopText?: string | null;
  /** The command that prints the schedule with the answer. */
  readonly command: string;
  /** The values not given that the schedule's defaults filled in (`{ base: "1s" }`), or null. */
  readonly defaulted?: { readonly base: string } | null;
}

function startText(timing: RetryTiming): string {
  return timing.startMinMs === timing.startMaxMs ? humanDuration(timing.startMs) : distinctRangeText(timing.startMinMs, timing.startMaxMs, " to ");
}

/** Why the first retry that does not fit does not: it never fires, is cut short, or fires in some runs only. */
function nextText(next: RetryTiming, context: DeadlineSolveContext): string {
  const deadline = humanDuration(context.deadlineMs);
  const start = `Retry ${groupDigits(next.attempt)} would start at ${startText(next)}`;
  switch (next.fires) {
    case "no":
      return next.madeSome ? `${start}: at or after the deadline (${deadline}), so it never fires.` : `${start}, but ${context.stopText ?? "the library's time limit"} ends the retries first.`;
    case "cut short":
      return `${start}: its try (${humanDuration(context.attemptTimeMs)}) cannot end by the deadline (${deadline}), so it is cut short.`;
    case "cut short in some runs":
      return `${start}: in some runs its try (${humanDuration(context.attemptTimeMs)}) cannot end by the deadline (${deadline}).`;
    case "in some runs":
      return `${start}: only some runs start it before ${next.madeAll ? `the deadline (${deadline})` : "the library's own time limit"}.`;
    case "yes":
      return `${start}.`;
  }
}

/** The answer above the schedule. */
export function deadlineSolveLines(fit: Extract<RetriesWithin, { ok: true }>, context: DeadlineSolveContext): string[] {
  const deadline = humanDuration(context.deadlineMs);
  const tries = context.attemptTimeMs > 0 ? ` and runs its ${humanDuration(context.attemptTimeMs)} try` : "";
  const lines = [
    fit.retries === 0
      ? `retries = 0: no retry fires${tries ? " and runs its try" : ""} in full before the deadline (${deadline}) in every run.`
      : `retries = ${groupDigits(fit.retries)}: each fires${tries} before the deadline (${deadline}) in every run; retry ${groupDigits(fit.retries)} starts at ${startText(fit.last!)}.`,
    nextText(fit.next, context),
    `Policy: ${context.command}`,
    ...(context.defaulted ? [`No --base given: the schedule's default, ${context.defaulted.base}, as \`backoff\` takes it.`] : []),
  ];
  return lines;
}

/** The same as a JSON document. */
export function deadlineSolveJson(fit: RetriesWithin, context: DeadlineSolveContext | null): string {
  if (!fit.ok) return `${jsonText({ solved: false, reason: fit.why, message: deadlineNoSolutionText() }, 2)}\n`;
  const timing = (t: RetryTiming | null) => (t === null ? null : { attempt: t.attempt, start_ms: t.startMs, start_min_ms: t.startMinMs, start_max_ms: t.startMaxMs, fires: t.fires });
  const doc = {
    solved: true,
    unknown: "attempts",
    value: fit.retries,
    attempt_time_ms: context!.attemptTimeMs,
    deadline_ms: context!.deadlineMs,
    last: timing(fit.last),
    next: timing(fit.next),
    command: context!.command,
    defaulted: context!.defaulted ?? null,
  };
  return `${jsonText(doc, 2)}\n`;
}

/** Why there is no answer: nothing ever moves a retry's start. */
export function deadlineNoSolutionText(): string {
  return "every wait is 0 ms and the tries take no time, so every retry starts at 0 and any number fits before the deadline";
}
