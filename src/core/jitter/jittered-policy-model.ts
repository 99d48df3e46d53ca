import { closedFormTotals } from "./totals.js";
import { capDelayMs, capReachedAt, constantFrom, policyDelays } from "../delay.js";
import type { DelayBounds, RandomSource, ScheduleModel } from "../model.js";
import type { Policy } from "../policy.js";
import { policyModel } from "../policy-model.js";
import { cumulativeMs } from "../schedule.js";
import { DecorrelatedSchedule } from "./decorrelated.js";
import type { Jitter } from "./mode.js";
import { jitterPlan } from "./plan.js";
import { type DrawRange, ceilingOf, draw, drawBounds, drawMean } from "./uniform.js";

/**
 * The calculator's own policy with jitter, as a schedule model. `delay` stays the
 * un-jittered curve; bounds, mean and samples are those of the jittered delay, and the
 * cap is a hard ceiling (mayExceedCap is false). Closed forms: every mode's bounds;
 * the mean of none, proportional, full and equal, and of decorrelated until the cap can
 * bite (see decorrelated.ts for the computed part).
 */
export function jitteredPolicyModel(policy: Policy, jitter: Jitter): ScheduleModel {
  if (jitter.kind === "none") return policyModel(policy);
  const plan = jitterPlan(policy, jitter);
  const delay = policyDelays(policy);
  const capMs = capDelayMs(policy);
  const base = {
    delay,
    jittered: true,
    capMs,
    capReachedAt: () => capReachedAt(policy),
    mayExceedCap: false,
    monotone: true, // every mode's bounds grow with the un-jittered delay (decorrelated: with M_n)
    cumulativeMs: (attempt: number) => cumulativeMs(policy, attempt),
    ...closedFormTotals(policy, jitter),
  };
  if (jitter.kind === "decorrelated") {
    const schedule = new DecorrelatedSchedule(plan.firstPreviousMs, ceilingOf(capMs));
    return {
      ...base,
      bounds: (attempt) => schedule.bounds(attempt),
      meanMs: (attempt) => schedule.meanMs(attempt),
      sampler: (random: RandomSource) => {
        let previous = plan.firstPreviousMs;
        return (attempt) => {
          previous = draw(plan.range(attempt, previous), random);
          return previous;
        };
      },
      steadyFrom: () => {
        const curve = constantFrom(policy);
        return curve === null ? null : Math.max(curve, schedule.steadyFrom());
      },
    };
  }
  // One entry each: from the steady attempt on, every row asks about the same range object.
  let boundsFor: DrawRange | null = null;
  let lastBounds: DelayBounds = { minMs: 0, maxMs: 0 };
  let meanFor: DrawRange | null = null;
  let lastMean = 0;
  return {
    ...base,
    bounds: (attempt): DelayBounds => {
      const range = plan.range(attempt, 0);
      if (range !== boundsFor) {
        boundsFor = range;
        lastBounds = drawBounds(range);
      }
      return lastBounds;
    },
    meanMs: (attempt) => {
      const range = plan.range(attempt, 0);
      if (range !== meanFor) {
        meanFor = range;
        lastMean = drawMean(range);
      }
      return lastMean;
    },
    sampler: (random: RandomSource) => (attempt) => draw(plan.range(attempt, 0), random),
    steadyFrom: () => constantFrom(policy),
  };
}
