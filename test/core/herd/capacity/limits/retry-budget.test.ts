import { describe, expect, it } from "vitest";
import { RetryBudget } from "../../../../../src/core/herd/capacity/limits/retry-budget.js";

describe("a retry budget of R% of requests over a sliding window", () => {
  it("20%: 5 requests allow 1 retry, 10 allow 2", () => {
    const budget = new RetryBudget(20, 10_000);
    for (let i = 0; i < 4; i++) budget.request(i);
    expect(budget.mayRetry(5)).toBe(false); // (0 + 1) × 100 ≤ 20 × 4? 100 ≤ 80: no
    budget.request(5);
    expect(budget.mayRetry(5)).toBe(true); // 100 ≤ 100
    budget.retry(5);
    expect(budget.mayRetry(6)).toBe(false);
    for (let i = 0; i < 5; i++) budget.request(7);
    expect(budget.mayRetry(8)).toBe(true); // (1 + 1) × 100 ≤ 20 × 10
  });
  it("what slides out of the window no longer counts", () => {
    const budget = new RetryBudget(100, 1000);
    budget.request(0);
    expect(budget.mayRetry(500)).toBe(true);
    // At 1000 the bucket of t = 0 has left the 1 s window (100 buckets of 10 ms).
    expect(budget.mayRetry(1000)).toBe(false);
    expect(() => new RetryBudget(-1)).toThrow(/0%/);
  });

  it("as counts (the flow model): percent of the requests of the window, less the retries made in it", () => {
    const budget = new RetryBudget(20);
    budget.flowRequest(0, 50);
    expect(budget.flowAllow(0, 30)).toBe(10);
    budget.flowRetry(0, 4);
    expect(budget.flowAllow(10, 30)).toBe(6);
    // 10 s later the window holds none of them.
    expect(budget.flowAllow(10_100, 30)).toBe(0);
  });
});
