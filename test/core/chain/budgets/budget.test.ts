import { describe, expect, it } from "vitest";
import { type RetryBudget, budgetGrant, fullBucketRetries } from "../../../../src/core/chain/budgets/budget.js";
import { context } from "../../../support/chain.js";

// Every budget through the one entry point the chain uses, each kind answered by its own
// system's rule (worked by hand below; each rule's sources are cited in its own file).

const ratio = (percent: number): RetryBudget => ({ kind: "ratio", percent });
const aws = (tokens: number, cost: number): RetryBudget => ({ kind: "aws-quota", tokens, cost });
const grpc = (maxTokens: number, tokenRatio: number): RetryBudget => ({ kind: "grpc-throttling", maxTokens, tokenRatio });
const envoyBudget = (budgetPercent: number, minRetryConcurrency: number): RetryBudget => ({ kind: "envoy-budget", budgetPercent, minRetryConcurrency });
const envoyBreaker = (maxRetries: number): RetryBudget => ({ kind: "envoy-max-retries", maxRetries });
const finagle: RetryBudget = { kind: "finagle", percentCanRetry: 0.2, minRetriesPerSec: 10, ttlSeconds: 10 };

describe("budgetGrant: each kind by its own rule", () => {
  it("ratio: 75 retries per 100 calls at a full outage, 3 tries: g + g² = 0.75, g = 0.5", () => {
    expect(budgetGrant(ratio(75), context(3, 1))).toEqual({ grant: 0.5 });
  });

  it("aws-quota: a first-try success returns 1 token, a failed retry costs `cost`; at P = 0.5, cost 4: 0.5 / (4 × 0.5) = 0.25 retries a call", () => {
    // 2 tries: the expected retries are 0.5 g = 0.25, g = 0.5.
    expect(budgetGrant(aws(500, 4), context(2, 0.5))).toEqual({ grant: 0.5 });
    // Nothing succeeds, nothing comes back: once empty the bucket lets none through.
    expect(budgetGrant(aws(500, 14), context(3, 1))).toEqual({ grant: 0 });
  });

  it("grpc-throttling: all or nothing by the drift per try, (1 − P) × tokenRatio − P", () => {
    // tokenRatio 0.1: 0.95 × 0.1 − 0.05 = +0.045 (full); 0.9 × 0.1 − 0.1 = −0.01 (drains).
    expect(budgetGrant(grpc(10, 0.1), context(3, 0.05))).toEqual({ grant: 1 });
    expect(budgetGrant(grpc(10, 0.1), context(3, 0.1))).toEqual({ grant: 0 });
  });

  it("envoy-max-retries: calls/s × retry-slot seconds per call ≤ max_retries; needs the rate and the try time", () => {
    expect(budgetGrant(envoyBreaker(3), context(3, 1))).toEqual({ grant: null, missing: ["rps", "attempt-time"] });
    expect(budgetGrant(envoyBreaker(3), context(3, 1, { tryMs: 1000 }))).toEqual({ grant: null, missing: ["rps"] });
    // No waits, tries of 1 s, 4 calls/s: 4 × (g + g²) ≤ 3 → g + g² = 0.75, g = 0.5.
    expect(budgetGrant(envoyBreaker(3), context(3, 1, { tryMs: 1000, callsPerSecond: 4 }))).toEqual({ grant: 0.5 });
    // 1 call/s: 2 retries in flight at most, under 3: all of them.
    expect(budgetGrant(envoyBreaker(3), context(3, 1, { tryMs: 1000, callsPerSecond: 1 }))).toEqual({ grant: 1 });
  });

  it("envoy-budget: retry slots ≤ 20% of active requests (the retries' own included), or the floor in flight", () => {
    expect(budgetGrant(envoyBudget(20, 3), context(2, 1))).toEqual({ grant: null, missing: ["attempt-time"] });
    // No floor: 2 tries, no waits, 1 s tries: g ≤ 0.2 (1 + g) → g = 0.25 (1.25 calls per call).
    expect(budgetGrant(envoyBudget(20, 0), context(2, 1, { tryMs: 1000 })).grant).toBeCloseTo(0.25, 15);
    // With the floor of 3 the rate decides: unknown, it is asked for; at 1 call/s 1 retry in flight, under 3.
    expect(budgetGrant(envoyBudget(20, 3), context(2, 1, { tryMs: 1000 }))).toEqual({ grant: null, missing: ["rps"] });
    expect(budgetGrant(envoyBudget(20, 3), context(2, 1, { tryMs: 1000, callsPerSecond: 1 }))).toEqual({ grant: 1 });
  });

  it("finagle: 0.2 retries per request plus 10 a second; the rate decides when the percentage alone does not do", () => {
    expect(budgetGrant(finagle, context(2, 1))).toEqual({ grant: null, missing: ["rps"] });
    // 2 tries at a full outage: g ≤ 0.2 + 10 / rps: 0.7 at 20 calls/s, 0.3 at 100.
    expect(budgetGrant(finagle, context(2, 1, { callsPerSecond: 20 })).grant).toBeCloseTo(0.7, 15);
    expect(budgetGrant(finagle, context(2, 1, { callsPerSecond: 100 })).grant).toBeCloseTo(0.3, 15);
    // P = 0.1, 3 tries: 0.11 retries asked for, within the 0.2: all, whatever the rate.
    expect(budgetGrant(finagle, context(3, 0.1))).toEqual({ grant: 1 });
  });

  it("no kind limits a layer that makes no retry or never fails", () => {
    for (const budget of [ratio(0), aws(500, 14), grpc(10, 0.1), envoyBudget(20, 3), envoyBreaker(0), finagle]) {
      expect(budgetGrant(budget, context(1, 1))).toEqual({ grant: 1 });
      expect(budgetGrant(budget, context(3, 0))).toEqual({ grant: 1 });
    }
  });
});

describe("fullBucketRetries: what a full token bucket allows at a full outage", () => {
  it("the AWS quota: ⌊tokens / cost⌋, whatever the tries", () => {
    expect(fullBucketRetries(aws(500, 14), 3)).toBe(35);
    expect(fullBucketRetries(aws(500, 5), 3)).toBe(100);
    expect(fullBucketRetries(aws(500, 10), 9)).toBe(50);
  });

  it("gRPC throttling: each failed try takes a token, no retry once the count is not above maxTokens / 2", () => {
    // maxTokens 10 (threshold 5): 1 try a call, the count falls to 9 with no retry allowed by the policy.
    expect(fullBucketRetries(grpc(10, 0.1), 1)).toBe(0);
    // 3 tries: call 1 at 9 (retry), 8 (retry), 7; call 2 at 6 (retry), 5 (not above 5): 3 retries.
    expect(fullBucketRetries(grpc(10, 0.1), 3)).toBe(3);
    // 100 tries: 9, 8, 7, 6 with a retry each, then 5.
    expect(fullBucketRetries(grpc(10, 0.1), 100)).toBe(4);
    // maxTokens 4 (threshold 2), 10 tries: 3 (retry), 2 (not above): 1 retry.
    expect(fullBucketRetries(grpc(4, 0.1), 10)).toBe(1);
  });

  it("the windows and concurrency limits have no bucket: null", () => {
    for (const budget of [ratio(10), envoyBudget(20, 3), envoyBreaker(3), finagle]) expect(fullBucketRetries(budget, 3)).toBeNull();
  });
});
