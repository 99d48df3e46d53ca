/**
 * A retry policy: how long to wait after the attempt that has just failed.
 * Attempt 1 is the first failure; its delay is the wait before the second try.
 */
export type Strategy = "exponential" | "linear" | "fixed";

export const STRATEGIES: readonly Strategy[] = ["exponential", "linear", "fixed"];

/** A normalised policy: every field present and valid (see `normalizePolicy`). */
export interface Policy {
  readonly strategy: Strategy;
  /** The first delay, in milliseconds (may be fractional; delays are rounded). */
  readonly baseMs: number;
  /** Growth per attempt for `exponential`; 1 or more. */
  readonly factor: number;
  /** Growth per attempt for `linear`, and for the linear comparison column. */
  readonly stepMs: number;
  /** The ceiling every delay is clamped to, or null for none. */
  readonly capMs: number | null;
}

/** What a program passes in: only `baseMs` is required. */
export interface PolicyInput {
  readonly strategy?: Strategy;
  readonly baseMs: number;
  readonly factor?: number;
  /** Defaults to `baseMs`. */
  readonly stepMs?: number;
  readonly capMs?: number | null;
}

export const DEFAULT_FACTOR = 2;

function isPositiveFinite(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x) && x > 0;
}

/** Fills the defaults and checks every field; throws a RangeError naming the field. */
export function normalizePolicy(input: PolicyInput): Policy {
  const strategy = input.strategy ?? "exponential";
  if (!STRATEGIES.includes(strategy)) {
    throw new RangeError(`strategy must be one of ${STRATEGIES.join(", ")}, got ${String(strategy)}`);
  }
  if (!isPositiveFinite(input.baseMs)) throw new RangeError(`baseMs must be a positive finite number, got ${String(input.baseMs)}`);
  const factor = input.factor ?? DEFAULT_FACTOR;
  if (!(typeof factor === "number" && Number.isFinite(factor) && factor >= 1)) {
    throw new RangeError(`factor must be a finite number of at least 1, got ${String(factor)}`);
  }
  const stepMs = input.stepMs ?? input.baseMs;
  if (!isPositiveFinite(stepMs)) throw new RangeError(`stepMs must be a positive finite number, got ${String(stepMs)}`);
  const capMs = input.capMs ?? null;
  if (capMs !== null) {
    if (!isPositiveFinite(capMs)) throw new RangeError(`capMs must be a positive finite number or null, got ${String(capMs)}`);
    if (capMs < input.baseMs) throw new RangeError(`capMs (${capMs}) must be at least baseMs (${input.baseMs})`);
  }
  return { strategy, baseMs: input.baseMs, factor, stepMs, capMs };
}

/** Attempt numbers are whole, from 1, and safe integers. */
export function checkAttempt(attempt: number): void {
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a whole number from 1, got ${String(attempt)}`);
  }
}

/** The linear schedule with the same base, step and cap: the comparison column. */
export function linearComparison(policy: Policy): Policy {
  return { ...policy, strategy: "linear" };
}
