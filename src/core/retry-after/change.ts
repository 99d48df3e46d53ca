import type { DelayBounds } from "../model.js";

/**
 * What a Retry-After did to one retry's wait, over every run of the jitter: changed it in
 * every run ("yes"), in none ("no": the library's own wait stood), in some runs only, or
 * not at all because the library does not read the header ("ignored"). A library that
 * gives up on the header makes no retry there: "gives up".
 */
export type RetryAfterChange = "yes" | "no" | "in some runs" | "ignored" | "gives up";

export const RETRY_AFTER_CHANGES: readonly RetryAfterChange[] = ["yes", "no", "in some runs", "ignored", "gives up"];

/** The header raises the wait to at least `headerMs`: every draw below it changes, none at or above it. */
export function raisedChange(own: DelayBounds, headerMs: number): RetryAfterChange {
  if (headerMs <= own.minMs) return "no";
  return headerMs > own.maxMs ? "yes" : "in some runs";
}

/** The wait becomes `waitMs` whatever was drawn: only a draw of exactly that value is unchanged. */
export function replacedChange(own: DelayBounds, waitMs: number): RetryAfterChange {
  if (own.minMs === own.maxMs) return own.minMs === waitMs ? "no" : "yes";
  return waitMs < own.minMs || waitMs > own.maxMs ? "yes" : "in some runs";
}
