import { type CohortResult, lastTime, loadHistogramOfCounts } from "../../core/simulate.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { UsageError } from "../shared/errors.js";

/** The most windows `simulate --chart` counts retries in (two arrays of this many counts). */
export const MAX_CHART_WINDOWS = 10_000_000;

/**
 * The retries per window of the runs `simulate --chart` draws, checked before anything is
 * written: a window too small for the time the retries span is one line naming the
 * smallest --window that fits, rather than a table followed by an internal error.
 */
export function chartHistograms(runs: readonly CohortResult[], windowMs: number): Uint32Array[] {
  const lastMs = lastTime(runs.flatMap((run) => run.retryCounts)) ?? 0;
  const windows = Math.floor(lastMs / windowMs) + 1;
  if (windows > MAX_CHART_WINDOWS) {
    // floor(last / w) + 1 ≤ MAX holds for every w > last / MAX; whole milliseconds.
    const smallest = Math.floor(lastMs / MAX_CHART_WINDOWS) + 1;
    throw new UsageError(
      `--chart would count the retries in ${groupDigits(windows)} windows of --window ${humanDuration(windowMs)} (the last retry lands at ${humanDuration(lastMs)}), ` +
        `more than the ${groupDigits(MAX_CHART_WINDOWS)} it draws from; use --window ${smallest}ms or more`,
    );
  }
  // Each run's counts over the same windows, padded to one length, to be drawn side by side.
  const histograms = runs.map((run) => loadHistogramOfCounts(run.retryCounts, windowMs, 0, MAX_CHART_WINDOWS));
  return histograms.map((h) => {
    if (h.length === windows) return h;
    const padded = new Uint32Array(windows);
    padded.set(h);
    return padded;
  });
}
