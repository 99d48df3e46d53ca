import { WalkLimitError, addMs, timesMs } from "../limits.js";
import { firstTrueFrom1 } from "../search.js";
import { stopEnds, stopLatestStart } from "./elapsed-stop.js";
import type { DeadlineInput } from "./input.js";
import { edgeOf, runAt } from "./retry.js";
import { type WaitSums, addWaits, highestWait, meanWaitSum, waitSums } from "./wait-sums.js";

/** Which bounding run: un-jittered, every draw lowest, every draw highest. */
export type BoundingRun = "plainMs" | "lowMs" | "highMs";

/**
 * When a run gives up: at the end of its last try (the library declines the next retry,
 * or its count is spent), or at the deadline if that comes first. Over every run of the
 * jitter, with the un-jittered run's; the mean where it is known exactly.
 */
export interface GiveUp {
  readonly plainMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly meanMs: number | null;
}

/**
 * Retries searched at most for a run's last one when only time stops it (as the presets'
 * elapsed-limit kit walks at most 2^20): a run past it is taken never to stop.
 */
export const STOP_SEARCH_LIMIT = 1 << 20;

/**
 * The last retry the run makes by the library's count and stop, the deadline aside (0:
 * none); null when it never stops. Making a retry only gets harder as a grows, so the
 * first one declined is found by bisection.
 */
export function lastMade(input: DeadlineInput, run: BoundingRun): number | null {
  const { stop, retries, waits } = input;
  if (stop === null) return retries;
  const edge = edgeOf(input);
  const declines = (a: number) => !runAt(input, edge, a, waitSums(waits, a - 1)[run], waitSums(waits, a)[run]).made;
  // Doubling from retry 1 (not bisecting 1..N + 1): a stop by time comes long before a count such as Kafka's 2^31.
  const first = firstTrueFrom1(declines, retries === null ? STOP_SEARCH_LIMIT : retries + 1);
  return first === null ? null : Math.min(first, retries === null ? first : retries + 1) - 1;
}

/** The start of retry j in the run (0 for j = 0: the first try), as the library's stop shapes it. */
function startIn(input: DeadlineInput, j: number, run: BoundingRun, before: WaitSums, at: WaitSums): number {
  return j === 0 ? 0 : runAt(input, edgeOf(input), j, before[run], at[run]).startMs;
}

/** The latest start of retry j over the runs that make it (j within the all-low run's retries). */
function latestIn(input: DeadlineInput, j: number, before: WaitSums, at: WaitSums): number {
  if (j === 0) return 0;
  const edge = edgeOf(input);
  const high = runAt(input, edge, j, before.highMs, at.highMs);
  return input.stop === null ? high.startMs : stopLatestStart(input.stop, edge, high.endBeforeMs, high.unclippedMs, highestWait(input.waits, j));
}

/** The give-up times, or null when some run never gives up (no deadline, and no count or stop that ends it). */
export function giveUp(input: DeadlineInput): GiveUp | null {
  const { waits, attemptTimeMs: tryMs, deadlineMs, stop, retries } = input;
  const clip = (ms: number) => (deadlineMs === null ? ms : Math.min(ms, deadlineMs));
  const everyRunAtDeadline = deadlineMs === null ? null : { plainMs: deadlineMs, minMs: deadlineMs, maxMs: deadlineMs, meanMs: deadlineMs };
  const plainLast = lastMade(input, "plainMs");
  const fewest = lastMade(input, "highMs");
  const most = lastMade(input, "lowMs");
  if (fewest === null) return everyRunAtDeadline;
  if (most === null && deadlineMs === null) return null;
  const endOf = (j: number, run: BoundingRun) => addMs(startIn(input, j, run, waitSums(waits, j - 1), waitSums(waits, j)), tryMs);
  const plainMs = plainLast === null ? deadlineMs! : clip(endOf(plainLast, "plainMs"));

  if (stop === null) {
    // Every run makes the N retries: it gives up when try N + 1 ends, the all-low run first, the all-high run last.
    const n = retries!;
    const minMs = clip(endOf(n, "lowMs"));
    const maxMs = clip(endOf(n, "highMs"));
    const unclipped = waits.jittered ? addMs(addMs(meanWaitSum(waits, n), timesMs(tryMs, n)), tryMs) : plainMs;
    const meanMs = deadlineMs === null || endOf(n, "highMs") <= deadlineMs ? unclipped : minMs === deadlineMs ? deadlineMs : null;
    return { plainMs, minMs, maxMs, meanMs };
  }

  // A stop by elapsed time: the runs that make retry j and decline j + 1 end try j within a range (elapsed-stop.ts);
  // the give-up times are the union of those ranges for j from the fewest retries to the most.
  const edge = edgeOf(input);
  let minMs = Infinity;
  let maxMs = -Infinity;
  let before = waitSums(waits, fewest - 1);
  let at = waitSums(waits, fewest);
  for (let j = fewest; most === null || j <= most; j++) {
    if (j - fewest > STOP_SEARCH_LIMIT) throw new WalkLimitError(j);
    const lowStart = startIn(input, j, "lowMs", before, at);
    // A run that never stops is still trying at the deadline; past it every later end is the deadline too.
    if (most === null && deadlineMs !== null && lowStart >= deadlineMs) break;
    const latest = latestIn(input, j, before, at);
    const ends =
      j === retries ? { minMs: addMs(lowStart, tryMs), maxMs: addMs(latest, tryMs) } : stopEnds(stop, edge, tryMs, lowStart, latest, highestWait(waits, j + 1));
    if (ends !== null) {
      minMs = Math.min(minMs, ends.minMs);
      maxMs = Math.max(maxMs, ends.maxMs);
    }
    before = at;
    at = addWaits(at, waits, j + 1);
  }
  if (most === null) maxMs = deadlineMs!;
  if (minMs === Infinity) minMs = maxMs;
  const clippedMin = clip(minMs);
  const meanMs = !waits.jittered ? plainMs : clippedMin === deadlineMs ? deadlineMs : null;
  return { plainMs, minMs: clippedMin, maxMs: clip(maxMs), meanMs };
}
