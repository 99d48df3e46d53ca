import { attemptDelay } from "../delay.js";
import { jitterPlan } from "../jitter/plan.js";
import type { Jitter } from "../jitter/mode.js";
import { drawBounds } from "../jitter/uniform.js";
import type { Policy } from "../policy.js";
import { raisedChange } from "./change.js";
import { raisedDrawMean } from "./clamped-mean.js";
import type { RetryAfterRule } from "./model.js";

/**
 * What a client without a library of its own does (backoff's policy, no --preset): it
 * waits at least what the server asks, so each wait is the longer of its own draw and the
 * header, max(w, r). The cap bounds the client's own backoff, not the server's ask: r
 * passes it. Decorrelated jitter is left out (its next draw grows from the previous wait,
 * and whether that is the header's is the client's own choice): the caller refuses it.
 */
export const LONGER_OF_TEXT = "the wait is the longer of the delay and Retry-After, max(delay, Retry-After), and the cap does not shorten it";

export function longerOfRule(policy: Policy, jitter: Jitter): RetryAfterRule {
  if (jitter.kind === "decorrelated") throw new RangeError("Retry-After with decorrelated jitter is not modelled: its next draw grows from the previous wait");
  const plan = jitterPlan(policy, jitter);
  return (attempt, headerMs) => {
    const own = attemptDelay(policy, attempt);
    const range = plan.range(attempt, plan.firstPreviousMs);
    const ownBounds = drawBounds(range);
    // Raised by the header, the wait is the header's, which no cap touched.
    const delayMs = Math.max(own.delayMs, headerMs);
    return {
      delay: headerMs > own.delayMs ? { rawMs: headerMs, delayMs, clamped: false } : own,
      bounds: { minMs: Math.max(ownBounds.minMs, headerMs), maxMs: Math.max(ownBounds.maxMs, headerMs) },
      meanMs: jitter.kind === "none" ? delayMs : raisedDrawMean(range, headerMs),
      fromDraw: (ownMs) => Math.max(ownMs, headerMs),
      change: raisedChange(jitter.kind === "none" ? { minMs: own.delayMs, maxMs: own.delayMs } : ownBounds, headerMs),
    };
  };
}
