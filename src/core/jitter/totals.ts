import { type DelayBounds } from "../model.js";
import { type Policy } from "../policy.js";
import { capDelayMs, capReachedAt } from "../delay.js";
import { SATURATED_MS, addMs, timesMs } from "../limits.js";
import { cumulativeMs } from "../schedule.js";
import { linearDelaySum, saturatedFrom } from "../totals.js";
import type { Jitter } from "./mode.js";

/**
 * Closed forms for the best and worst totals of the calculator's own jittered schedules,
 * where they exist, so a check or a long table needs no walk over the attempts:
 *
 * - full jitter, U{0..d}: the worst total is the un-jittered total and the best is 0 (until
 *   a delay saturates: a saturated delay stays saturated under any jitter);
 * - equal jitter, U{⌈d/2⌉..d}, on a linear schedule: the best total is Σ⌈d/2⌉, a floor sum
 *   below the cap (see linearDelaySum) plus a constant tail from the cap on.
 *
 * Returns null where no closed form is known (the totals are then walked, within
 * MAX_WALKED_ATTEMPTS).
 */
export function jitterBoundsTotals(policy: Policy, jitter: Jitter): ((attempt: number) => DelayBounds) | null {
  if (jitter.kind === "full") {
    const saturated = saturatedFrom(policy);
    return (attempt) => ({
      minMs: saturated !== null && attempt >= saturated ? SATURATED_MS : 0,
      maxMs: cumulativeMs(policy, attempt),
    });
  }
  if (jitter.kind === "equal" && policy.strategy === "linear") {
    const saturated = saturatedFrom(policy);
    const capAt = capReachedAt(policy);
    const capMs = capDelayMs(policy);
    return (attempt) => {
      if (attempt < 1) return { minMs: 0, maxMs: 0 };
      if (saturated !== null && attempt >= saturated) return { minMs: SATURATED_MS, maxMs: cumulativeMs(policy, attempt) };
      const below = capAt === null ? attempt : Math.min(attempt, capAt - 1);
      let minMs = linearDelaySum(policy, 1, below, true);
      if (capAt !== null && attempt >= capAt) minMs = addMs(minMs, timesMs(Math.ceil(capMs! / 2), attempt - capAt + 1));
      return { minMs, maxMs: cumulativeMs(policy, attempt) };
    };
  }
  return null;
}

/** The boundsTotals entry of a model, when a closed form exists. */
export function closedFormTotals(policy: Policy, jitter: Jitter): { boundsTotals?: (attempt: number) => DelayBounds } {
  const totals = jitterBoundsTotals(policy, jitter);
  return totals === null ? {} : { boundsTotals: totals };
}
