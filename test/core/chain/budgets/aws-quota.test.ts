import { describe, expect, it } from "vitest";
import { INITIAL_RETRY_TOKENS, NO_RETRY_INCREMENT, RETRY_COST, StandardRetryStrategy, TIMEOUT_RETRY_COST } from "@smithy/util-retry";
import { AWS_RETRY_QUOTA_DEFAULTS, awsQuotaGrant, awsRetriesFromFullBucket } from "../../../../src/core/chain/budgets/aws-quota.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context } from "../../../support/chain.js";

const quota = (cost: number) => ({ kind: "aws-quota", tokens: 500, cost }) as const;

describe("the AWS SDK retry quota (smithy-typescript util-retry)", () => {
  it("takes its constants from the library: 500 tokens, cost 5, timeout cost 10, +1 per success without retries", () => {
    expect([INITIAL_RETRY_TOKENS, RETRY_COST, TIMEOUT_RETRY_COST, NO_RETRY_INCREMENT]).toEqual([500, 5, 10, 1]);
    expect(AWS_RETRY_QUOTA_DEFAULTS).toEqual({ tokens: 500, cost: 14 });
  });

  it("a full bucket allows 100 retries at cost 5, 50 at 10, 35 at 14", () => {
    // 500 / 5 = 100; 500 / 10 = 50; 35 × 14 = 490, and the 10 left are under 14.
    expect([5, 10, 14].map((cost) => awsRetriesFromFullBucket(quota(cost)))).toEqual([100, 50, 35]);
  });

  it("the installed StandardRetryStrategy (@smithy/core 3.41.1, 2026 config) allows 35 transient retries and keeps 10 tokens", async () => {
    // Waits of 0 ms (a backoff that returns 0) so that 36 refusals take no time; the quota is untouched by it.
    const strategy = new StandardRetryStrategy({ maxAttempts: 1000, backoff: { computeNextBackoffDelay: () => 0, setDelayBase: () => undefined } });
    let token = await strategy.acquireInitialRetryToken("scope");
    let retries = 0;
    // One long outage: every try fails with a transient error until the quota refuses.
    for (;;) {
      try {
        token = await strategy.refreshRetryTokenForRetry(token, { errorType: "TRANSIENT" });
        retries++;
      } catch {
        break;
      }
    }
    expect(retries).toBe(awsRetriesFromFullBucket(quota(14)));
    expect(retries).toBe(35);
    expect(strategy.getCapacity()).toBe(10);
  });

  it("at a full outage nothing comes back: in steady state no retry goes ahead", () => {
    expect(awsQuotaGrant(quota(5), context(3, 1))).toEqual({ grant: 0 });
  });

  it("at P = 0.5, cost 5: a success returns 1 (probability 0.5), a retry costs 5 × 0.5 net, so 0.5 / 2.5 = 0.2 retries per call", () => {
    const { grant } = awsQuotaGrant(quota(5), context(3, 0.5));
    expect(callOutcome(3, 0.5, grant!).tries).toBeCloseTo(1.2, 14);
  });

  it("at P = 0.01 the income (0.99 / 0.05 = 19.8 retries per call) covers the 0.0101 asked for", () => {
    expect(awsQuotaGrant(quota(5), context(3, 0.01))).toEqual({ grant: 1 });
  });
});
