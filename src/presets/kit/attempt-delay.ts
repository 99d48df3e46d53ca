import type { AttemptDelay } from "../../core/delay.js";

/** A delay no cap touched: raw and delay are the same whole ms. */
export function unclamped(ms: number): AttemptDelay {
  return { rawMs: ms, delayMs: ms, clamped: false };
}

/** min(raw, cap) as an AttemptDelay; both already whole ms. */
export function clampedTo(rawMs: number, capMs: number | null): AttemptDelay {
  if (capMs !== null && rawMs > capMs) return { rawMs, delayMs: capMs, clamped: true };
  return { rawMs, delayMs: rawMs, clamped: false };
}
