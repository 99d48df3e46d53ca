import type { DeadlineSummary } from "../deadline/summary.js";
import type { GiveUp } from "../deadline/give-up.js";
import { humanDuration } from "./duration.js";
import { groupDigits } from "./digits.js";

// The deadline model's verdict in words: which retries never fire and why, the last that
// fires, the ones cut short, when the policy gives up. Said under a schedule
// (format/deadline-summary.ts), in compare, and in check's unreachable-retries finding.

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
