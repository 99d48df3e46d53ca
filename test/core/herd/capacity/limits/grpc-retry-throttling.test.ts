import { describe, expect, it } from "vitest";
import { GrpcRetryThrottling } from "../../../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";

// gRFC A6 (grpc/proposal A6-client-retries.md), "Throttling Retry Attempts and Hedged RPCs".
describe("gRPC retry throttling", () => {
  it("maxTokens 10, tokenRatio 0.1: retries stop when 5 failures bring token_count to 5", () => {
    const throttle = new GrpcRetryThrottling({ maxTokens: 10, tokenRatio: 0.1 });
    const allowed: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      throttle.outcome(0, false);
      allowed.push(throttle.mayRetry());
    }
    // token_count 9, 8, 7, 6 (> 5: retry), 5, 4 (≤ 5: none).
    expect(allowed).toEqual([true, true, true, true, false, false]);
    expect(throttle.milliTokens).toBe(4000);
    // Ten successes give back 1 token (0.1 each, kept exactly in thousandths): 5, still ≤ 5; one more: 5.1.
    for (let i = 0; i < 10; i++) throttle.outcome(0, true);
    expect([throttle.milliTokens, throttle.mayRetry()]).toEqual([5000, false]);
    throttle.outcome(0, true);
    expect(throttle.mayRetry()).toBe(true);
  });
  it("token_count stays within [0, maxTokens]", () => {
    const throttle = new GrpcRetryThrottling({ maxTokens: 2, tokenRatio: 1 });
    for (let i = 0; i < 5; i++) throttle.outcome(0, true);
    expect(throttle.milliTokens).toBe(2000);
    for (let i = 0; i < 5; i++) throttle.outcome(0, false);
    expect(throttle.milliTokens).toBe(0);
    expect(() => new GrpcRetryThrottling({ maxTokens: 0, tokenRatio: 0.1 })).toThrow(/maxTokens/);
    expect(() => new GrpcRetryThrottling({ maxTokens: 10, tokenRatio: 2 })).toThrow(/tokenRatio/);
  });

  it("as counts (the flow model): of a batch of failures, those that leave more than half the tokens are retried", () => {
    const t = new GrpcRetryThrottling({ maxTokens: 10, tokenRatio: 0.1 });
    // 10 tokens before 3 failures: each of them leaves 9, 8, 7, all above 5.
    t.flowOutcome(0, 0, 0, 0, 3);
    expect([t.flowAllow(0, 3), t.milliTokens]).toEqual([3, 7000]);
    // 7 before 4 more: 2 of them are retried (7 − 5), and 3 tokens are left.
    t.flowOutcome(0, 0, 0, 0, 4);
    expect([t.flowAllow(0, 4), t.milliTokens]).toEqual([2, 3000]);
    // 30 successes give back 3 tokens (6), then a failure: 1 of it may be retried (6 − 5).
    t.flowOutcome(0, 10, 10, 10, 1);
    expect([t.flowAllow(0, 1), t.milliTokens]).toEqual([1, 5000]);
  });
});
