import { describe, expect, it } from "vitest";
import { FINAGLE_RETRY_BUDGET_DEFAULTS, finagleGrant, finagleRetriesPerRequest } from "../../../../src/core/chain/budgets/finagle.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context } from "../../../support/chain.js";

const budget = { kind: "finagle", ...FINAGLE_RETRY_BUDGET_DEFAULTS } as const;

function triesAt(rps: number | null): number | null {
  const answer = finagleGrant(budget, context(3, 1, { callsPerSecond: rps }));
  return answer.grant === null ? null : callOutcome(3, 1, answer.grant).tries;
}

describe("Finagle's RetryBudget (and Linkerd's): 20% of requests plus 10 retries a second over 10 s", () => {
  it("defaults to ttl 10 s, minRetriesPerSec 10, percentCanRetry 0.2 (RetryBudget.apply())", () => {
    expect(FINAGLE_RETRY_BUDGET_DEFAULTS).toEqual({ percentCanRetry: 0.2, minRetriesPerSec: 10, ttlSeconds: 10 });
  });

  it("pays retries in Finagle's integers: 0.2 → deposit 1000, withdrawal 5000; 0.3 → 1000 / 3333", () => {
    expect(finagleRetriesPerRequest(budget)).toBe(0.2);
    expect(finagleRetriesPerRequest({ ...budget, percentCanRetry: 0.3 })).toBe(1000 / 3333);
  });

  it("at a full outage and 100 rps: 0.2 + 10 / 100 = 0.3 retries per call, 1.3 calls per call", () => {
    expect(triesAt(100)).toBeCloseTo(1.3, 14);
  });

  it("at 5 rps the reserve alone (10 a second) covers the 2 retries per call asked for", () => {
    expect(triesAt(5)).toBe(3);
  });

  it("needs the request rate for the reserve, unless there is none", () => {
    expect(triesAt(null)).toBeNull();
    const { grant } = finagleGrant({ ...budget, minRetriesPerSec: 0 }, context(3, 1));
    expect(callOutcome(3, 1, grant!).tries).toBeCloseTo(1.2, 14);
  });
});
