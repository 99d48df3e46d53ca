import { describe, expect, it } from "vitest";
import { AwsRetryQuota } from "../../../../../src/core/herd/capacity/limits/aws-retry-quota.js";

// botocore retries/standard.py RetryQuotaChecker and retries/quota.py RetryQuota (ef31254).
describe("the AWS retry quota", () => {
  const drain = (quota: AwsRetryQuota, timedOut: boolean) => {
    let granted = 0;
    while (quota.mayRetry(0, timedOut)) {
      quota.retry(0, timedOut);
      granted++;
    }
    return granted;
  };
  it("a full bucket allows 100 retries at cost 5, 50 at cost 10 (timeouts), 35 at cost 14", () => {
    expect(drain(new AwsRetryQuota(), false)).toBe(100);
    expect(drain(new AwsRetryQuota(), true)).toBe(50);
    expect(drain(new AwsRetryQuota({ capacity: 500, retryCost: 14, timeoutRetryCost: 14, noRetryIncrement: 1 }), false)).toBe(35); // 14 × 35 = 490
  });
  it("a success gives back 1 without retries, the last retry's cost after them, never above 500; failures nothing", () => {
    const quota = new AwsRetryQuota();
    quota.retry(0, true); // 490
    quota.retry(0, false); // 485
    quota.outcome(0, false, false, 0, 0, false);
    expect(quota.available).toBe(485);
    quota.outcome(0, true, false, 0, 0, false);
    expect(quota.available).toBe(486);
    quota.outcome(0, true, false, 0, 2, true); // last retry after a timeout: 10 back
    expect(quota.available).toBe(496);
    quota.outcome(0, true, false, 0, 1, false); // 5 back, capped at 500
    expect(quota.available).toBe(500);
  });

  it("as counts (the flow model): as many retries as the bucket pays for; successes give back by what their request did", () => {
    const quota = new AwsRetryQuota();
    expect(quota.flowAllow(0, 150, false)).toBe(100);
    expect(quota.flowAllow(0, 30, true)).toBe(30);
    quota.flowRetry(0, 30, true); // 300 tokens
    expect(quota.available).toBe(200);
    expect(quota.flowAllow(0, 150, false)).toBe(40);
    // 10 first tries (1 each), 4 after a retry (5 each), 2 after a timeout's retry (10 each): 50 back.
    quota.flowOutcome(0, 10, 4, 2);
    expect(quota.available).toBe(250);
    quota.flowOutcome(0, 1000, 0, 0);
    expect(quota.available).toBe(500);
  });
});
