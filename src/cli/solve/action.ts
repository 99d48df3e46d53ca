import { MAX_EXACT_MS } from "../../core/limits.js";
import { type Policy, normalizePolicy } from "../../core/policy.js";
import { policyModel } from "../../core/policy-model.js";
import { modelTotals } from "../../core/schedule.js";
import { type NoSolution, solveAttempts, solveBase, solveFactor } from "../../core/solve.js";
import type { Solution, SolvedPolicy, Unknown } from "../../format/solve-report.js";
import { parseCount } from "../../config/option-values.js";
import { capBelowBaseMessage } from "../../config/bare-numbers.js";
import type { Program } from "../command.js";
import { UsageError } from "../shared/errors.js";
import type { Io } from "../shared/io.js";
import { parseBase, parseCap, parseDuration, parseFactor } from "../../config/values.js";
import { outputRenderer, renderContext, writeRendered } from "../shared/render.js";
import { MAX_SHOWN_ATTEMPTS, type SolveOptions } from "./options.js";


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
export function solve(options: SolveOptions): Solution<SolvedPolicy> | NoSolution {
  const unknown = unknownOf(options);
  const targetMs = parseDuration("--total", options.total!);
  const capMs = options.cap === undefined ? null : parseCap("--cap", options.cap);
  const strategy = options.strategy ?? "exponential";
  if (unknown !== "attempts" && strategy !== "exponential") {
    throw new UsageError(`solve finds the ${unknown} of an exponential policy only, not --strategy ${strategy}`);
  }
  if (options.factor !== undefined && strategy !== "exponential") throw new UsageError(`--factor applies only to --strategy exponential, not ${strategy}`);
  const baseMs = options.base === undefined ? null : parseBase("--base", options.base);
  if (baseMs !== null && capMs !== null && capMs < baseMs) throw new UsageError(capBelowBaseMessage(options.cap!, options.base!, baseMs));
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

/** `backoff solve`; `showSchedule` writes the answer's schedule after it, as the root command would (Program.schedule). */
export async function runSolve(options: SolveOptions, io: Io, showSchedule: Program["schedule"]): Promise<number> {
  if (options.deadline !== undefined) {
    const { runDeadlineSolve } = await import("./deadline-solve.js");
    return runDeadlineSolve(options, io, showSchedule);
  }
  if (options.attemptTime !== undefined) throw new UsageError("--attempt-time applies to solve with --deadline (how many retries fit); --total counts the waits alone");
  if (options.preset !== undefined) {
    const { runPresetSolve } = await import("./preset-solve.js");
    return runPresetSolve(options, io, showSchedule);
  }
  if (options.jitter !== undefined || options.maxElapsed !== undefined) {
    throw new UsageError(`${options.jitter !== undefined ? "--jitter" : "--max-elapsed"} applies to solve only under --preset (the calculator's solve works without jitter)`);
  }
  const renderer = await outputRenderer("solve", options);
  const outcome = solve(options);
  if ("why" in outcome) {
    const input = { attempts: options.attempts, cap: options.cap, targetMs: parseDuration("--total", options.total!) };
    await writeRendered(await renderer.render({ kind: "no-solution", reason: outcome, input }, renderContext(io, options)), io);
    return 1;
  }
  const { policy, attempts } = outcome;
  const shown = attempts <= MAX_SHOWN_ATTEMPTS;
  await writeRendered(await renderer.render({ kind: "solution", solution: outcome, shown }, renderContext(io, options)), io);
  if (!shown || renderer.showsSchedule !== true) return 0;
  const values = {
    strategy: policy.strategy,
    base: String(policy.baseMs),
    ...(policy.capMs === null ? {} : { cap: String(policy.capMs) }),
    ...(policy.strategy === "exponential" ? { factor: String(policy.factor) } : {}),
    attempts: String(attempts),
  };
  return showSchedule(values, { format: "table", color: options.color }, io);
}
