import type { ElapsedStop } from "./deadline/elapsed-stop.js";
import type { DeadlineSummary } from "./deadline/summary.js";
import { deadlineSummary } from "./deadline/summary.js";
import { MAX_WALKED_ATTEMPTS, WalkLimitError, addMs, isSaturated, timesMs } from "./limits.js";
import type { ScheduleModel } from "./model.js";
import { checkAttempt } from "./policy.js";
import { modelTotals } from "./schedule.js";
import { firstTrueBetween } from "./search.js";
import { DAY_MS } from "./time-units.js";

/**
 * Checking a retry policy against limits, for CI. Every figure comes from the
 * model's exact bounds (worst case = every delay at its maximum, best case = at its
 * minimum), never from samples, so a check gives the same answer on every run.
 *
 * Wall-clock with tries that take time: attempt k is the k-th failed try and
 * delay(k) the wait after it, so after attempt k there have been k tries and k waits,
 * and the (k+1)-th try has ended when
 *
 *     total(k) = delay(1) + … + delay(k) + (k + 1) × attemptTime
 *
 * With N attempts (retries) the policy gives up after try N + 1, at total(N): the
 * exhaustion time. With attemptTime = 0 it is the schedule's cumulative wait.
 *
 * The worst case takes every try at the attempt time (a per-try timeout is the longest a
 * try lasts) and every delay at its maximum. The best case is a true lower bound: tries
 * that fail at once and every delay at its minimum, total(N) with attemptTime = 0; the
 * best case of tries that each take the attempt time is given beside it (issue 36, item 3).
 */

export const LIMIT_NAMES = ["max-total", "min-total", "max-delay", "min-first", "max-first", "max-attempts", "max-give-up"] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** Limits in whole milliseconds (max-attempts: a count); absent = not checked. */
export type Limits = Partial<Record<LimitName, number>>;

/** How the un-jittered delay grows, when the caller knows (the lint on a missing cap uses it). */
export type Growth = "exponential" | "linear" | "constant";

export interface CheckSubject {
  readonly model: ScheduleModel;
  /** N: the retries the policy makes (delays 1..N); N + 1 tries in all; 0: no retry. */
  readonly attempts: number;
  /**
   * The policy never gives up (a library that retries forever): its totals and its count
   * have no bound, so max-total and max-attempts fail; `attempts` then only says where
   * the lints look.
   */
  readonly forever?: boolean;
  /** How long each try itself takes, added to the totals (see above); 0 when unknown. */
  readonly attemptTimeMs: number;
  /** How many clients run this policy at once, when known (the jitter lint uses it). */
  readonly clients: number | null;
  readonly growth: Growth | null;
  /**
   * The overall timeout (a route timeout, a job's deadline), from the first try's start,
   * in whole ms; null or absent: none. With it, the deadline model (core/deadline) says
   * which retries can never fire (the unreachable-retries lint) and when the policy gives
   * up (max-give-up); the attempt time must then be whole ms too.
   */
  readonly deadlineMs?: number | null;
  /**
   * A library with a time limit of its own (PresetModel.timed): the deadline model takes its
   * waits as drawn, its count and its stop from here rather than `model` over `attempts`.
   */
  readonly timed?: { readonly waits: ScheduleModel; readonly retries: number | null; readonly stop: ElapsedStop | null };
  /**
   * The waits are not known: code the file names decides them (a resilience4j
   * intervalBiFunction class). Only the count is checked (max-attempts); every limit that
   * needs the waits is reported as not computable, and no lint runs (each looks at them).
   */
  readonly waitsUnknown?: boolean;
}

export interface AssertionResult {
  readonly limit: LimitName;
  /** The limit: ms, or a count for max-attempts. */
  readonly limitValue: number;
  /** The value compared: worst case for max-*, best case for min-*, the count for max-attempts; null: no bound (retries forever, delays without limit). */
  readonly actual: number | null;
  readonly ok: boolean;
  /**
   * The attempt that breaks the limit (the first whose total or delay goes over; for
   * max-attempts the first one beyond it); for a passing or a min-total check, the
   * attempt the actual value belongs to. Null when no attempt is involved.
   */
  readonly attempt: number | null;
  /** Set (false) when the limit needs waits that are not known (CheckSubject.waitsUnknown): not checked, never a failure. */
  readonly computable?: false;
  /**
   * Set when the deadline ends every run sooner than the schedule would (max-total, min-total):
   * the total of the schedule alone, which `actual` (the deadline) bounds; null: no bound.
   */
  readonly scheduleMs?: number | null;
  /** min-total with a try time: the best case of tries that each take it (bounded by the deadline), beside `actual`, tries that fail at once. */
  readonly withTriesMs?: number | null;
  /** Set when the deadline ends that case sooner than the schedule would. */
  readonly withTriesCut?: true;
}

