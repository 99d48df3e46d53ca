import { exactly, exactlyError, type Estimate } from "../rounding.js";

/** base on every attempt, before the cap. */
export function fixedRaw(baseMs: number): Estimate {
  return exactly(baseMs);
}

/** The bound fixedRaw carries (the input read back as itself). */
export function fixedError(baseMs: number): number {
  return exactlyError(baseMs);
}
