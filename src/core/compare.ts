import type { DeadlineInput } from "./deadline/input.js";
import { type DeadlineSummary, deadlineSummary } from "./deadline/summary.js";
import { timedScheduleRows } from "./deadline/timed-rows.js";
import type { ScheduleModel } from "./model.js";
import { type AttemptRange, type ScheduleRow, modelTotals, scheduleRows } from "./schedule.js";

/**
 * How a compared policy stops, read from the one stopping rule every command uses (a
 * library's count, its elapsed-time limit, or none; the calculator's own policies make
 * exactly their attempts). `words` is the library's own name for it ("retry: 25",
 * "MaxElapsedTime (15 min)"), or null where there is none beyond the count.
 */
export type ComparedStop =
  /** It gives up after `retries` retries (0: it makes none). */
  | { readonly kind: "count"; readonly retries: number; readonly words: string | null }
  /** It stops by elapsed time: the un-jittered run after `lastAttempt` retries, every run after `fewest` to `most`. */
  | { readonly kind: "elapsed"; readonly lastAttempt: number; readonly fewest: number; readonly most: number; readonly words: string }
  /** It retries as long as the calls fail. */
  | { readonly kind: "forever"; readonly words: string | null };

/** One policy of a comparison: a name for people, its model, the attempts shown, and how it stops. */
export interface ComparedPolicy {
  readonly name: string;
  readonly model: ScheduleModel;
  /**
   * The attempts shown: a library that stops earlier (BullMQ's attempts, an elapsed-time
   * limit) ends earlier; null when it makes no retry at all (no rows).
   */
  readonly range: AttemptRange | null;
  readonly stop: ComparedStop;
  /**
   * With --attempt-time or --deadline: the deadline model's input (its count from the
   * stopping rule), and the rows then carry each retry's timing.
   */
  readonly deadline?: DeadlineInput | null;
  /** With `deadline`: a library's own time limit in its words, where it (not the deadline) ends the retries. */
  readonly deadlineStopText?: string | null;
}

/** The deadline model's input for a policy under a try time and a deadline: its count from its stopping rule (null: forever). */
export function comparedDeadlineInput(
  model: ScheduleModel,
  stop: Exclude<ComparedStop, { kind: "elapsed" }>,
  attemptTimeMs: number,
  deadlineMs: number | null,
): DeadlineInput {
  return { waits: model, retries: stop.kind === "count" ? stop.retries : null, attemptTimeMs, deadlineMs, stop: null };
}

/**
 * One policy's rows. The model is its own comparison: a comparison has no linear column,
 * and the rows' totals (from attempt 1, whatever the range's start) are the schedule's.
 */
export function* comparedRows(policy: ComparedPolicy): Generator<ScheduleRow> {
  const { range, deadline } = policy;
  if (range === null) return;
  yield* deadline === undefined || deadline === null ? scheduleRows(policy.model, policy.model, range) : timedScheduleRows(policy.model, policy.model, range, null, deadline);
}

/** The long form: every row of the first policy, then of the second…, each with its policy. */
export function* compareLongRows(policies: readonly ComparedPolicy[]): Generator<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }> {
  for (const policy of policies) {
    for (const row of comparedRows(policy)) yield { policy, row };
  }
}

/**
 * The attempts a comparison spans: from the earliest first attempt to the latest last one;
 * null when no policy makes a retry.
 */
export function compareSpan(policies: readonly ComparedPolicy[]): AttemptRange | null {
  const ranges = policies.flatMap((policy) => (policy.range === null ? [] : [policy.range]));
  if (ranges.length === 0) return null;
  return { first: Math.min(...ranges.map((range) => range.first)), last: Math.max(...ranges.map((range) => range.last)) };
}

/** One attempt across the policies: each one's row, or null where that policy makes no such attempt. */
export interface AttemptAcross {
  readonly attempt: number;
  readonly rows: ReadonlyArray<ScheduleRow | null>;
}

/** Side by side, attempt by attempt, every policy's rows generated in step (a long range streams). */
export function* compareByAttempt(policies: readonly ComparedPolicy[]): Generator<AttemptAcross> {
  const span = compareSpan(policies);
  if (span === null) return;
  const sources = policies.map((policy) => comparedRows(policy));
  for (let attempt = span.first; attempt <= span.last; attempt++) {
    yield {
      attempt,
      rows: policies.map((policy, index) => {
        const { range } = policy;
        if (range === null || attempt < range.first || attempt > range.last) return null;
        return sources[index]!.next().value ?? null;
      }),
    };
  }
}

/**
 * The first attempt a policy does not make because it has given up, where that is the
 * row after its last one shown (a count or a time limit reached there); null when its
 * rows end for another reason (it retries on past them, or only some runs stop there).
 */
