import { isSaturated } from "../core/limits.js";
import { groupDigits } from "../core/text/digits.js";
import { humanDuration } from "../core/text/duration.js";

/** "1,600 ms  1.6 s": the exact milliseconds, then the human reading. */
export function msText(ms: number): string {
  if (isSaturated(ms) || ms < 1000) return humanDuration(ms);
  return `${groupDigits(ms)} ms  ${humanDuration(ms)}`;
}

/** "1.6 s – 2.4 s": a jittered delay's exact range, or the one value when the range has one. */
export function rangeText(minMs: number, maxMs: number): string {
  return minMs === maxMs ? humanDuration(minMs) : `${humanDuration(minMs)} – ${humanDuration(maxMs)}`;
}

/** A range of times for people, in ms where the two ends would read alike ("1,000 – 1,024 ms", not "1 s – 1 s"). */
export function distinctRangeText(minMs: number, maxMs: number, joiner = " – "): string {
  if (minMs !== maxMs && humanDuration(minMs) === humanDuration(maxMs) && !isSaturated(maxMs)) return `${groupDigits(minMs)}${joiner}${groupDigits(maxMs)} ms`;
  return minMs === maxMs ? humanDuration(minMs) : `${humanDuration(minMs)}${joiner}${humanDuration(maxMs)}`;
}
