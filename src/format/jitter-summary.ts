import type { Jitter } from "../core/jitter/index.js";
import { jitterDescription } from "../core/jitter/index.js";
import type { ScheduleSummary } from "../core/schedule.js";
import { msJson } from "./numbers.js";
import { durationWithMs } from "./summary.js";

export interface JitterContext {
  readonly jitter: Jitter;
  readonly seed: number | null;
  /** The sampled total after the last attempt shown; null without a seed. */
  readonly sampleTotalMs: number | null;
}

/** The lines a jittered or sampled schedule adds under the table: the mode, best and worst case, the sample. */
export function jitterSummaryLines(summary: ScheduleSummary, context: JitterContext): string[] {
  const lines: string[] = [];
  if (context.jitter.kind !== "none") {
    lines.push(`Jitter: ${jitterDescription(context.jitter)}; never above the cap.`);
    lines.push(
      `Total wait after attempt ${summary.last} with jitter: best case ${durationWithMs(summary.totalMinMs)}, worst case ${durationWithMs(summary.totalMaxMs)}.`,
    );
  }
  if (context.seed !== null && context.sampleTotalMs !== null) {
    lines.push(`Sample (seed ${context.seed}): total wait ${durationWithMs(context.sampleTotalMs)}; the same seed always draws the same sequence.`);
  }
  return lines;
}

/** The fields a jittered or sampled schedule adds to the JSON summary. */
export function jitterSummaryJson(summary: ScheduleSummary, context: JitterContext): Record<string, unknown> {
  return {
    ...(context.jitter.kind === "none" ? {} : { total_min_ms: msJson(summary.totalMinMs), total_max_ms: msJson(summary.totalMaxMs) }),
    ...(context.seed === null ? {} : { seed: context.seed, sample_total_ms: context.sampleTotalMs === null ? null : msJson(context.sampleTotalMs) }),
  };
}
