import { attemptDelay, capDelayMs, constantFrom } from "../delay.js";
import { isSaturated } from "../limits.js";
import type { Policy } from "../policy.js";
import { DecorrelatedSchedule } from "./decorrelated.js";
import { equalRange } from "./equal.js";
import { fullRange } from "./full.js";
import type { Jitter } from "./mode.js";
import { noneRange } from "./none.js";
import { isJitterFraction, proportionalRange } from "./proportional.js";
import { type DrawRange, SATURATED_RANGE, ceilingOf } from "./uniform.js";

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
