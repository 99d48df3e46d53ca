import { capDelayMs } from "../core/delay.js";
import { type Jitter, jitterName } from "../core/jitter/index.js";
import type { Policy } from "../core/policy.js";
import type { AttemptRange, ScheduleSummary } from "../core/schedule.js";
import { jitterSummaryJson, jitterSummaryLines } from "./jitter-summary.js";
import { policyJson, summaryJson } from "./policy-json.js";
import { policyTitle, scheduleSummaryLines } from "./summary.js";

/**
 * What is said about a schedule around its rows, in every format: the JSON `policy`
 * and `summary` objects, the lines under a table or Markdown, and a picture's title.
 * `sampleTotalMs` is the sampled total after the last row when a seed draws one.
 */
export interface ScheduleText {
  policyJson(): Record<string, unknown>;
  summaryJson(summary: ScheduleSummary, sampleTotalMs: number | null): Record<string, unknown>;
  summaryLines(summary: ScheduleSummary, sampleTotalMs: number | null): string[];
  readonly title: string;
}

/** The calculator's own policy, with its jitter and seed. */
export function policyScheduleText(policy: Policy, range: AttemptRange, jitter: Jitter, seed: number | null): ScheduleText {
  const context = (sampleTotalMs: number | null) => ({ jitter, seed, sampleTotalMs });
  return {
    policyJson: () => (jitter.kind === "none" && seed === null ? policyJson(policy, range) : { ...policyJson(policy, range), jitter: jitterName(jitter), seed }),
    summaryJson: (summary, sampleTotalMs) => ({ ...summaryJson(summary), ...jitterSummaryJson(summary, context(sampleTotalMs)) }),
    summaryLines: (summary, sampleTotalMs) => [
      ...scheduleSummaryLines(summary, { capMs: capDelayMs(policy), isLinear: policy.strategy === "linear" }),
      ...jitterSummaryLines(summary, context(sampleTotalMs)),
    ],
    title: policyTitle(policy, range, jitter.kind === "none" ? null : jitterName(jitter)),
  };
}
