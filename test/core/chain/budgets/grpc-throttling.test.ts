import { describe, expect, it } from "vitest";
import { grpcRetriesFromFullBucket, grpcThrottleCounts, grpcThrottlingGrant } from "../../../../src/core/chain/budgets/grpc-throttling.js";
import { context } from "../../../support/chain.js";

const a6Example = { kind: "grpc-throttling", maxTokens: 10, tokenRatio: 0.1 } as const;

describe("gRPC retryThrottling (gRFC A6; grpc-java RetriableStream.Throttle)", () => {
  it("counts in thousandths, as grpc-java's ints: maxTokens 10 → 10000, threshold 5000, tokenRatio 0.1 → 100", () => {
    expect(grpcThrottleCounts(a6Example)).toEqual({ maxTokens: 10000, threshold: 5000, tokenRatio: 100 });
  });

  it("reads the values as Java floats: 1.005f × 1000 rounds to the float 1005.0 (a double would give 1004.99…, truncated to 1004)", () => {
    // 1.005f = 1.00499999523…; × 1000 = 1004.99999523…, 4.8e-6 from 1005 where floats are 6.1e-5 apart.
    expect(grpcThrottleCounts({ kind: "grpc-throttling", maxTokens: 1.005, tokenRatio: 1.005 }).tokenRatio).toBe(1005);
  });

  it("at a full outage stops retrying once token_count has fallen to 5: after 5 counted failures", () => {
    // maxAttempts 5: the first call fails at 9, 8, 7, 6 (each above 5: retry) and 5 (its last try);
    // the next call's failure takes the count to 4: no retry, and nothing ever refills it. 4 retries.
    expect(grpcRetriesFromFullBucket(a6Example, 5)).toBe(4);
    // maxAttempts 3: call 1 fails at 9 (retry), 8 (retry), 7 (its last try); call 2 at 6 (retry), 5 (not above): 3 retries.
    expect(grpcRetriesFromFullBucket(a6Example, 3)).toBe(3);
    // maxAttempts 2: 9 retry, 8; 7 retry, 6; 5 no: 2 retries. Each time 5 failures counted.
    expect(grpcRetriesFromFullBucket(a6Example, 2)).toBe(2);
  });

  it("in steady state lets every retry through or none: the drift per try is (1 − f) × 0.1 − f", () => {
    // f = 1: −1 per try, the bucket stays below 5.
    expect(grpcThrottlingGrant(a6Example, context(5, 1))).toEqual({ grant: 0 });
    // f = 0.05: 0.95 × 100 − 50 = +45 thousandths per try: full.
    expect(grpcThrottlingGrant(a6Example, context(5, 0.05))).toEqual({ grant: 1 });
    // f = 0.1: 90 − 100 = −10: it drains (the line is at 0.1 / 1.1 ≈ 0.0909).
    expect(grpcThrottlingGrant(a6Example, context(5, 0.1))).toEqual({ grant: 0 });
  });

  it("refuses maxTokens outside (0, 1000] and a tokenRatio that is not positive (gRFC A6)", () => {
    expect(() => grpcThrottleCounts({ kind: "grpc-throttling", maxTokens: 1001, tokenRatio: 0.1 })).toThrow(RangeError);
    expect(() => grpcThrottleCounts({ kind: "grpc-throttling", maxTokens: 10, tokenRatio: 0 })).toThrow(RangeError);
  });
});
