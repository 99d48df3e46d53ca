import { type AwsRetryQuota, awsQuotaGrant, awsRetriesFromFullBucket } from "./aws-quota.js";
import type { BudgetContext, Grant } from "./context.js";
import { type EnvoyMaxRetries, envoyBreakerGrant } from "./envoy-breaker.js";
import { type EnvoyRetryBudget, envoyBudgetGrant } from "./envoy-budget.js";
import { type FinagleRetryBudget, finagleGrant } from "./finagle.js";
import { type GrpcRetryThrottling, grpcRetriesFromFullBucket, grpcThrottlingGrant } from "./grpc-throttling.js";
import { type RatioRetryBudget, ratioGrant } from "./ratio.js";

/** Every budget a layer can have, each by its own system's algorithm (one file each). */
export type RetryBudget = EnvoyRetryBudget | EnvoyMaxRetries | GrpcRetryThrottling | AwsRetryQuota | FinagleRetryBudget | RatioRetryBudget;

/** The share of the layer's retries the budget lets through in steady state. */
export function budgetGrant(budget: RetryBudget, context: BudgetContext): Grant {
  switch (budget.kind) {
    case "envoy-budget":
      return envoyBudgetGrant(budget, context);
    case "envoy-max-retries":
      return envoyBreakerGrant(budget, context);
    case "grpc-throttling":
      return grpcThrottlingGrant(budget, context);
    case "aws-quota":
      return awsQuotaGrant(budget, context);
    case "finagle":
      return finagleGrant(budget, context);
    case "ratio":
      return ratioGrant(budget, context);
  }
}

/**
 * For the token buckets, the retries a full bucket allows at a full outage before it is
 * empty (gRPC's depends on the tries per call: the last failure of each call counts too);
 * null for the budgets that are windows or concurrency limits.
 */
export function fullBucketRetries(budget: RetryBudget, tries: number): number | null {
  switch (budget.kind) {
    case "aws-quota":
      return awsRetriesFromFullBucket(budget);
    case "grpc-throttling":
      return grpcRetriesFromFullBucket(budget, tries);
    default:
      return null;
  }
}
