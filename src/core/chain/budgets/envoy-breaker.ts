import { type BudgetContext, type Grant, granted, missing, nothingToLimit } from "./context.js";
import { concurrencyGrant } from "./envoy-budget.js";

/**
 * Envoy's max_retries circuit breaker (circuit_breaker.proto, Thresholds.max_retries):
 * at most N retries in flight to a cluster, 3 when unset; it applies when no retry_budget
 * is configured (RetryBudgetImpl::canCreate falls back to it). Istio sets it to 2^32 − 1
 * for every cluster it writes (pilot/pkg/networking/core/cluster_traffic_policy.go,
 * getDefaultCircuitBreakerThresholds), which switches it off in practice. A retry holds
 * its slot through its wait and its try, so in steady state calls per second × slot time
 * per call ≤ N (Little's law).
 */
export interface EnvoyMaxRetries {
  readonly kind: "envoy-max-retries";
  readonly maxRetries: number;
}

export const ENVOY_MAX_RETRIES_DEFAULT = 3;
export const ISTIO_MAX_RETRIES = 2 ** 32 - 1;

export function envoyBreakerGrant(budget: EnvoyMaxRetries, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  const needs = [...(context.callsPerSecond === null ? (["rps"] as const) : []), ...(context.tryMs === null ? (["attempt-time"] as const) : [])];
  if (context.callsPerSecond === null || context.tryMs === null) return missing(...needs);
  return granted(concurrencyGrant(context, context.tryMs, context.callsPerSecond, budget.maxRetries));
}
