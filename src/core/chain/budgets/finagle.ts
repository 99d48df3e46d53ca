import { type BudgetContext, type Grant, grantForRetries, granted, missing, nothingToLimit, retriesAt } from "./context.js";

/**
 * Finagle's RetryBudget (twitter/finagle finagle-core/.../service/RetryBudget.scala,
 * RetryBudget.apply(): ttl 10 s, minRetriesPerSec 10, percentCanRetry 0.2), which
 * Linkerd's ServiceProfile retryBudget follows (retryRatio 0.2, minRetriesPerSecond 10,
 * ttl 10s). Each request deposits 1000 (RetryFilter.apply calls deposit() once per
 * request), each retry withdraws (1000 / percentCanRetry).toInt; deposits and withdrawals
 * expire after ttl (util-core TokenBucket.newLeakyBucket) and a fixed reserve of
 * minRetriesPerSec × ttl retries is always counted in. So over any ttl window, retries ≤
 * that reserve + 1000 / withdrawal × requests: in steady state retries per second ≤
 * minRetriesPerSec + about percentCanRetry × requests per second.
 */
export interface FinagleRetryBudget {
  readonly kind: "finagle";
  readonly percentCanRetry: number;
  readonly minRetriesPerSec: number;
  readonly ttlSeconds: number;
}

export const FINAGLE_RETRY_BUDGET_DEFAULTS = { percentCanRetry: 0.2, minRetriesPerSec: 10, ttlSeconds: 10 } as const;

/** Retries each request pays for: deposit / withdrawal, in Finagle's integers (0.2 → 1000 / 5000 = 0.2; 0.3 → 1000 / 3333). */
export function finagleRetriesPerRequest(budget: FinagleRetryBudget): number {
  if (budget.percentCanRetry === 0) return 0;
  return 1000 / Math.trunc(1000 / budget.percentCanRetry);
}

export function finagleGrant(budget: FinagleRetryBudget, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  const perRequest = finagleRetriesPerRequest(budget);
  if (retriesAt(context, 1) <= perRequest || budget.minRetriesPerSec === 0) return granted(grantForRetries(context, perRequest));
  if (context.callsPerSecond === null) return missing("rps");
  return granted(grantForRetries(context, perRequest + budget.minRetriesPerSec / context.callsPerSecond));
}
