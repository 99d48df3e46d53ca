import { capDelayMs, capReachedAt, constantFrom, policyDelays } from "./delay.js";
import type { ScheduleModel } from "./model.js";
import type { Policy } from "./policy.js";
import { cumulativeMs } from "./schedule.js";

/** The calculator's own policy, without jitter, as a schedule model. */
export function policyModel(policy: Policy): ScheduleModel {
  const delay = policyDelays(policy);
  return {
    delay,
    jittered: false,
    bounds: (attempt) => {
      const { delayMs } = delay(attempt);
      return { minMs: delayMs, maxMs: delayMs };
    },
    meanMs: (attempt) => delay(attempt).delayMs,
    sampler: () => (attempt) => delay(attempt).delayMs,
    capMs: capDelayMs(policy),
    capReachedAt: () => capReachedAt(policy),
    steadyFrom: () => constantFrom(policy),
    mayExceedCap: false,
    monotone: true, // min(base × factor^(a−1), cap) and its linear and fixed kin never decrease
    cumulativeMs: (attempt) => cumulativeMs(policy, attempt),
  };
}