/** Lints: habits that are often mistakes; they fail a check only under --strict. */
export type Warning =
  | { readonly lint: "no-cap"; readonly attempt: number; readonly delayMs: number }
  | { readonly lint: "early-cap"; readonly capMs: number; readonly capReachedAt: number; readonly atCap: number; readonly attempts: number }
  | { readonly lint: "no-jitter"; readonly clients: number }
  | { readonly lint: "exceeds-cap"; readonly capMs: number; readonly attempt: number | null; readonly maxMs: number | null }
  | { readonly lint: "over-a-day"; readonly worstTotalMs: number }
  /** Retries the deadline ends before they start: the deadline model's summary says which, and when the policy gives up. */
  | { readonly lint: "unreachable-retries"; readonly attemptTimeMs: number; readonly deadlineMs: number; readonly summary: DeadlineSummary };

export type LintName = Warning["lint"];
export const LINT_NAMES: readonly LintName[] = ["no-cap", "early-cap", "no-jitter", "exceeds-cap", "over-a-day", "unreachable-retries"];

/** How a lint counts: a warning (fails only under --strict) or an error (fails the check). */
export type LintLevel = "warning" | "error";
/** The lints raised above a warning (a config's `"unreachable-retries": "error"`); the rest are warnings. */
export type LintLevels = Partial<Record<LintName, LintLevel>>;

/** From this many clients retrying the same way, retries without jitter arrive in bursts. */
export const MANY_CLIENTS = 10;

export interface CheckResult {
  readonly assertions: readonly AssertionResult[];
  readonly warnings: readonly Warning[];
  /** The lints among the warnings that fail the check without --strict (their level is "error"). */
  readonly errorLints?: readonly LintName[];
  /** The limits lowered to warnings (a repository config's `rules: {max-total: warning}`): broken, they fail only under --strict. */
  readonly warningLimits?: readonly LimitName[];
  /**
   * total(N), best and worst case, attempt time included, bounded by the deadline (which ends
   * every run: a route's timeout covers its retries); null when the policy retries forever
   * without a deadline.
   */
  readonly bestTotalMs: number | null;
  readonly worstTotalMs: number | null;
  /** Set when the deadline bounds a total: the totals of the schedule alone (null: it retries forever). */
  readonly scheduleTotals?: { readonly bestMs: number | null; readonly worstMs: number | null };
  /**
   * Set when a try takes time (attemptTimeMs > 0): the best case of tries that each run for
   * the attempt time (every delay at its minimum), bounded by the deadline; null when the
   * policy retries forever without one. `bestTotalMs` is the true lower bound, tries that fail at once.
   */
  readonly bestWithTriesMs?: number | null;
  /** Set when the deadline ends that best case of full tries sooner than the schedule would. */
  readonly bestWithTriesCut?: true;
  /** The longest single delay (worst case) and the first attempt that has it; null when there is none (no retry) or no bound. */
  readonly worstDelayMs: number | null;
  readonly worstDelayAttempt: number | null;
  /** Set when the waits are not known (CheckSubject.waitsUnknown): totals and delays are null, not "no bound". */
  readonly waitsUnknown?: true;
}

/** A policy that retries forever: delays are walked this far at most for its longest delay. */
export const FOREVER_WALK = 1 << 20;

/** total(k) in the worst (max) or best (min) case, each try taking the attempt time: see the formula at the top. */
export function totalAt(subject: CheckSubject, k: number, which: "min" | "max"): number {
  const waits = k === 0 ? 0 : which === "max" ? modelTotals(subject.model, k).maxMs : modelTotals(subject.model, k).minMs;
  return addMs(waits, timesMs(subject.attemptTimeMs, k + 1));
}

/** total(k)'s true lower bound: tries that fail at once, every delay at its minimum. */
export function lowestTotalAt(subject: CheckSubject, k: number): number {
  return k === 0 ? 0 : modelTotals(subject.model, k).minMs;
}

