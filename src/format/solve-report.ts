import type { Policy } from "../core/policy.js";
import { scheduleRows } from "../core/schedule.js";
import { policyModel } from "../core/policy-model.js";
import { type NoSolution, SOLVE_TOLERANCE } from "../core/solve.js";
import { humanDuration } from "../core/text/duration.js";
import { jsonText } from "./json-text.js";
import { approximateText } from "./numbers.js";
import { durationWithMs } from "./summary.js";

// What `backoff solve` prints: the answer, how it was found, what it achieves, or why
// there is none; the table below it is the schedule's own.

/** Which parameter to find: the one left out. */
export type Unknown = "factor" | "base" | "attempts";

/**
 * What solve found, for the calculator's policy and a library's alike: the parameter left
 * out, its answer as printed and what that achieves. `On` is what it was found on:
 * SolvedPolicy here, SolvedPreset (preset-solve.ts) for `solve --preset`.
 */
export type Solution<On> = On & {
  readonly unknown: Unknown;
  readonly attempts: number;
  /** The printed answer: "7.472", "1318" (ms), "14". */
  readonly answerText: string;
  /** The unrounded root (the factor; the calculator's base too); null for attempts. */
  readonly exact: number | null;
  readonly targetMs: number;
  /** The answer's total, delays rounded to whole ms: without jitter, but worst case (jitter included) for a library's attempts. */
  readonly achievedMs: number;
  /** For attempts: what one more attempt would bring the total to (null when it is not said). */
  readonly nextTotalMs: number | null;
};

/** The calculator's policy with the answer as it is printed (rounded), whose schedule is shown. */
export interface SolvedPolicy {
  readonly policy: Policy;
}

/** What the no-solution sentences quote of the user's input. */
export interface SolveInputText {
  readonly attempts?: string;
  readonly cap?: string;
  readonly targetMs: number;
}

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
function power(n: number): string {
  return n === 1 ? "f" : `f${String(n).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]!)}`;
}

/** The equation solved, for people: "1 + f + f² + f³ + f⁴ = 3600". */
export function equationText(solution: Solution<SolvedPolicy>): string {
  const { policy, attempts, targetMs } = solution;
  const cap = policy.capMs === null ? "" : `, each term capped at ${humanDuration(policy.capMs)}`;
  if (solution.unknown === "factor") {
    const terms = attempts <= 6 ? Array.from({ length: attempts }, (_, i) => (i === 0 ? "1" : power(i))).join(" + ") : `1 + f + … + f^${attempts - 1}`;
    const ratio = targetMs / policy.baseMs;
    return policy.capMs === null ? `${terms} = ${trimmed(ratio)} (total ÷ base)` : `base × (${terms}) = total${cap}`;
  }
  if (solution.unknown === "base") {
    return `base × (1 + f + … + f^${attempts - 1}) = ${humanDuration(targetMs)} with f = ${policy.factor}${cap}`;
  }
  return "";
}

function trimmed(x: number): string {
  return approximateText(x);
}

/** SOLVE_TOLERANCE for people, without exponent notation. */
export const SOLVE_TOLERANCE_TEXT = "10^-12";

export function flagsOf(policy: Policy, attempts: number): string {
  const parts = [`--strategy ${policy.strategy}`, `--base ${policy.baseMs}`];
  if (policy.strategy === "exponential") parts.push(`--factor ${policy.factor}`);
  if (policy.capMs !== null) parts.push(`--cap ${policy.capMs}`);
  parts.push(`--attempts ${attempts}`);
  return parts.join(" ");
}

