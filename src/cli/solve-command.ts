import type { SolveFormat } from "./command-options.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { type Policy, type Strategy, normalizePolicy } from "../core/policy.js";
import { policyModel } from "../core/policy-model.js";
import { modelTotals, scheduleRows } from "../core/schedule.js";
import { type NoSolution, SOLVE_TOLERANCE, solveAttempts, solveBase, solveFactor } from "../core/solve.js";
import { humanDuration } from "../format/duration.js";
import { jsonText } from "../format/json-text.js";
import { approximateText } from "../format/numbers.js";
import { durationWithMs } from "../format/summary.js";
import { parseCount } from "./check-options.js";
import { UsageError } from "./errors.js";
import { type Io, writeChunks } from "./io.js";
import { parseBase, parseCap, parseDuration, parseFactor } from "./parse.js";
import { runSchedule } from "./schedule-command.js";


/** `backoff solve` options, as commander hands them over (strings; absent = not given). */
export interface SolveOptions {
  total?: string;
  attempts?: string;
  base?: string;
  factor?: string;
  cap?: string;
  strategy?: Strategy;
  format: SolveFormat;
  color: boolean;
}

/** SOLVE_TOLERANCE for people, without exponent notation. */
const SOLVE_TOLERANCE_TEXT = "10^-12";

/** The schedule is shown below the answer up to this many attempts (beyond, a command to print it). */
export const MAX_SHOWN_ATTEMPTS = 1000;

/** Which parameter to find: the one left out. */
export type Unknown = "factor" | "base" | "attempts";

export interface Solution {
  readonly unknown: Unknown;
  /** The policy with the answer as it is printed (rounded), whose schedule is shown. */
  readonly policy: Policy;
  readonly attempts: number;
  /** The printed answer: "7.472", "1318", "14". */
  readonly answerText: string;
  /** The unrounded root, for factor and base. */
  readonly exact: number | null;
  readonly targetMs: number;
  /** The printed policy's total, delays rounded to whole ms. */
  readonly achievedMs: number;
  /** For attempts: what one more attempt would bring the total to. */
  readonly nextTotalMs: number | null;
}

/** Decides what is missing; exactly one of attempts, base, factor (attempts defaults the factor to 2). */
export function unknownOf(options: SolveOptions): Unknown {
  if (options.total === undefined) throw new UsageError("solve needs --total <duration>: the total wait to aim for (or the budget to fit)");
  if (options.attempts === undefined) {
    if (options.base === undefined) throw new UsageError("solve for --attempts needs --base (and optionally --factor, --cap, --strategy)");
    return "attempts";
  }
  if (options.base !== undefined && options.factor !== undefined) {
    throw new UsageError("nothing to solve: leave out one of --attempts, --base or --factor");
  }
  if (options.base === undefined && options.factor === undefined) {
    throw new UsageError("solve finds one missing parameter: give --base (to find the factor) or --factor (to find the base)");
  }
  return options.base === undefined ? "base" : "factor";
}

/** The fewest decimals (2 to 10) whose rounded factor keeps the total within 0.1% of the target. */
function printedFactor(exact: number, total: (factor: number) => number, targetMs: number): string {
  let text = "";
  for (let decimals = 2; decimals <= 10; decimals++) {
    text = String(Math.max(1, Number(exact.toFixed(decimals))));
    if (Math.abs(total(Number(text)) - targetMs) <= targetMs / 1000) break;
  }
  return text;
}

/** Solves; returns the reason when there is no answer. */
export function solve(options: SolveOptions): Solution | NoSolution {
  const unknown = unknownOf(options);
  const targetMs = parseDuration("--total", options.total!);
  const capMs = options.cap === undefined ? null : parseCap("--cap", options.cap);
  const strategy = options.strategy ?? "exponential";
  if (unknown !== "attempts" && strategy !== "exponential") {
    throw new UsageError(`solve finds the ${unknown} of an exponential policy only, not --strategy ${strategy}`);
  }
  if (options.factor !== undefined && strategy !== "exponential") throw new UsageError(`--factor applies only to --strategy exponential, not ${strategy}`);
  const baseMs = options.base === undefined ? null : parseBase("--base", options.base);
  if (baseMs !== null && capMs !== null && capMs < baseMs) throw new UsageError(`--cap (${options.cap}) must be at least --base (${options.base})`);
  const factor = options.factor === undefined ? undefined : parseFactor("--factor", options.factor);
  const totalOf = (policy: Policy, n: number) => modelTotals(policyModel(policy), n).cumulativeMs;

  if (unknown === "attempts") {
    const policy = normalizePolicy({ strategy, baseMs: baseMs!, capMs, ...(factor === undefined ? {} : { factor }) });
    const found = solveAttempts(policyModel(policy), targetMs);
    if (!found.ok) return found.reason;
    const n = found.value;
    return {
      unknown, policy, attempts: n, answerText: String(n), exact: null, targetMs,
      achievedMs: totalOf(policy, n), nextTotalMs: n < MAX_EXACT_MS ? totalOf(policy, n + 1) : null,
    };
  }
  const attempts = parseCount("--attempts", options.attempts!);
  if (unknown === "factor") {
    const found = solveFactor({ baseMs: baseMs!, capMs, attempts, targetMs });
    if (!found.ok) return found.reason;
    const policyWith = (f: number) => normalizePolicy({ strategy, baseMs: baseMs!, capMs, factor: f });
    const answerText = printedFactor(found.value, (f) => totalOf(policyWith(f), attempts), targetMs);
    const policy = policyWith(Number(answerText));
    return { unknown, policy, attempts, answerText, exact: found.value, targetMs, achievedMs: totalOf(policy, attempts), nextTotalMs: null };
  }
  const found = solveBase({ factor: factor!, capMs, attempts, targetMs });
  if (!found.ok) return found.reason;
  const rounded = Math.round(found.value);
  if (rounded < 1) return { why: "base-below-1ms", baseMs: found.value };
  const policy = normalizePolicy({ strategy, baseMs: rounded, capMs, factor: factor! });
  return { unknown, policy, attempts, answerText: String(rounded), exact: found.value, targetMs, achievedMs: totalOf(policy, attempts), nextTotalMs: null };
}

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
function power(n: number): string {
  return n === 1 ? "f" : `f${String(n).replace(/\d/g, (d) => SUPERSCRIPTS[Number(d)]!)}`;
}