interface DelayWalk {
  worstMs: number;
  worstAttempt: number;
  /** The delays keep growing past the walk (forever, never steady): no longest delay. */
  unbounded: boolean;
  /** First attempt whose worst-case delay is above `above`, when asked. */
  firstAbove: number | null;
  /** First attempt whose worst-case delay is above the cap, and that delay. */
  firstAboveCap: number | null;
  firstAboveCapMs: number | null;
}

/**
 * Walks attempts 1..N once, stopping at the attempt from which the model is steady
 * (nothing changes after it), so a capped policy costs only the attempts up to the cap.
 */
function walkDelays(model: ScheduleModel, attempts: number, above: number | null, forever: boolean): DelayWalk {
  const steady = model.steadyFrom();
  const count = forever ? FOREVER_WALK : attempts;
  const last = steady === null ? count : Math.min(count, steady);
  // Retrying forever without ever settling, the delays have no longest one.
  const unbounded = forever && steady === null;
  if (model.monotone && last > 0) return { ...monotoneDelays(model, last, above), unbounded };
  const walk: DelayWalk = { worstMs: -1, worstAttempt: 1, unbounded, firstAbove: null, firstAboveCap: null, firstAboveCapMs: null };
  for (let a = 1; a <= last; a++) {
    if (a > MAX_WALKED_ATTEMPTS) throw new WalkLimitError(attempts);
    const { maxMs } = model.bounds(a);
    if (maxMs > walk.worstMs) {
      walk.worstMs = maxMs;
      walk.worstAttempt = a;
    }
    if (above !== null && walk.firstAbove === null && maxMs > above) walk.firstAbove = a;
    if (model.capMs !== null && walk.firstAboveCap === null && maxMs > model.capMs) {
      walk.firstAboveCap = a;
      walk.firstAboveCapMs = maxMs;
    }
    // Saturated: no later delay can be larger, and every "first" above is already found.
    if (isSaturated(maxMs)) {
      if (forever) walk.unbounded = true;
      break;
    }
  }
  return walk;
}

/**
 * walkDelays for a model whose worst-case delay never decreases: the worst is the last
 * attempt's, and each "first attempt above" is found by bisection, in O(log n) bounds.
 */
function monotoneDelays(model: ScheduleModel, last: number, above: number | null): Omit<DelayWalk, "unbounded"> {
  const worst = (a: number) => model.bounds(a).maxMs;
  const worstMs = worst(last);
  const firstAboveCap = model.capMs === null ? null : firstTrueBetween(1, last, (k) => worst(k) > model.capMs!);
  return {
    worstMs,
    worstAttempt: firstTrueBetween(1, last, (k) => worst(k) >= worstMs)!,
    firstAbove: above === null ? null : firstTrueBetween(1, last, (k) => worst(k) > above),
    firstAboveCap,
    firstAboveCapMs: firstAboveCap === null ? null : worst(firstAboveCap),
  };
}