export function givesUpAt(policy: ComparedPolicy): number | null {
  const { stop, range } = policy;
  const shownLast = range === null ? 0 : range.last;
  if (stop.kind === "count") return stop.retries === shownLast ? shownLast + 1 : null;
  if (stop.kind === "elapsed") return stop.most === shownLast ? shownLast + 1 : null;
  return null;
}

/** What a policy adds up to when it gives up, by its own stopping rule (not by the rows shown). */
export type PolicyTotal =
  | {
      readonly policy: ComparedPolicy;
      readonly givesUp: true;
      /** The last retry the un-jittered run makes (0: none). */
      readonly lastAttempt: number;
      /** The fewest and most retries any run makes (both lastAttempt unless a time limit meets jitter). */
      readonly fewest: number;
      readonly most: number;
      /** The un-jittered total wait when it gives up (from attempt 1). */
      readonly totalMs: number;
      /** With jitter: the best and worst case of that total, over every run. */
      readonly totalMinMs: number;
      readonly totalMaxMs: number;
      /** Some run retries past the last attempt shown before it gives up. */
      readonly pastShown: boolean;
    }
  | { readonly policy: ComparedPolicy; readonly givesUp: false };

export type GivingUpTotal = Extract<PolicyTotal, { givesUp: true }>;

export interface CompareSummary {
  readonly totals: readonly PolicyTotal[];
  /** Of the policies that give up, those whose total wait is shortest (several when tied). */
  readonly givesUpFirst: readonly GivingUpTotal[];
  /** The policies that never give up, when any do; else those whose total wait is longest. */
  readonly waitsLongest: readonly PolicyTotal[];
  /** The policies that retry forever. */
  readonly neverGivesUp: readonly PolicyTotal[];
  /** With --attempt-time or --deadline: each policy's deadline summary and who gives up first then (null without). */
  readonly deadline: CompareDeadline | null;
}

/** Under the deadline model: each policy's summary (its true give-up time), in the policies' order. */
export interface CompareDeadline {
  readonly summaries: readonly DeadlineSummary[];
  /** The indexes of the policies giving up first (the un-jittered run's give-up time; several when tied). */
  readonly givesUpFirst: readonly number[];
  /** The indexes of those that never give up (no deadline, and no count). */
  readonly neverGivesUp: readonly number[];
}

/** Who gives up first once tries take time and a deadline ends everything: the smallest true give-up time. */
export function compareDeadline(policies: readonly ComparedPolicy[]): CompareDeadline | null {
  if (policies.every((policy) => policy.deadline === undefined || policy.deadline === null)) return null;
  const summaries = policies.map((policy) => deadlineSummary(policy.deadline!));
  const times = summaries.map((summary) => summary.giveUp?.plainMs ?? null);
  const given = times.filter((time): time is number => time !== null);
  const first = Math.min(...given);
  return {
    summaries,
    givesUpFirst: given.length === 0 ? [] : times.flatMap((time, index) => (time === first ? [index] : [])),
    neverGivesUp: times.flatMap((time, index) => (time === null ? [index] : [])),
  };
}

/** When a policy gives up by its stopping rule: the totals after its last retry (every run's, for a time limit). */
export function policyTotal(policy: ComparedPolicy): PolicyTotal {
  const { stop, model, range } = policy;
  if (stop.kind === "forever") return { policy, givesUp: false };
  const shownLast = range === null ? 0 : range.last;
  const [lastAttempt, fewest, most] = stop.kind === "count" ? [stop.retries, stop.retries, stop.retries] : [stop.lastAttempt, stop.fewest, stop.most];
  // A run stopped by time waits no more after its stop: the totals after the most retries any run makes are every run's last.
  const total = modelTotals(model, most);
  return { policy, givesUp: true, lastAttempt, fewest, most, totalMs: total.cumulativeMs, totalMinMs: total.minMs, totalMaxMs: total.maxMs, pastShown: most > shownLast };
}

/**
 * Which policy gives up first and which waits longest, each by its own stopping rule: a
 * policy gives up once its last retry's wait has passed (a library's count or time limit,
 * wherever that lies against the rows shown); one that retries forever never does.
 * Un-jittered totals decide (the same figure as the schedule's "Total wait"); the jitter
 * range of each is kept beside it.
 */
export function compareSummary(policies: readonly ComparedPolicy[]): CompareSummary {
  const totals = policies.map(policyTotal);
  const giving = totals.filter((total): total is GivingUpTotal => total.givesUp);
  const never = totals.filter((total) => !total.givesUp);
  const shortest = Math.min(...giving.map((total) => total.totalMs));
  const longest = Math.max(...giving.map((total) => total.totalMs));
  return {
    totals,
    givesUpFirst: giving.filter((total) => total.totalMs === shortest),
    waitsLongest: never.length > 0 ? never : giving.filter((total) => total.totalMs === longest),
    neverGivesUp: never,
    deadline: compareDeadline(policies),
  };
}
