import type { DrawRange } from "./uniform.js";

/**
 * AWS "full jitter": uniform over [0, d]. As whole milliseconds: U{0..d}, so the
 * bounds are exactly 0 and d and the mean exactly d/2. Never above d, so never above the cap.
 */
export function fullRange(delayMs: number, ceiling: number): DrawRange {
  return { lo: 0, hi: delayMs, ceiling };
}
