/**
 * A library's own elapsed-time stop (cenkalti's MaxElapsedTime, p-retry's maxRetryTime,
 * Kafka's delivery.timeout.ms, Argo's backoff.maxDuration, Temporal's expiration,
 * Sidekiq's retry_for), in wall-clock time with the tries' own run time counted, as the
 * libraries count it (each reads a clock, not a sum of its waits).
 *
 * Times are absolute, from the first try's start: retry a would start at
 * u(a) = a × T + S(a), after the try before it ended at e(a−1) = a × T + S(a−1), where
 * S(a) is the waits 1..a and T the try time. With the library's limit falling at
 * `edge` (its limit, plus T when its clock starts at the first failure):
 * - "fits" (cenkalti NextBackOff, Argo, Temporal, Kafka): retry a is made when
 *   elapsed + next ≤ limit, that is u(a) ≤ edge; otherwise the library gives up for good.
 * - "cut" (p-retry onAttemptFailure): made while e(a−1) < edge, its wait cut to the time
 *   left: it starts at min(u(a), edge).
 * - "while" (sidekiq retry_for): made while e(a−1) ≤ edge, checked before the wait, which
 *   is then made in full.
 * Each condition only gets harder as a grows, so a run that declines one retry declines
 * every later one.
 */
import { addMs } from "../limits.js";

export type ElapsedRule = "fits" | "cut" | "while";

export interface ElapsedStop {
  readonly rule: ElapsedRule;
  /** The library's limit, in whole ms. */
  readonly limitMs: number;
  /** Where the library's clock starts: the first try's start, or its failure (sidekiq's failed_at). */
  readonly from: "first-try" | "first-failure";
}

/** The absolute time the library's limit falls at, with tries of `attemptTimeMs` each. */
export function stopEdgeMs(stop: ElapsedStop, attemptTimeMs: number): number {
  return stop.from === "first-failure" ? addMs(stop.limitMs, attemptTimeMs) : stop.limitMs;
}

/** Whether a run whose previous try ended at `endBeforeMs` and whose retry would start at `unclippedStartMs` makes the retry. */
export function stopMakes(stop: ElapsedStop, edgeMs: number, endBeforeMs: number, unclippedStartMs: number): boolean {
  switch (stop.rule) {
    case "fits":
      return unclippedStartMs <= edgeMs;
    case "cut":
      return endBeforeMs < edgeMs;
    case "while":
      return endBeforeMs <= edgeMs;
  }
}

/** When a retry the run makes starts: p-retry cuts the wait to the time left. */
export function stopStart(stop: ElapsedStop, edgeMs: number, unclippedStartMs: number): number {
  return stop.rule === "cut" ? Math.min(unclippedStartMs, edgeMs) : unclippedStartMs;
}

/**
 * The latest start of retry a over the runs that make it, given that some run does:
 * from the all-high run (`highEndBeforeMs`, `highStartMs` unclipped) and the attempt's
 * highest wait. Every whole-ms sum between the all-low and all-high runs' is reached by
 * some run, so a run can end its previous try just within the limit and then draw high.
 */
export function stopLatestStart(stop: ElapsedStop, edgeMs: number, highEndBeforeMs: number, highStartMs: number, highWaitMs: number): number {
  switch (stop.rule) {
    case "fits":
      return Math.min(highStartMs, edgeMs);
    case "cut":
      return Math.min(addMs(Math.min(highEndBeforeMs, edgeMs - 1), highWaitMs), edgeMs);
    case "while":
      return addMs(Math.min(highEndBeforeMs, edgeMs), highWaitMs);
  }
}

/**
 * The ends of try j (j retries made: the first try when j = 0) over the runs that make
 * retry j and then decline retry j + 1, as an inclusive range; null when no run stops
 * there. `lowStartMs` and `latestStartMs` bound retry j's start over the runs making it
 * (0 for j = 0); `nextHighWaitMs` is retry j + 1's highest wait.
 */
export function stopEnds(
  stop: ElapsedStop,
  edgeMs: number,
  attemptTimeMs: number,
  lowStartMs: number,
  latestStartMs: number,
  nextHighWaitMs: number,
): { readonly minMs: number; readonly maxMs: number } | null {
  const lowEnd = addMs(lowStartMs, attemptTimeMs);
  const highEnd = addMs(latestStartMs, attemptTimeMs);
  let minMs: number;
  switch (stop.rule) {
    case "fits":
      // Declined when end + next > edge: some draw of the next wait does it once end > edge − highest next.
      minMs = Math.max(lowEnd, edgeMs - nextHighWaitMs + 1);
      break;
    case "cut":
      minMs = Math.max(lowEnd, edgeMs);
      break;
    case "while":
      minMs = Math.max(lowEnd, addMs(edgeMs, 1));
      break;
  }
  return minMs <= highEnd ? { minMs, maxMs: highEnd } : null;
}
