import type { Policy } from "../core/policy.js";
import type { AttemptRange, ScheduleSummary } from "../core/schedule.js";
import { msJson } from "./numbers.js";

/** The normalised inputs, as the JSON output's `policy` object. */
export function policyJson(policy: Policy, range: AttemptRange): Record<string, unknown> {
  return {
    strategy: policy.strategy,
    base_ms: policy.baseMs,
    ...(policy.strategy === "exponential" ? { factor: policy.factor } : {}),
    step_ms: policy.stepMs,
    cap_ms: policy.capMs,
    first_attempt: range.first,
    last_attempt: range.last,
  };
}

/** The summary as the JSON output's `summary` object. */
export function summaryJson(summary: ScheduleSummary): Record<string, unknown> {
  return {
    total_ms: msJson(summary.totalMs),
    linear_total_ms: msJson(summary.linearTotalMs),
    cap_reached_at: summary.capReachedAt,
    ratio_to_linear: summary.ratioToLinear,
    saturated: summary.saturated,
  };
}
