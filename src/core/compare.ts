import type { ScheduleModel } from "./model.js";
import { type AttemptRange, type ScheduleRow, modelTotals, scheduleRows } from "./schedule.js";

/** One policy of a comparison: a name for people, its model, and the attempts it makes. */
export interface ComparedPolicy {
  readonly name: string;
  readonly model: ScheduleModel;
  /** A library that stops earlier (BullMQ's attempts, an elapsed-time limit) ends earlier: fewer rows. */
  readonly range: AttemptRange;
}

/**
 * One policy's rows. The model is its own comparison: a comparison has no linear column,
 * and the rows' totals (from attempt 1, whatever the range's start) are the schedule's.
 */
export function comparedRows(policy: ComparedPolicy): Generator<ScheduleRow> {
  return scheduleRows(policy.model, policy.model, policy.range);
}

/** The long form: every row of the first policy, then of the second…, each with its policy. */
export function* compareLongRows(policies: readonly ComparedPolicy[]): Generator<{ readonly policy: ComparedPolicy; readonly row: ScheduleRow }> {
  for (const policy of policies) {
    for (const row of comparedRows(policy)) yield { policy, row };
  }
}

/** The attempts a comparison spans: from the earliest first attempt to the latest last one. */
export function compareSpan(policies: readonly ComparedPolicy[]): AttemptRange {
  return {
    first: Math.min(...policies.map((policy) => policy.range.first)),
    last: Math.max(...policies.map((policy) => policy.range.last)),
  };
}

/** One attempt across the policies: each one's row, or null where that policy makes no such attempt. */
export interface AttemptAcross {
  readonly attempt: number;
  readonly rows: ReadonlyArray<ScheduleRow | null>;
}

/** Side by side, attempt by attempt, every policy's rows generated in step (a long range streams). */
export function* compareByAttempt(policies: readonly ComparedPolicy[]): Generator<AttemptAcross> {
  const span = compareSpan(policies);
  const sources = policies.map((policy) => comparedRows(policy));
  for (let attempt = span.first; attempt <= span.last; attempt++) {
    yield {
      attempt,
      rows: policies.map((policy, index) => {
        if (attempt < policy.range.first || attempt > policy.range.last) return null;
        return sources[index]!.next().value ?? null;
      }),
    };
  }
}

/** What a policy adds up to when it gives up: the total after its last attempt. */
export interface PolicyTotal {
  readonly policy: ComparedPolicy;
  readonly lastAttempt: number;
  /** The un-jittered total wait after the last attempt (from attempt 1). */
  readonly totalMs: number;
  /** With jitter: the best and worst case of that total. */
  readonly totalMinMs: number;
  readonly totalMaxMs: number;
}

export interface CompareSummary {
  readonly totals: readonly PolicyTotal[];
  /** The policies whose total wait is shortest: they give up first (several when tied). */
  readonly givesUpFirst: readonly PolicyTotal[];
  /** The policies whose total wait is longest. */
  readonly waitsLongest: readonly PolicyTotal[];
}

/**
 * Which policy gives up first and which waits longest: each policy retries until its last
 * attempt, so it gives up once its total wait has passed. Un-jittered totals decide (the
 * same figure as the schedule's "Total wait"); the jitter range of each is kept beside it.
 */
export function compareSummary(policies: readonly ComparedPolicy[]): CompareSummary {
  const totals = policies.map((policy): PolicyTotal => {
    const total = modelTotals(policy.model, policy.range.last);
    return { policy, lastAttempt: policy.range.last, totalMs: total.cumulativeMs, totalMinMs: total.minMs, totalMaxMs: total.maxMs };
  });
  const shortest = Math.min(...totals.map((total) => total.totalMs));
  const longest = Math.max(...totals.map((total) => total.totalMs));
  return {
    totals,
    givesUpFirst: totals.filter((total) => total.totalMs === shortest),
    waitsLongest: totals.filter((total) => total.totalMs === longest),
  };
}
