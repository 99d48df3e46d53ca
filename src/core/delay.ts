import { isSaturated } from "./limits.js";
import { type Policy, type PolicyInput, checkAttempt, normalizePolicy } from "./policy.js";
import { type Estimate, exactly, exactlyError, exceeds, exceedsQuick, reaches, roundMs, roundMsQuick } from "./rounding.js";
import { exponentialApprox, exponentialError, exponentialRaw } from "./strategies/exponential.js";
import { fixedError, fixedRaw } from "./strategies/fixed.js";
import { linearApprox, linearError, linearRaw } from "./strategies/linear.js";

/** One attempt's delay: the unclamped value, the delay after the cap, and whether the cap cut it. */
export interface AttemptDelay {
  readonly rawMs: number;
  readonly delayMs: number;
  readonly clamped: boolean;
}

/** The unclamped value of a policy at an attempt, before rounding. */
export function rawEstimate(policy: Policy, attempt: number): Estimate {
  switch (policy.strategy) {
    case "exponential":
      return exponentialRaw(policy.baseMs, policy.factor, attempt);
    case "linear":
      return linearRaw(policy.baseMs, policy.stepMs, attempt);
    case "fixed":
      return fixedRaw(policy.baseMs);
  }
}

/** The cap in whole milliseconds (rounded half up like every delay). */
export function capDelayMs(policy: Policy): number | null {
  if (policy.capMs === null) return null;
  const quick = roundMsQuick(policy.capMs, exactlyError(policy.capMs));
  return quick === quick ? quick : roundMs(exactly(policy.capMs));
}

/**
 * The delay after `attempt` (a normalised policy, a checked attempt): the core formula.
 *
 * This runs once per row of every schedule, so it decides with doubles alone whenever
 * their error bounds allow (all but a vanishing few attempts near a half-millisecond tie
 * or the cap), and builds the Estimate with its exact BigInt fallback only when they do
 * not. Both paths use the same approximations and bounds (strategies/*), so the result is
 * the one roundMs(rawEstimate(…)) and exceeds(…) give.
 */
export function attemptDelay(policy: Policy, attempt: number): AttemptDelay {
  let approx: number;
  let error: number;
  switch (policy.strategy) {
    case "exponential":
      approx = exponentialApprox(policy.baseMs, policy.factor, attempt);
      error = exponentialError(approx, attempt);
      break;
    case "linear":
      approx = linearApprox(policy.baseMs, policy.stepMs, attempt);
      error = linearError(approx);
      break;
    default:
      approx = policy.baseMs;
      error = fixedError(policy.baseMs);
  }
  let rawMs = roundMsQuick(approx, error);
  if (rawMs !== rawMs) rawMs = roundMs(rawEstimate(policy, attempt)); // NaN: undecided
  if (policy.capMs !== null) {
    const over = exceedsQuick(approx, error, policy.capMs);
    if (over === 1 || (over === -1 && exceeds(rawEstimate(policy, attempt), policy.capMs))) {
      return { rawMs, delayMs: capDelayMs(policy) as number, clamped: true };
    }
  }
  return { rawMs, delayMs: rawMs, clamped: false };
}

/**
 * attemptDelay for one policy, as a model asks for it row after row: the same results, but
 * from the first attempt whose unclamped value saturates (2^53 ms) on, one result kept
 * rather than worked out again. Every strategy's unclamped value never decreases (a factor
 * of at least 1, a positive step), so from there on the raw value stays saturated and the
 * delay stays the cap (or saturated): a million-row schedule stops paying Math.pow per row
 * after its first few dozen attempts.
 */
export function policyDelays(policy: Policy): (attempt: number) => AttemptDelay {
  // Searched once, the first time a model is asked past SEARCH_FROM: models asked only for a
  // few attempts (check's thousands of policies) never pay for the search.
  let from: number | null | undefined;
  let saturated: AttemptDelay | undefined;
  return (attempt) => {
    if (attempt < SEARCH_FROM) return attemptDelay(policy, attempt);
    if (from === undefined) {
      from = saturatedFrom(policy);
      if (from !== null) saturated = attemptDelay(policy, from);
    }
    return from !== null && attempt >= from ? saturated! : attemptDelay(policy, attempt);
  };
}

/** The attempt from which policyDelays looks for saturation (about 60 binary-search probes). */
const SEARCH_FROM = 64;

/** The first attempt whose unclamped value is saturated (searched: it never decreases), or null when none is. */
export function saturatedFrom(policy: Policy): number | null {
  const saturatedAt = (attempt: number) => isSaturated(attemptDelay(policy, attempt).rawMs);
  let high = Number.MAX_SAFE_INTEGER;
  if (!saturatedAt(high)) return null;
  let low = 1;
  while (low < high) {
    const middle = low + Math.floor((high - low) / 2);
    if (saturatedAt(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The wait, in whole milliseconds, after `attempt` (1 = the first failure) has failed:
 * `min(base × factor^(attempt−1), cap)` for exponential, `min(base + step × (attempt−1), cap)`
 * for linear, `min(base, cap)` for fixed, rounded half up. Always a non-negative integer;
 * a value of 2^53 or more is saturated to SATURATED_MS (see `isSaturated`).
 */
export function delayMs(policy: PolicyInput, attempt: number): number {
  checkAttempt(attempt);
  return attemptDelay(normalizePolicy(policy), attempt).delayMs;
}

/** The delay before the cap is applied, rounded the same way (saturated from 2^53). */
export function rawDelayMs(policy: PolicyInput, attempt: number): number {
  checkAttempt(attempt);
  return roundMs(rawEstimate(normalizePolicy(policy), attempt));
}

/**
 * The first attempt whose unclamped value reaches the cap (from there on every
 * delay is the cap), or null when there is no cap or it is never reached.
 */
export function capReachedAt(policy: Policy): number | null {
  const cap = policy.capMs;
  if (cap === null) return null;
  const reached = (attempt: number) => reaches(rawEstimate(policy, attempt), cap);
  let guess: number;
  if (policy.strategy === "fixed" || (policy.strategy === "exponential" && policy.factor === 1)) {
    return reached(1) ? 1 : null;
  } else if (policy.strategy === "exponential") {
    guess = 1 + Math.ceil(Math.log(cap / policy.baseMs) / Math.log(policy.factor));
  } else {
    guess = 1 + Math.ceil((cap - policy.baseMs) / policy.stepMs);
  }
  // The estimate is off by at most one or two either way; settle it exactly.
  let attempt = Math.max(1, Math.min(guess, Number.MAX_SAFE_INTEGER));
  while (attempt > 1 && reached(attempt - 1)) attempt--;
  while (!reached(attempt)) {
    if (attempt >= Number.MAX_SAFE_INTEGER) return null;
    attempt++;
  }
  return attempt;
}

/** The first attempt from which the delay never changes again (the cap, or a constant strategy). */
export function constantFrom(policy: Policy): number | null {
  if (policy.strategy === "fixed" || (policy.strategy === "exponential" && policy.factor === 1)) return 1;
  return capReachedAt(policy);
}
