import type { Policy } from "../core/policy.js";
import type { AttemptRange } from "../core/schedule.js";
import type { ScheduleSummary } from "../core/schedule.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { ratioText, SATURATED_TEXT } from "./numbers.js";
import { isSaturated } from "../core/limits.js";

/** "31 s (31,000 ms)", or the human form alone when that is all there is to say. */
export function durationWithMs(ms: number): string {
  if (isSaturated(ms)) return humanDuration(ms);
  return ms < 1000 ? `${ms} ms` : `${humanDuration(ms)} (${groupDigits(ms)} ms)`;
}

/**
 * The lines under a schedule: total wait, where the cap bites, the ratio to linear. With
 * `jitterFree` (a preset that draws) the figures are named as what they are, the jitter-free
 * delays the formula gives, since a library's waits may never take them (Envoy's random() % I).
 */
export function scheduleSummaryLines(
  summary: ScheduleSummary,
  context: { readonly capMs: number | null; readonly isLinear: boolean; readonly jitterFree?: boolean },
): string[] {
  const jitterFree = context.jitterFree === true;
  const lines = [
    `${jitterFree ? "Total of the jitter-free delays" : "Total wait"} after attempt ${summary.last}: ${durationWithMs(summary.totalMs)}; linear: ${durationWithMs(summary.linearTotalMs)}.`,
  ];
  if (context.capMs === null) {
    lines.push("Cap: none.");
  } else {
    const cap = humanDuration(context.capMs);
    const at = summary.capReachedAt;
    if (at === null) lines.push(`Cap: ${cap}, never reached.`);
    else if (at > summary.last) lines.push(`Cap: ${cap}, first reached at attempt ${at} (after this range).`);
    else lines.push(`Cap: ${cap}, first reached at attempt ${at}.`);
  }
  if (summary.ratioToLinear !== null && !context.isLinear) {
    lines.push(
      `At attempt ${summary.last} the ${jitterFree ? "jitter-free delay" : "delay"} is ${ratioText(summary.ratioToLinear)}× the linear one ` +
        `(${humanDuration(summary.lastDelayMs)} against ${humanDuration(summary.lastLinearMs)}).`,
    );
  }
  if (summary.saturated) lines.push(`Values of 2^53 ms or more cannot be held exactly; they are shown as ${SATURATED_TEXT}.`);
  return lines;
}

/** The policy in one line, for the drawing's title: "exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10". */
export function policyTitle(policy: Policy, range: AttemptRange, jitter: string | null = null): string {
  const parts: string[] = [policy.strategy, `base ${humanDuration(policy.baseMs)}`];
  if (policy.strategy === "exponential") parts.push(`factor ${policy.factor}`);
  if (policy.strategy === "linear") parts.push(`step ${humanDuration(policy.stepMs)}`);
  parts.push(policy.capMs === null ? "no cap" : `cap ${humanDuration(policy.capMs)}`);
  if (jitter !== null) parts.push(`jitter ${jitter}`);
  parts.push(`attempts ${range.first}..${range.last}`);
  return parts.join(" · ");
}
