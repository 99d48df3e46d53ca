import type { DrawRange } from "./uniform.js";

/**
 * AWS "equal jitter": d/2 + uniform[0, d/2]. As whole milliseconds: U{⌈d/2⌉..d}, so
 * the bounds are exactly ⌈d/2⌉ and d and the mean (⌈d/2⌉ + d)/2 (for odd d, the half
 * millisecond below ⌈d/2⌉ cannot be a whole-millisecond result).
 */
export function equalRange(delayMs: number, ceiling: number): DrawRange {
  return { lo: Math.ceil(delayMs / 2), hi: delayMs, ceiling };
}
