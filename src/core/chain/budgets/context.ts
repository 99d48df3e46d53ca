import { powerSum } from "../geometric.js";

/**
 * What a budget sees of the layer it limits, in steady state: the retries that layer's
 * policy asks for, how often its tries fail, how fast calls arrive and how long a try
 * lasts. Each budget answers with the share of the retries asked for that it lets through.
 */
export interface BudgetContext {
  /** Tries a call may make by the policy: 1 + retries. */
  readonly tries: number;
  /** The chance one try fails. */
  readonly tryFailure: number;
  /** Calls per second entering the layer; null when the request rate is not known. */
  readonly callsPerSecond: number | null;
  /** How long one try lasts on average (ms); null when the attempt time is not known. */
  readonly tryMs: number | null;
  /** Σ_{i=1..tries−1} x^i × (the mean wait before retry i), for x = tryFailure × grant. */
  readonly waitedMs: (x: number) => number;
}

/** An input a budget needs that was not given: the request rate, or the time a try takes. */
export type MissingInput = "rps" | "attempt-time";

/** The share of retries a budget lets through in steady state, or the inputs it needs to say. */
export type Grant = { readonly grant: number } | { readonly grant: null; readonly missing: readonly MissingInput[] };

export const granted = (grant: number): Grant => ({ grant });
export const missing = (...inputs: MissingInput[]): Grant => ({ grant: null, missing: inputs });

/** No budget can change a layer that makes no retry, or one whose tries never fail. */
export function nothingToLimit(context: BudgetContext): boolean {
  return context.tries <= 1 || context.tryFailure === 0;
}

/** Expected retries of one call when a share `grant` of the retries asked for is let through. */
export function retriesAt(context: BudgetContext, grant: number): number {
  return powerSum(context.tryFailure * grant, context.tries - 1);
}

/**
 * The largest share g in [0, 1] with excess(g) ≤ 0, for an excess that grows with g and is
 * not positive at 0: where a budget's limit is met exactly (bisection to the last bit).
 */
export function largestWithin(excess: (grant: number) => number): number {
  if (excess(1) <= 0) return 1;
  let low = 0;
  let high = 1;
  for (;;) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) return low;
    if (excess(middle) <= 0) low = middle;
    else high = middle;
  }
}

/** The share that keeps a call's expected retries at most `allowed` (a budget counted in retries per call). */
export function grantForRetries(context: BudgetContext, allowed: number): number {
  return largestWithin((grant) => retriesAt(context, grant) - allowed);
}
