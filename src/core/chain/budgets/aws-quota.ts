import { type BudgetContext, type Grant, grantForRetries, granted, nothingToLimit } from "./context.js";

/**
 * The AWS SDK's retry quota, a token bucket per client (smithy-lang/smithy-typescript
 * packages/util-retry: constants.ts INITIAL_RETRY_TOKENS 500, RETRY_COST 5,
 * TIMEOUT_RETRY_COST 10, NO_RETRY_INCREMENT 1; StandardRetryStrategy.ts; as installed,
 * @smithy/core 3.41.1 dist-es/submodules/retry/util-retry): a retry needs capacity ≥ its
 * cost and takes it; a success returns the cost of the retry that succeeded, or 1 when it
 * needed none; capacity never passes 500. The 2026 retry config (retries-2026-config.js,
 * Retry.cost() 14, throttlingCost() 5) charges 14 per retry of a transient error; releases
 * before it 5, and 10 for a timeout (botocore retries/quota.py the same).
 */
export interface AwsRetryQuota {
  readonly kind: "aws-quota";
  /** The bucket's size and starting capacity. */
  readonly tokens: number;
  /** What each retry takes. */
  readonly cost: number;
}

export const AWS_RETRY_QUOTA_DEFAULTS = { tokens: 500, cost: 14 } as const;
/** NO_RETRY_INCREMENT: what a success on the first try returns. */
const NO_RETRY_INCREMENT = 1;

/** Retries a full bucket allows at a full outage: 500 / 5 = 100, 500 / 10 = 50, ⌊500 / 14⌋ = 35 (10 tokens left, under 14). */
export function awsRetriesFromFullBucket(budget: AwsRetryQuota): number {
  return Math.floor(budget.tokens / budget.cost);
}

/**
 * The steady state at a failure rate f: a call whose first try succeeds returns 1 token
 * (probability 1 − f); a retry costs `cost` and returns it if it succeeds, so each costs
 * cost × f net. The bucket holds while 1 − f ≥ cost × f × retries per call: up to
 * (1 − f) / (cost × f) retries per call go ahead. At a full outage nothing comes back and
 * the bucket, once empty, lets none through.
 */
export function awsQuotaGrant(budget: AwsRetryQuota, context: BudgetContext): Grant {
  if (nothingToLimit(context)) return granted(1);
  if (context.tryFailure === 1) return granted(0);
  const f = context.tryFailure;
  return granted(grantForRetries(context, ((1 - f) * NO_RETRY_INCREMENT) / (budget.cost * f)));
}
