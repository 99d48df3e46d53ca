import type { AttemptDelay } from "../delay.js";
import type { DelayBounds, RandomSource, ScheduleModel } from "../model.js";
import type { RetryAfterChange } from "./change.js";
import { type RetryAfter, checkRetryAfter, firstCarrying, retryAfterAt } from "./header.js";

/** One retry's wait once its failure carried the header, as a client computes it. */
export interface RetryAfterWait {
  readonly delay: AttemptDelay;
  readonly bounds: DelayBounds;
  readonly meanMs: number;
  /**
   * One run's wait, from the wait the client's own schedule drew at this attempt (drawn
   * whatever the header, so the later draws of a seed stay where they were) and, where the
   * client draws anew, the random source.
   */
  fromDraw(ownMs: number, random: RandomSource): number;
  readonly change: RetryAfterChange;
}

/**
 * How a client treats a Retry-After of `headerMs` before retry `attempt`: the wait it
 * then makes, or "gives up" (it makes no retry: got past maxRetryAfter). A client that
 * gives up on a header does so whatever the attempt, so the first retry carrying it is
 * where the retries end.
 */
export type RetryAfterRule = (attempt: number, headerMs: number) => RetryAfterWait | "gives up";

/** What the schedule's rows and summary say about the header. */
export interface RetryAfterView {
  readonly header: RetryAfter;
  /** One sentence: what the client does with it ("the wait is the longer of …"). */
  readonly rule: string;
  /** What the header did at a retry; null where its failure carries none. */
  change(attempt: number): RetryAfterChange | null;
  /** The first retry the client declines because of the header (it gives up there); null when none. */
  readonly givesUpAt: number | null;
}

/** A view for a client that does not read the header: its schedule is unchanged. */
export function ignoredView(header: RetryAfter, rule: string): RetryAfterView {
  checkRetryAfter(header);
  return { header, rule, change: (attempt) => (retryAfterAt(header, attempt) === null ? null : "ignored"), givesUpAt: null };
}

/**
 * A schedule with the header's waits in place of the client's own at the retries whose
 * failure carries it. Delays, bounds, means and samples come from `rule` there and from
 * `own` elsewhere; the totals are summed from them (no closed form survives the header).
 * Past the first retry the client gives up at, the rows are not meant to be shown: the
 * model answers as if the header had not been sent.
 */
export function retryAfterModel(own: ScheduleModel, header: RetryAfter, rule: RetryAfterRule, text: string): { model: ScheduleModel; view: RetryAfterView } {
  checkRetryAfter(header);
  const waitAt = (attempt: number): RetryAfterWait | null => {
    const ms = retryAfterAt(header, attempt);
    if (ms === null) return null;
    const wait = rule(attempt, ms);
    return wait === "gives up" ? null : wait;
  };
  const first = firstCarrying(header);
  const givesUpAt = rule(first, header.ms) === "gives up" ? first : null;
  const ownSteady = own.steadyFrom();
  const model: ScheduleModel = {
    delay: (attempt) => waitAt(attempt)?.delay ?? own.delay(attempt),
    jittered: own.jittered,
    bounds: (attempt) => waitAt(attempt)?.bounds ?? own.bounds(attempt),
    meanMs: (attempt) => waitAt(attempt)?.meanMs ?? own.meanMs(attempt),
    sampler: (random) => {
      const draw = own.sampler(random);
      return (attempt) => {
        const ownMs = draw(attempt);
        const wait = waitAt(attempt);
        return wait === null ? ownMs : wait.fromDraw(ownMs, random);
      };
    },
    capMs: own.capMs,
    capReachedAt: () => own.capReachedAt(),
    // Sent before every retry, a header keeps the client's steady attempt steady (the wait there is a function of
    // the attempt's own, constant, figures); before A..B only, nothing is steady before B + 1.
    steadyFrom: () => (ownSteady === null ? null : header.attempts === null ? ownSteady : Math.max(ownSteady, header.attempts.last + 1)),
    mayExceedCap: own.mayExceedCap,
    ...(own.monotone === true && header.attempts === null ? { monotone: true } : {}),
  };
  const view: RetryAfterView = {
    header,
    rule: text,
    change: (attempt) => {
      const ms = retryAfterAt(header, attempt);
      if (ms === null) return null;
      const wait = rule(attempt, ms);
      return wait === "gives up" ? "gives up" : wait.change;
    },
    givesUpAt,
  };
  return { model, view };
}
