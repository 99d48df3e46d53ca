import type { AttemptDelay } from "../../core/delay.js";
import type { DelayBounds } from "../../core/model.js";

/** A delay no cap touched: raw and delay are the same whole ms. */
export function unclamped(ms: number): AttemptDelay {
  return { rawMs: ms, delayMs: ms, clamped: false };
}

/** min(raw, cap) as an AttemptDelay; both already whole ms. */
export function clampedTo(rawMs: number, capMs: number | null): AttemptDelay {
  if (capMs !== null && rawMs > capMs) return { rawMs, delayMs: capMs, clamped: true };
  return { rawMs, delayMs: rawMs, clamped: false };
}

/**
 * A mean kept within the exact bounds of the reported (whole-ms) value: a library's mean
 * is computed on its unrounded values (or numerically), and may pass a rounded bound by
 * less than a millisecond; the mean of what is reported never does.
 */
export function meanWithin(meanMs: number, bounds: DelayBounds): number {
  return Math.min(Math.max(meanMs, bounds.minMs), bounds.maxMs);
}