/** Checks one policy against the limits and the lints. */
export function checkPolicy(subject: CheckSubject, limits: Limits, levels: LintLevels = {}): CheckResult {
  const { model, attempts: n } = subject;
  const forever = subject.forever === true;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`attempts must be a whole number from 0, got ${String(n)}`);
  if (forever) checkAttempt(n);
  if (subject.waitsUnknown === true) return countOnly(n, forever, limits);
  const deadlineMs = subject.deadlineMs ?? null;
  // The deadline model, when a deadline is given or the give-up time is asked for: the retries (N, or none
  // counted when the policy retries forever) over the same waits, each try taking the attempt time.
  const deadline =
    deadlineMs !== null || limits["max-give-up"] !== undefined
      ? deadlineSummary(
          subject.timed === undefined
            ? { waits: model, retries: forever ? null : n, attemptTimeMs: subject.attemptTimeMs, deadlineMs, stop: null }
            : { ...subject.timed, attemptTimeMs: subject.attemptTimeMs, deadlineMs },
        )
      : null;
  // The best case a true lower bound (tries that fail at once); with a try time, the best case of full tries beside it.
  const scheduleBestMs = forever ? null : lowestTotalAt(subject, n);
  const scheduleWorstMs = forever ? null : totalAt(subject, n, "max");
  // The deadline ends every run: no run lasts longer, whatever the schedule (a policy that retries forever ends there too).
  const bounded = (ms: number | null) => (deadlineMs === null ? ms : ms === null ? deadlineMs : Math.min(ms, deadlineMs));
  const bestTotalMs = bounded(scheduleBestMs);
  const worstTotalMs = bounded(scheduleWorstMs);
  const fullTriesMs = forever ? null : totalAt(subject, n, "min");
  const withTries: { bestWithTriesMs?: number | null; bestWithTriesCut?: true } =
    subject.attemptTimeMs > 0 ? { bestWithTriesMs: bounded(fullTriesMs), ...(bounded(fullTriesMs) !== fullTriesMs ? { bestWithTriesCut: true as const } : {}) } : {};
  const scheduleTotals = bestTotalMs !== scheduleBestMs || worstTotalMs !== scheduleWorstMs ? { bestMs: scheduleBestMs, worstMs: scheduleWorstMs } : undefined;
  const cut = (actual: number | null, schedule: number | null) => (actual !== schedule ? { scheduleMs: schedule } : {});
  const walk = walkDelays(model, n, limits["max-delay"] ?? null, forever);
  // No retry at all: no delay, nothing to lint.
  const none = n === 0;
  const worstDelayMs = none || walk.unbounded ? null : walk.worstMs;
  const first = none ? { minMs: 0, maxMs: 0 } : model.bounds(1);

  const assertions: AssertionResult[] = [];
  for (const limit of LIMIT_NAMES) {
    const value = limits[limit];
    if (value === undefined) continue;
    switch (limit) {
      case "max-total": {
        if (worstTotalMs === null) {
          assertions.push({ limit, limitValue: value, actual: null, ok: false, attempt: null });
          break;
        }
        const ok = worstTotalMs <= value;
        // Retrying forever until the deadline, no attempt is the last.
        const attempt = forever ? null : ok ? n : firstTrueBetween(1, n, (k) => totalAt(subject, k, "max") > value);
        assertions.push({ limit, limitValue: value, actual: worstTotalMs, ok, attempt, ...cut(worstTotalMs, scheduleWorstMs) });
        break;
      }
      case "min-total":
        // Retrying forever gives up no sooner than any total.
        assertions.push({
          limit,
          limitValue: value,
          actual: bestTotalMs,
          ok: bestTotalMs === null || bestTotalMs >= value,
          attempt: bestTotalMs === null || forever ? null : n,
          ...cut(bestTotalMs, scheduleBestMs),
          ...(withTries.bestWithTriesMs === undefined ? {} : { withTriesMs: withTries.bestWithTriesMs, ...(withTries.bestWithTriesCut === true ? { withTriesCut: true as const } : {}) }),
        });
        break;
      case "max-delay": {
        if (worstDelayMs === null) {
          // No retry passes any limit; delays without bound pass none.
          assertions.push({ limit, limitValue: value, actual: none ? 0 : null, ok: none, attempt: none ? null : walk.firstAbove });
          break;
        }
        const ok = worstDelayMs <= value;
        assertions.push({ limit, limitValue: value, actual: worstDelayMs, ok, attempt: ok ? walk.worstAttempt : walk.firstAbove });
        break;
      }
      case "min-first":
        assertions.push({ limit, limitValue: value, actual: first.minMs, ok: none || first.minMs >= value, attempt: none ? null : 1 });
        break;
      case "max-first":
        assertions.push({ limit, limitValue: value, actual: first.maxMs, ok: first.maxMs <= value, attempt: none ? null : 1 });
        break;
      case "max-give-up": {
        // When the last try ends, or the deadline if it comes first; the latest over the jitter. Null: never gives up.
        const giveUp = deadline!.giveUp;
        if (giveUp === null) {
          assertions.push({ limit, limitValue: value, actual: null, ok: false, attempt: null });
          break;
        }
        const ok = giveUp.maxMs <= value;
        assertions.push({ limit, limitValue: value, actual: giveUp.maxMs, ok, attempt: null });
        break;
      }
      case "max-attempts": {
        if (forever) {
          assertions.push({ limit, limitValue: value, actual: null, ok: false, attempt: value + 1 });
          break;
        }
        const ok = n <= value;
        assertions.push({ limit, limitValue: value, actual: n, ok, attempt: ok ? null : value + 1 });
        break;
      }
    }
  }

  const warnings: Warning[] = [];
  const result = () => {
    const errorLints = [...new Set(warnings.map((w) => w.lint).filter((lint) => levels[lint] === "error"))];
    return { assertions, warnings, errorLints, bestTotalMs, worstTotalMs, ...(scheduleTotals === undefined ? {} : { scheduleTotals }), ...withTries, worstDelayMs, worstDelayAttempt: worstDelayMs === null ? null : walk.worstAttempt };
  };
  // Retries the deadline ends before they start (not those a count or a library's own stop ends).
  // A policy that retries forever has no count the deadline cuts short: retrying until the
  // deadline is its design (Argo without a limit under activeDeadlineSeconds), so only a first
  // try the deadline cuts short is worth saying.
  if (deadline !== null && deadlineMs !== null && ((deadline.neverFrom !== null && deadline.neverBy === "deadline" && !forever) || deadline.firstTryCutShort) && n > 0) {
    warnings.push({ lint: "unreachable-retries", attemptTimeMs: subject.attemptTimeMs, deadlineMs, summary: deadline });
  }
  if (none) return { ...result(), worstDelayAttempt: null };
  const steadyFrom = model.steadyFrom();
  // Without a known growth, a model that never settles and has no cap grows without limit; one
  // that settles only past the attempts checked (Argo's waits stop at Go's largest duration,
  // 292 years) is still growing at the last of them.
  const growing = steadyFrom === null || (steadyFrom > n && n > 1 && model.delay(n).rawMs > model.delay(n - 1).rawMs);
  if (model.capMs === null && growing && (subject.growth === "exponential" || subject.growth === null)) {
    warnings.push({ lint: "no-cap", attempt: n, delayMs: model.delay(n).delayMs });
  }
  const capReachedAt = model.capReachedAt();
  // A constant schedule under a cap equal to its delay is a fixed delay by intent, not by accident.
  if (model.capMs !== null && capReachedAt !== null && capReachedAt <= n && subject.growth !== "constant") {
    const atCap = n - capReachedAt + 1;
    // "Most": more than half of the attempts wait the cap, so the schedule is mostly a fixed delay.
    if (2 * atCap > n) warnings.push({ lint: "early-cap", capMs: model.capMs, capReachedAt, atCap, attempts: n });
  }
  if (!model.jittered && subject.clients !== null && subject.clients >= MANY_CLIENTS) {
    warnings.push({ lint: "no-jitter", clients: subject.clients });
  }
  if (model.capMs !== null && (model.mayExceedCap || walk.firstAboveCap !== null)) {
    warnings.push({ lint: "exceeds-cap", capMs: model.capMs, attempt: walk.firstAboveCap, maxMs: walk.firstAboveCapMs });
  }
  if (worstTotalMs !== null && worstTotalMs > DAY_MS) warnings.push({ lint: "over-a-day", worstTotalMs });

  return result();
}

