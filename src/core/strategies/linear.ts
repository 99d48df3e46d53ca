import { add, fractionOf, integer, multiply } from "../exact.js";
import type { Estimate } from "../rounding.js";

/** base + step × (attempt − 1) in double precision. */
export function linearApprox(baseMs: number, stepMs: number, attempt: number): number {
  return baseMs + stepMs * (attempt - 1);
}

/** The bound on linearApprox's absolute error. */
export function linearError(approx: number): number {
  return approx * 8 * 2 ** -52;
}

/** base + step × (attempt − 1), before the cap, with its exact value on demand. */
export function linearRaw(baseMs: number, stepMs: number, attempt: number): Estimate {
  const steps = attempt - 1;
  const approx = linearApprox(baseMs, stepMs, attempt);
  return {
    approx,
    error: linearError(approx),
    exact: () => add(fractionOf(baseMs), multiply(fractionOf(stepMs), integer(steps))),
  };
}
