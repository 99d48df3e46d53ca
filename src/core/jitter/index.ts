import { percentText, plainNumber } from "../decimal.js";
import { attemptDelay, capDelayMs, capReachedAt, constantFrom } from "../delay.js";
import { isSaturated } from "../limits.js";
import type { DelayBounds, RandomSource, ScheduleModel } from "../model.js";
import type { Policy } from "../policy.js";
import { policyModel } from "../policy-model.js";
import { cumulativeMs } from "../schedule.js";
import { DecorrelatedSchedule } from "./decorrelated.js";
import { equalRange } from "./equal.js";
import { fullRange } from "./full.js";
import { noneRange } from "./none.js";
import { isJitterFraction, proportionalRange } from "./proportional.js";
import { closedFormTotals } from "./totals.js";
import { type DrawRange, SATURATED_RANGE, ceilingOf, draw, drawBounds, drawMean } from "./uniform.js";

export { DecorrelatedSchedule, decorrelatedRange, EXACT_MEAN_VALUES } from "./decorrelated.js";
export { type DrawRange, ceilingOf, draw, drawBounds, drawMean } from "./uniform.js";
export { equalRange, fullRange, isJitterFraction, noneRange, proportionalRange };

/** A jitter mode: none, proportional ±fraction, or one of AWS's three. */
export type Jitter =
  | { readonly kind: "none" }
  | { readonly kind: "proportional"; readonly fraction: number }
  | { readonly kind: "full" }
  | { readonly kind: "equal" }
  | { readonly kind: "decorrelated" };

export const NO_JITTER: Jitter = { kind: "none" };

/** "none", "0.2", "full", "equal", "decorrelated": the name the CLI reads and prints. */
export function jitterName(jitter: Jitter): string {
  return jitter.kind === "proportional" ? plainNumber(jitter.fraction) : jitter.kind;
}

/** One line on what a mode draws, for summaries. */
export function jitterDescription(jitter: Jitter): string {
  switch (jitter.kind) {
    case "none":
      return "none";
    case "proportional":
      return `±${percentText(jitter.fraction)}% (uniform over [d·(1−${plainNumber(jitter.fraction)}), d·(1+${plainNumber(jitter.fraction)})], clamped to the cap)`;
    case "full":
      return "full (uniform over [0, d])";
    case "equal":
      return "equal (d/2 + uniform over [0, d/2])";
    case "decorrelated":
      return "decorrelated (min(cap, uniform(base, previous × 3)))";
  }
}

/**
 * The draw for one attempt, given the previous jittered delay (only decorrelated uses it;
 * pass the base for attempt 1). Exposed so a simulation can sample millions of clients
 * from per-attempt ranges without a closure per client.
 */
export interface JitterPlan {
  readonly jitter: Jitter;
  /** Whether the range depends on the previous delay (decorrelated). */
  readonly stateful: boolean;
  /** The base in whole ms: the previous delay to pass for attempt 1. */
  readonly firstPreviousMs: number;
  range(attempt: number, previousMs: number): DrawRange;
}

export function jitterPlan(policy: Policy, jitter: Jitter): JitterPlan {
  if (jitter.kind === "proportional" && !isJitterFraction(jitter.fraction)) {
    throw new RangeError(`jitter fraction must be in (0, 1], got ${String(jitter.fraction)}`);
  }
  const capMs = capDelayMs(policy);
  const ceiling = ceilingOf(capMs);
  const baseMs = attemptDelay(policy, 1).delayMs;
  if (jitter.kind === "decorrelated") {
    if (capMs === null) throw new RangeError("decorrelated jitter needs a cap: its formula is min(cap, uniform(base, previous × 3))");
    const schedule = new DecorrelatedSchedule(baseMs, ceiling);
    return {
      jitter,
      stateful: true,
      firstPreviousMs: baseMs,
      range: (_attempt, previousMs) => (isSaturated(baseMs) ? SATURATED_RANGE : schedule.range(previousMs)),
    };
  }
  const rangeOf = (delayMs: number): DrawRange => {
    if (isSaturated(delayMs)) return SATURATED_RANGE;
    switch (jitter.kind) {
      case "none":
        return noneRange(delayMs, ceiling);
      case "full":
        return fullRange(delayMs, ceiling);
      case "equal":
        return equalRange(delayMs, ceiling);
      case "proportional":
        return proportionalRange(delayMs, ceiling, jitter.fraction);
    }
  };
  // From the attempt where the delay stops changing, the range does too: computed once.
  const steady = constantFrom(policy);
  let steadyRange: DrawRange | null = null;
  return {
    jitter,
    stateful: false,
    firstPreviousMs: baseMs,
    range: (attempt) => {
      if (steady !== null && attempt >= steady) return (steadyRange ??= rangeOf(attemptDelay(policy, steady).delayMs));
      return rangeOf(attemptDelay(policy, attempt).delayMs);
    },
  };
}

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
  const delay = (attempt: number) => attemptDelay(policy, attempt);
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