/**
 * A policy whose waits are not known: max-attempts checked on its count (or failing when it
 * retries forever), every other limit not computable; no totals, no delays, no lints.
 */
function countOnly(n: number, forever: boolean, limits: Limits): CheckResult {
  const assertions: AssertionResult[] = [];
  for (const limit of LIMIT_NAMES) {
    const value = limits[limit];
    if (value === undefined) continue;
    if (limit !== "max-attempts") assertions.push({ limit, limitValue: value, actual: null, ok: true, attempt: null, computable: false });
    else if (forever) assertions.push({ limit, limitValue: value, actual: null, ok: false, attempt: value + 1 });
    else assertions.push({ limit, limitValue: value, actual: n, ok: n <= value, attempt: n <= value ? null : value + 1 });
  }
  return { assertions, warnings: [], errorLints: [], bestTotalMs: null, worstTotalMs: null, worstDelayMs: null, worstDelayAttempt: null, waitsUnknown: true };
}

/** Whether a warning fails the check: under --strict every one, else those raised to errors. */
export function warningFails(result: Pick<CheckResult, "errorLints">, warning: Warning, strict: boolean): boolean {
  return strict || (result.errorLints?.includes(warning.lint) ?? false);
}

/** Whether a broken limit fails the check: always, unless lowered to a warning (then only under --strict). */
export function limitFails(result: Pick<CheckResult, "warningLimits">, limit: LimitName, strict: boolean): boolean {
  return strict || !(result.warningLimits?.includes(limit) ?? false);
}

/** Whether a result fails the check: a broken limit that fails (limitFails), or a warning that fails (warningFails). */
export function resultFails(result: CheckResult, strict: boolean): boolean {
  return result.assertions.some((a) => !a.ok && limitFails(result, a.limit, strict)) || result.warnings.some((w) => warningFails(result, w, strict));
}

/** Exit status of a set of results: 1 when a limit is broken, or a warning that fails (under strict, or an error lint); else 0. */
export function checkExitCode(results: readonly CheckResult[], strict: boolean): 0 | 1 {
  return results.some((r) => resultFails(r, strict)) ? 1 : 0;
}