/** The equation solved, for people: "1 + f + f² + f³ + f⁴ = 3600". */
export function equationText(solution: Solution): string {
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

function flagsOf(policy: Policy, attempts: number): string {
  const parts = [`--strategy ${policy.strategy}`, `--base ${policy.baseMs}`];
  if (policy.strategy === "exponential") parts.push(`--factor ${policy.factor}`);
  if (policy.capMs !== null) parts.push(`--cap ${policy.capMs}`);
  parts.push(`--attempts ${attempts}`);
  return parts.join(" ");
}

/** The answer, how it was found and what it achieves, above the schedule. */
export function solutionLines(solution: Solution): string[] {
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
export function noSolutionText(reason: NoSolution, options: SolveOptions): string {
  switch (reason.why) {
    case "target-below-minimum":
      return `even with factor 1 (every delay the base), ${options.attempts} attempts wait ${durationWithMs(reason.minimumMs)}, more than the target ${humanDuration(parseDuration("--total", options.total!))}; lower --base or --attempts`;
    case "cap-limits-total":
      return `the cap makes the total unreachable: with --cap ${options.cap}, ${options.attempts} attempts wait at most ${durationWithMs(reason.maximumMs)}, less than the target ${humanDuration(parseDuration("--total", options.total!))}; raise --cap or --attempts`;
    case "factor-irrelevant":
      return `with 1 attempt the factor plays no part: the total is the base, ${durationWithMs(reason.totalMs)}; give more --attempts`;
    case "base-below-1ms":
      return `the base would be ${trimmed(reason.baseMs)} ms, which rounds to a delay of 0 ms; raise --total or lower --attempts or --factor`;
    case "first-delay-over-budget":
      return `the first delay alone, ${durationWithMs(reason.firstMs)}, is over the budget of ${humanDuration(parseDuration("--total", options.total!))}`;
    case "delays-are-zero":
      return "every delay rounds to 0 ms, so any number of attempts fits the budget";
  }
}

export async function runSolve(options: SolveOptions, io: Io): Promise<number> {
  const outcome = solve(options);
  if ("why" in outcome) {
    if (options.format === "json") {
      await writeChunks(io.stdout, [`${jsonText({ solved: false, reason: outcome.why, message: noSolutionText(outcome, options) }, 2)}\n`]);
    } else {
      await writeChunks(io.stdout, [`no solution: ${noSolutionText(outcome, options)}\n`]);
    }
    return 1;
  }
  const { policy, attempts } = outcome;
  const shown = attempts <= MAX_SHOWN_ATTEMPTS;
  if (options.format === "json") {
    const doc = {
      solved: true,
      unknown: outcome.unknown,
      value: Number(outcome.answerText),
      exact: outcome.exact,
      tolerance: outcome.exact === null ? null : SOLVE_TOLERANCE,
      target_total_ms: outcome.targetMs,
      achieved_total_ms: outcome.achievedMs,
      next_total_ms: outcome.nextTotalMs,
      policy: { strategy: policy.strategy, base_ms: policy.baseMs, factor: policy.factor, cap_ms: policy.capMs, attempts },
      schedule: shown
        ? Array.from(scheduleRows(policyModel(policy), policyModel(policy), { first: 1, last: attempts }), (r) => ({ attempt: r.attempt, delay_ms: r.delayMs, cumulative_ms: r.cumulativeMs }))
        : null,
    };
    await writeChunks(io.stdout, [`${jsonText(doc, 2)}\n`]);
    return 0;
  }
  await writeChunks(io.stdout, [`${solutionLines(outcome).join("\n")}\n\n`]);
  if (!shown) {
    await writeChunks(io.stdout, [`(${attempts} attempts: the schedule is not shown; print it with backoff ${flagsOf(policy, attempts)} --format csv)\n`]);
    return 0;
  }
  return runSchedule(
    {
      strategy: policy.strategy,
      base: String(policy.baseMs),
      ...(policy.capMs === null ? {} : { cap: String(policy.capMs) }),
      ...(policy.strategy === "exponential" ? { factor: String(policy.factor) } : {}),
      attempts: String(attempts),
      format: "table",
      color: options.color,
    },
    io,
  );
}
