import { add, fractionOf, integer, multiply } from "../exact.js";
import type { Estimate } from "../rounding.js";

/** base + step × (attempt − 1), before the cap. */
export function linearRaw(baseMs: number, stepMs: number, attempt: number): Estimate {
  const steps = attempt - 1;
  const approx = baseMs + stepMs * steps;
  return {
    approx,
    error: approx * 8 * 2 ** -52,
    exact: () => add(fractionOf(baseMs), multiply(fractionOf(stepMs), integer(steps))),
  };
}
