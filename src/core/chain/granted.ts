import { powerSum } from "./geometric.js";

/**
 * One call to a layer in steady state, when each of its tries fails independently with
 * probability `tryFailure` and each retry it wants is let through by its budget with
 * probability `grant` (1 without a budget). A budget at its limit lets through a steady
 * share of the retries asked for; the share is what each budget's own algorithm solves for.
 */
export interface CallOutcome {
  /** Expected retries of one call: Σ_{i=1..n} (f·g)^i for n = tries − 1. */
  readonly retries: number;
  /** Expected tries: 1 + retries. */
  readonly tries: number;
  /** The chance the call fails: a try failed and no retry followed it (refused, or none left). */
  readonly failure: number;
}

export function callOutcome(tries: number, tryFailure: number, grant: number): CallOutcome {
  const n = tries - 1;
  const x = tryFailure * grant;
  const retries = powerSum(x, n);
  // Without a budget every try must fail: f^tries. With one, the call stops failing after
  // try i+1 (i = 0..n−1) when retry i+1 is refused, probability x^i·f·(1 − g), or after
  // the last try, x^n·f.
  const refusedBefore = n >= 1 ? 1 + powerSum(x, n - 1) : 0;
  // Every try failing, the call fails for certain: said as 1 rather than computed, since
  // (1 − g)(1 + g) + g² rounds to a hair above or below 1. Otherwise it fails only if its
  // first try does, so never more than f.
  const failure =
    tryFailure === 1 ? 1 : grant === 1 ? tryFailure ** tries : Math.min(tryFailure, tryFailure * ((1 - grant) * refusedBefore + x ** n));
  return { retries, tries: 1 + retries, failure };
}
