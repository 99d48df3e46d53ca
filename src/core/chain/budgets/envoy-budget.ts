import { type BudgetContext, type Grant, granted, largestWithin, missing, nothingToLimit, retriesAt } from "./context.js";

/**
 * Envoy's cluster retry budget, circuit_breakers.thresholds[].retry_budget
 * (envoyproxy/envoy api/envoy/config/cluster/v3/circuit_breaker.proto; the arithmetic in
 * source/common/upstream/resource_manager_impl.h, RetryBudgetImpl::max(), commit 01c2c1fa):
 *
 *   retries in flight < max(budget_percent / 100 × (active + pending requests), min_retry_concurrency)
 *
 * with budget_percent 20 and min_retry_concurrency 3 when unset. It is a limit on
 * concurrency, so its steady state is Little's law: a retry holds its slot from the moment
 * it is scheduled, through its backoff wait, to the end of its try
 * (source/common/router/retry_state_impl.cc at e78906c5: retries().inc() in shouldRetry,
 * dec() in resetRetry, called first when that try's outcome arrives), while the active
 * requests are every upstream request in flight, retries' own tries included
 * (source/common/conn_pool/conn_pool_base.cc at 00dcf3fb: attachStreamToClient increments
 * requests() for each stream, onStreamClosed decrements it). Per call:
 *
 *   slots held   = Σ x^i (wait_i + T)          active = (1 + Σ x^i) T
 *
 * At a full outage, with waits short beside T, Σ x^i ≤ 0.2 (1 + Σ x^i) gives 0.25 retries
 * per call: 1.25 calls per call, not the 1.2 that "20% of requests" suggests, because the
 * retries' own requests count among the active ones. Envoy cuts 20% of the active count to
 * a whole number and lets a retry start while fewer are in flight (count() < max()), so at
 * 1,000 calls/s of 1 s tries it holds 249 retries, 1.249 (the test runs that rule try by try).
 *
 * Newer Envoy adds retry_budget.budget_interval (pull request #44147, merged May 2026, for
 * Gateway API's BackendTrafficPolicy, GEP-3388): RetryBudgetImpl::max() then takes
 * budget_percent / 100 × the requests started in the last budget_interval (every upstream
 * request, retries' own included: requests().inc() calls writeRequest()), counted in ten slots
 * of budget_interval / 10, instead of the requests active now; 0, the default, keeps the old
 * rule, and min_retry_concurrency stays the floor. What it limits is still the retries in
 * flight (count() < max()). Per call the window holds (1 + Σ x^i) × W of requests, so
 *
 *   Σ x^i (wait_i + T) ≤ share × (1 + Σ x^i) × W
 *
 * (W in place of T): a window longer than a try lets more retries through, one shorter fewer.
 * The slots make Envoy count a request for W to within a tenth of it (a slot); the model takes W.
 */
export interface EnvoyRetryBudget {
  readonly kind: "envoy-budget";
  readonly budgetPercent: number;
  readonly minRetryConcurrency: number;
  /** retry_budget.budget_interval in ms (newer Envoy); absent or 0: only the requests active now count. */
  readonly budgetIntervalMs?: number;
}

export const ENVOY_RETRY_BUDGET_DEFAULTS = { budgetPercent: 20, minRetryConcurrency: 3 } as const;

/** Milliseconds of retry slot one call holds, on average, when a share `grant` of its retries goes ahead. */
export function retrySlotMs(context: BudgetContext, tryMs: number, grant: number): number {
  return context.waitedMs(context.tryFailure * grant) + retriesAt(context, grant) * tryMs;
}

/** The share of retries let through where `limit` concurrent retries (calls per second × slot time) are allowed. */
export function concurrencyGrant(context: BudgetContext, tryMs: number, callsPerSecond: number, limit: number): number {
  return largestWithin((grant) => (callsPerSecond * retrySlotMs(context, tryMs, grant)) / 1000 - limit);
}

export function envoyBudgetGrant(budget: EnvoyRetryBudget, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  const tryMs = context.tryMs;
  if (tryMs === null) return missing("attempt-time");
  const share = budget.budgetPercent / 100;
  // The requests counted stay counted for a try's time (active requests), or for budget_interval when one is set.
  const countedMs = budget.budgetIntervalMs === undefined || budget.budgetIntervalMs === 0 ? tryMs : budget.budgetIntervalMs;
  // The percentage alone: slots ≤ share × counted requests, both per call, so the rate cancels.
  const byPercent = largestWithin((grant) => retrySlotMs(context, tryMs, grant) - share * (1 + retriesAt(context, grant)) * countedMs);
  if (byPercent === 1 || budget.minRetryConcurrency === 0) return granted(byPercent);
  // The floor: min_retry_concurrency retries in flight whatever the traffic, which lets
  // through more than the percentage when few requests are active.
  if (context.callsPerSecond === null) return missing("rps");
  return granted(Math.max(byPercent, concurrencyGrant(context, tryMs, context.callsPerSecond, budget.minRetryConcurrency)));
}
