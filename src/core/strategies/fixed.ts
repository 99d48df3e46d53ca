import { exactly, type Estimate } from "../rounding.js";

/** base on every attempt, before the cap. */
export function fixedRaw(baseMs: number): Estimate {
  return exactly(baseMs);
}
