import type { AttemptRange } from "../schedule.js";
import { firstTrueBetween, firstTrueFrom1 } from "../search.js";
import { retryTimingAt } from "./at.js";
import { firesInEveryRun } from "./fires.js";
import { type GiveUp, giveUp } from "./give-up.js";
import { type DeadlineInput, checkDeadlineInput } from "./input.js";

/**
 * What the deadline model says about a whole sequence, without walking its rows: the
 * retries that never fire and why, the last that fires, the ones the deadline cuts
 * short, and when the sequence gives up. Every "fires in no run" and "fires in every
 * run" is monotone in the attempt (starts only grow, stops only get stricter), so each
 * boundary is found by bisection.
 */
export interface DeadlineSummary {
  /** N, the retries counted (null: only time ends them). */
  readonly retries: number | null;
  /** The first retry that no run starts, and what ends it first: the deadline, or the library's own stop. */
  readonly neverFrom: number | null;
  readonly neverBy: "deadline" | "stop" | null;
  /** The last retry every run starts, and the last some run starts (0: none); null when they never end. */
  readonly lastInEveryRun: number | null;
  readonly lastInSomeRun: number | null;
  /** The retries the deadline cuts short in some run (a contiguous range), or null. */
  readonly cutShort: AttemptRange | null;
  /** The first try alone outlasts the deadline. */
  readonly firstTryCutShort: boolean;
  /** When the sequence gives up; null when some run never does. */
  readonly giveUp: GiveUp | null;
}

export function deadlineSummary(input: DeadlineInput): DeadlineSummary {
  checkDeadlineInput(input);
  const { retries, deadlineMs, stop, attemptTimeMs } = input;
  const at = (a: number) => retryTimingAt(input, a);
  const never = (a: number) => at(a).fires === "no";
  // Without a deadline or a stop, only the count ends the retries.
  const bounded = retries !== null || deadlineMs !== null || stop !== null;
  // Doubling from retry 1 rather than bisecting 1..N: a library counting to 2^31 (Kafka) stops by time long before,
  // and probes far past that stop would add up waits no run ever makes.
  const found = !bounded || retries === 0 ? null : firstTrueFrom1(never, retries ?? Number.MAX_SAFE_INTEGER);
  const neverFrom = found !== null && (retries === null || found <= retries) ? found : null;
  const lastInSomeRun = neverFrom !== null ? neverFrom - 1 : retries;
  let lastInEveryRun: number | null = lastInSomeRun;
  if (lastInSomeRun !== null && lastInSomeRun > 0) {
    const notEvery = firstTrueBetween(1, lastInSomeRun, (a) => !firesInEveryRun(at(a).fires));
    if (notEvery !== null) lastInEveryRun = notEvery - 1;
  }
  let cutShort: AttemptRange | null = null;
  if (deadlineMs !== null && lastInSomeRun !== null && lastInSomeRun > 0) {
    // From the first retry whose latest start is past D − T on, up to the last one some run starts.
    const first = firstTrueBetween(1, lastInSomeRun, (a) => at(a).startMaxMs > deadlineMs - attemptTimeMs);
    if (first !== null && at(first).cutShortSome) cutShort = { first, last: lastInSomeRun };
  }
  return {
    retries,
    neverFrom,
    neverBy: neverFrom === null ? null : at(neverFrom).madeSome ? "deadline" : "stop",
    lastInEveryRun,
    lastInSomeRun,
    cutShort,
    firstTryCutShort: deadlineMs !== null && attemptTimeMs > deadlineMs,
    giveUp: giveUp(input),
  };
}
