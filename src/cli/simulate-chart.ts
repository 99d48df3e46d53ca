import { type CohortResult, loadHistograms } from "../core/simulate.js";
import { humanDuration } from "../format/duration.js";
import { groupDigits } from "../format/numbers.js";
import { UsageError } from "./errors.js";

/** The most windows `simulate --chart` counts retries in (two arrays of this many counts). */
export const MAX_CHART_WINDOWS = 10_000_000;

/**
 * The retries per window of the runs `simulate --chart` draws, checked before anything is
 * written: a window too small for the time the retries span is one line naming the
 * smallest --window that fits, rather than a table followed by an internal error.
 */
export function chartHistograms(runs: readonly CohortResult[], windowMs: number): Uint32Array[] {
  let lastMs = 0;
  for (const run of runs) if (run.retryTimes.length > 0) lastMs = Math.max(lastMs, run.retryTimes[run.retryTimes.length - 1]!);
  const windows = Math.floor(lastMs / windowMs) + 1;
  if (windows > MAX_CHART_WINDOWS) {
    // floor(last / w) + 1 ≤ MAX holds for every w > last / MAX; whole milliseconds.
    const smallest = Math.floor(lastMs / MAX_CHART_WINDOWS) + 1;
    throw new UsageError(
      `--chart would count the retries in ${groupDigits(windows)} windows of --window ${humanDuration(windowMs)} (the last retry lands at ${humanDuration(lastMs)}), ` +
        `more than the ${groupDigits(MAX_CHART_WINDOWS)} it draws from; use --window ${smallest}ms or more`,
    );
  }
  return loadHistograms(runs, windowMs, MAX_CHART_WINDOWS);
}
