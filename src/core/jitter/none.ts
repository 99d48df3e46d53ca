import type { DrawRange } from "./uniform.js";

/** No jitter: the delay itself, a range of one value. */
export function noneRange(delayMs: number, ceiling: number): DrawRange {
  return { lo: delayMs, hi: delayMs, ceiling };
}
