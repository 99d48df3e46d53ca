import { addMs } from "../limits.js";
import { stopEdgeMs, stopLatestStart, stopMakes, stopStart } from "./elapsed-stop.js";
import { cutShortInSomeRun, firesOf } from "./fires.js";
import type { DeadlineInput } from "./input.js";
import type { RetryTiming } from "./timing.js";
import { type WaitSums, triesMs } from "./wait-sums.js";

/** One of the bounding runs at retry a: the end of the try before, the unclipped start, whether it makes the retry, its start. */
export interface RunAt {
  readonly endBeforeMs: number;
  readonly unclippedMs: number;
  readonly made: boolean;
  readonly startMs: number;
}

/** The run whose waits 1..a−1 and 1..a add up to `beforeMs` and `atMs`, at retry a. */
export function runAt(input: DeadlineInput, edgeMs: number, attempt: number, beforeMs: number, atMs: number): RunAt {
  const tries = triesMs(input.attemptTimeMs, attempt);
  const endBeforeMs = addMs(tries, beforeMs);
  const unclippedMs = addMs(tries, atMs);
  const { stop } = input;
  const made = (input.retries === null || attempt <= input.retries) && (stop === null || stopMakes(stop, edgeMs, endBeforeMs, unclippedMs));
  return { endBeforeMs, unclippedMs, made, startMs: made && stop !== null ? stopStart(stop, edgeMs, unclippedMs) : unclippedMs };
}

/** The library's limit as an absolute time (unused without a stop). */
export function edgeOf(input: DeadlineInput): number {
  return input.stop === null ? 0 : stopEdgeMs(input.stop, input.attemptTimeMs);
}

/**
 * Retry `attempt` from the sums of the waits before it and up to it, its highest single
 * wait, and (when wanted) the mean sum up to it. The all-low run makes every retry any
 * run makes, and starts it earliest; the all-high run makes only those every run makes.
 */
export function retryTiming(input: DeadlineInput, attempt: number, before: WaitSums, at: WaitSums, highWaitMs: number, meanSumMs: number | null): RetryTiming {
  const edge = edgeOf(input);
  const plain = runAt(input, edge, attempt, before.plainMs, at.plainMs);
  // Without jitter the three runs are one (the same sums give the same run).
  const unjittered = before.lowMs === before.plainMs && before.highMs === before.plainMs && at.lowMs === at.plainMs && at.highMs === at.plainMs;
  const low = unjittered ? plain : runAt(input, edge, attempt, before.lowMs, at.lowMs);
  const high = unjittered ? plain : runAt(input, edge, attempt, before.highMs, at.highMs);
  const { stop, attemptTimeMs: tryMs, deadlineMs } = input;
  const latest = !low.made ? high.unclippedMs : stop === null ? high.startMs : stopLatestStart(stop, edge, high.endBeforeMs, high.unclippedMs, highWaitMs);
  const fires = firesOf(low.made, high.made, low.startMs, latest, tryMs, deadlineMs);
  // The mean of the sum stands where every run makes the retry with its wait as drawn (p-retry may cut it).
  const asDrawn = high.made && (stop === null || stop.rule !== "cut" || high.unclippedMs <= edge);
  return {
    attempt,
    startMs: plain.startMs,
    startMinMs: low.startMs,
    startMaxMs: latest,
    startMeanMs: meanSumMs !== null && asDrawn ? addMs(triesMs(tryMs, attempt), meanSumMs) : null,
    fires,
    cutShortSome: cutShortInSomeRun(fires, low.startMs, latest, tryMs, deadlineMs),
    madeSome: low.made,
    madeAll: high.made,
  };
}
