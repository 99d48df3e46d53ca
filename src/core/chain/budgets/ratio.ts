import { type BudgetContext, type Grant, grantForRetries, granted, nothingToLimit } from "./context.js";

/**
 * The plain budget: retries stay at most R% of the requests a layer receives (its first
 * tries), over any window; the Google SRE book's per-client budget is one (ch. 21 "Handling
 * Overload", 10%). The book's "ratio of requests that correspond to retries" can be read over
 * every request, retries included (retries ≤ 10% of all: at most 1/0.9 = 1.111 tries per call),
 * or over the new requests (retries ≤ 10% of the first tries: 1.1); this budget takes the second.
 * In steady state a call may retry R/100 times on average, so the layer sends at most
 * 1 + R/100 tries per call.
 */
export interface RatioRetryBudget {
  readonly kind: "ratio";
  /** Retries allowed per 100 requests. */
  readonly percent: number;
}

export function ratioGrant(budget: RatioRetryBudget, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  return granted(grantForRetries(context, budget.percent / 100));
}
