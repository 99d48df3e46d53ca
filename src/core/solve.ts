import type { ScheduleModel } from "./model.js";
import { modelTotals } from "./schedule.js";
import { firstTrueFrom1 } from "./search.js";

/**
 * Running the schedule backwards: given all but one parameter of an exponential
 * policy and a target total, find the missing one.
 *
 * The total of N attempts, before delays are rounded to whole milliseconds, is
 *
 *     g = Σ_{i=1..N} min(base × factor^(i−1), cap)
 *
 * which is continuous and never decreasing in the factor and in the base, so the
 * answer is found by bisection: the bracket [low, high] always has g(low) < target ≤
 * g(high), and is halved until its width is below SOLVE_TOLERANCE × high. Bisection
 * cannot diverge or jump to another root, whatever the cap does to the shape of g.
 */
export const SOLVE_TOLERANCE = 1e-12;
const MAX_ITERATIONS = 2000;

/** Why there is no answer, with the figure that shows it. */
export type NoSolution =
  /** Even the smallest choice (factor 1: every delay is the base) waits longer than the target. */
  | { readonly why: "target-below-minimum"; readonly minimumMs: number }
  /** The cap bounds the total below the target, however large the missing parameter. */
  | { readonly why: "cap-limits-total"; readonly maximumMs: number }
  /** With one attempt the factor plays no part: the total is the base. */
  | { readonly why: "factor-irrelevant"; readonly totalMs: number }
  /** The base would round to no delay at all. */
  | { readonly why: "base-below-1ms"; readonly baseMs: number }
  /** The first delay alone is over the budget. */
  | { readonly why: "first-delay-over-budget"; readonly firstMs: number }
  /** The delays stay at 0 ms, so any number of attempts fits. */
  | { readonly why: "delays-are-zero" };

export type Solved<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: NoSolution };

/**
 * g: the exponential total before rounding (see above); Infinity once it overflows. In closed
 * form, whatever the number of attempts: the uncapped terms are a geometric series,
 * base·(f^k − 1)/(f − 1) (base·k for f = 1), and every term from the first to reach the cap
 * on is the cap. (Adding the terms one by one took minutes for 10^12 attempts.)
 */
export function exponentialTotal(baseMs: number, factor: number, capMs: number | null, attempts: number): number {
  // k: how many terms stay below the cap (all of them without one).
  let k = attempts;
  if (capMs !== null) {
    if (baseMs >= capMs) return capMs * attempts;
    if (factor > 1) {
      // The first i with base·f^i ≥ cap, from logarithms, then settled against the powers themselves.
      let i = Math.max(0, Math.ceil(Math.log(capMs / baseMs) / Math.log(factor)));
      while (i > 0 && baseMs * factor ** (i - 1) >= capMs) i--;
      while (baseMs * factor ** i < capMs) i++;
      k = Math.min(attempts, i);
    }
  }
  return geometricSum(baseMs, factor, k) + (capMs === null ? 0 : capMs * (attempts - k));
}

/** Up to this many terms the series is summed term by term (at no cost worth a closed form). */
const SUMMED_TERMS = 1000;

/** base·(1 + f + … + f^(k−1)), accurate to a few units in the last place for f near 1 too. */
function geometricSum(baseMs: number, factor: number, k: number): number {
  if (factor === 1) return baseMs * k;
  if (k <= SUMMED_TERMS) {
    // Few terms: added as the schedule adds them (exact for integer inputs such as 1 + 2 + 4 + 8).
    let sum = 0;
    for (let i = 0, term = baseMs; i < k && Number.isFinite(sum); i++, term *= factor) sum += term;
    return sum;
  }
  const growth = Math.log1p(factor - 1);
  return (baseMs * Math.expm1(k * growth)) / (factor - 1);
}

/** The smallest x in [low, high] with f(x) ≥ target, for f never decreasing, given f(low) < target ≤ f(high). */
export function bisect(f: (x: number) => number, target: number, low: number, high: number): number {
  for (let i = 0; i < MAX_ITERATIONS && high - low > SOLVE_TOLERANCE * high; i++) {
    const mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break; // adjacent doubles: as close as they get
    if (f(mid) >= target) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * The factor that makes N attempts from `baseMs` total `targetMs` (cap optional).
 * 1 + f + … + f^(N−1) = target ÷ base without a cap.
 */
export function solveFactor(p: { baseMs: number; capMs: number | null; attempts: number; targetMs: number }): Solved<number> {
  const { baseMs, capMs, attempts, targetMs } = p;
  const g = (factor: number) => exponentialTotal(baseMs, factor, capMs, attempts);
  const minimum = g(1);
  if (attempts === 1) return minimum === targetMs ? { ok: true, value: 1 } : { ok: false, reason: { why: "factor-irrelevant", totalMs: minimum } };
  if (targetMs < minimum) return { ok: false, reason: { why: "target-below-minimum", minimumMs: minimum } };
  if (targetMs === minimum) return { ok: true, value: 1 };
  let high: number;
  if (capMs !== null) {
    // From factor cap ÷ base, every delay after the first is the cap: the most g can reach.
    high = capMs / baseMs;
    const maximum = g(high);
    if (targetMs > maximum) return { ok: false, reason: { why: "cap-limits-total", maximumMs: maximum } };
  } else {
    high = 2;
    while (g(high) < targetMs) high *= 2;
  }
  return { ok: true, value: bisect(g, targetMs, 1, high) };
}

/** The base that makes N attempts with `factor` total `targetMs` (cap optional); unrounded. */
export function solveBase(p: { factor: number; capMs: number | null; attempts: number; targetMs: number }): Solved<number> {
  const { factor, capMs, attempts, targetMs } = p;
  const g = (baseMs: number) => exponentialTotal(baseMs, factor, capMs, attempts);
  // The base may not exceed the cap; at base = cap every delay is the cap.
  const high = capMs ?? targetMs;
  const maximum = g(high);
  if (targetMs > maximum) return { ok: false, reason: { why: "cap-limits-total", maximumMs: maximum } };
  const base = bisect(g, targetMs, 0, high);
  return { ok: true, value: base };
}

/**
 * The most attempts whose worst-case total stays within `budgetMs`, for any model
 * (the totals are exact whole milliseconds, so this needs no tolerance).
 */
export function solveAttempts(model: ScheduleModel, budgetMs: number): Solved<number> {
  const total = (n: number) => modelTotals(model, n).maxMs;
  const first = total(1);
  if (first > budgetMs) return { ok: false, reason: { why: "first-delay-over-budget", firstMs: first } };
  const steady = model.steadyFrom();
  if (steady !== null && model.bounds(steady).maxMs === 0) return { ok: false, reason: { why: "delays-are-zero" } };
  // The first count over the budget (doubling, then bisection); the answer is the count before it.
  // Still within the budget at 2^52 attempts (half the largest exact count): the delays stay at 0 ms.
  const over = firstTrueFrom1((n) => total(n) > budgetMs, 2 ** 52);
  if (over === null) return { ok: false, reason: { why: "delays-are-zero" } };
  return { ok: true, value: over - 1 };
}