/** The answer, how it was found and what it achieves, above the schedule. */
export function solutionLines(solution: Solution<SolvedPolicy>): string[] {
  const { unknown, targetMs, achievedMs } = solution;
  const lines: string[] = [];
  const off = achievedMs - targetMs;
  const offText = off === 0 ? "exactly the target" : `${durationWithMs(Math.abs(off))} ${off > 0 ? "over" : "under"} the target of ${durationWithMs(targetMs)}`;
  if (unknown === "attempts") {
    lines.push(`attempts = ${solution.answerText}: total wait ${durationWithMs(achievedMs)}, within the budget of ${durationWithMs(targetMs)}.`);
    if (solution.nextTotalMs !== null) lines.push(`Attempt ${solution.attempts + 1} would bring it to ${durationWithMs(solution.nextTotalMs)}.`);
  } else {
    const exact = solution.exact!;
    const name = unknown === "factor" ? "factor" : "base";
    const value = unknown === "factor" ? solution.answerText : `${solution.answerText} ms (${humanDuration(Number(solution.answerText))})`;
    lines.push(`${name} ≈ ${value}; root ${trimmed(exact)}${unknown === "base" ? " ms" : ""} of ${equationText(solution)}.`);
    lines.push(`Found by bisection to a relative tolerance of ${SOLVE_TOLERANCE_TEXT}; the answer is rounded as shown${unknown === "factor" ? " (to the fewest decimals that keep the total within 0.1%)" : " (to whole ms)"}.`);
    lines.push(`With ${name} ${solution.answerText} and delays rounded to whole ms, the total is ${durationWithMs(achievedMs)}: ${offText}.`);
  }
  lines.push(`Policy: ${flagsOf(solution.policy, solution.attempts)}`);
  return lines;
}

/** Why there is no answer, as one sentence. */
export function noSolutionText(reason: NoSolution, options: SolveInputText): string {
  switch (reason.why) {
    case "target-below-minimum":
      return `even with factor 1 (every delay the base), ${options.attempts} attempts wait ${durationWithMs(reason.minimumMs)}, more than the target ${humanDuration(options.targetMs)}; lower --base or --attempts`;
    case "cap-limits-total":
      return `the cap makes the total unreachable: with --cap ${options.cap}, ${options.attempts} attempts wait at most ${durationWithMs(reason.maximumMs)}, less than the target ${humanDuration(options.targetMs)}; raise --cap or --attempts`;
    case "factor-irrelevant":
      return `with 1 attempt the factor plays no part: the total is the base, ${durationWithMs(reason.totalMs)}; give more --attempts`;
    case "base-below-1ms":
      return `the base would be ${trimmed(reason.baseMs)} ms, which rounds to a delay of 0 ms; raise --total or lower --attempts or --factor`;
    case "first-delay-over-budget":
      return `the first delay alone, ${durationWithMs(reason.firstMs)}, is over the budget of ${humanDuration(options.targetMs)}`;
    case "delays-are-zero":
      return "every delay rounds to 0 ms, so any number of attempts fits the budget";
  }
}


/** The JSON document of a solution; `shown` says whether its schedule is included. */
export function solutionJson(solution: Solution<SolvedPolicy>, shown: boolean): string {
  const { policy, attempts } = solution;
  const doc = {
    solved: true,
    unknown: solution.unknown,
    value: Number(solution.answerText),
    exact: solution.exact,
    tolerance: solution.exact === null ? null : SOLVE_TOLERANCE,
    target_total_ms: solution.targetMs,
    achieved_total_ms: solution.achievedMs,
    next_total_ms: solution.nextTotalMs,
    policy: { strategy: policy.strategy, base_ms: policy.baseMs, factor: policy.factor, cap_ms: policy.capMs, attempts },
    schedule: shown
      ? Array.from(scheduleRows(policyModel(policy), policyModel(policy), { first: 1, last: attempts }), (r) => ({ attempt: r.attempt, delay_ms: r.delayMs, cumulative_ms: r.cumulativeMs }))
      : null,
  };
  return `${jsonText(doc, 2)}\n`;
}

/** The JSON document when there is no solution. */
export function noSolutionJson(reason: NoSolution, options: SolveInputText): string {
  return `${jsonText({ solved: false, reason: reason.why, message: noSolutionText(reason, options) }, 2)}\n`;
}
