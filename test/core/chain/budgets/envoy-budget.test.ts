import { describe, expect, it } from "vitest";
import { ENVOY_RETRY_BUDGET_DEFAULTS, envoyBudgetGrant } from "../../../../src/core/chain/budgets/envoy-budget.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context, fixedWaits } from "../../../support/chain.js";

const budget = { kind: "envoy-budget", ...ENVOY_RETRY_BUDGET_DEFAULTS } as const;

/** Tries per call at a full outage through a 3-try route (Istio's default 2 retries), tries of 1 s. */
function triesAt(rps: number | null, extra: Parameters<typeof context>[2] = {}): number | null {
  const answer = envoyBudgetGrant(budget, context(3, 1, { tryMs: 1000, callsPerSecond: rps, ...extra }));
  return answer.grant === null ? null : callOutcome(3, 1, answer.grant).tries;
}

describe("Envoy retry_budget: concurrent retries ≤ max(20% of active requests, 3)", () => {
  it("defaults to budget_percent 20 and min_retry_concurrency 3 (circuit_breaker.proto; resource_manager_impl.h)", () => {
    expect(ENVOY_RETRY_BUDGET_DEFAULTS).toEqual({ budgetPercent: 20, minRetryConcurrency: 3 });
  });

  it("at a full outage and 1,000 rps: 1.25 calls per call at that hop (the retries' own requests count as active)", () => {
    // Per call, with no waits: retries hold Σ x^i × 1 s of slot, active requests are (1 + Σ x^i) × 1 s.
    // Σ ≤ 0.2 (1 + Σ) → Σ ≤ 0.25: 1.25 tries per call. Read as "20% of requests" it would be 1.2;
    // Envoy's denominator is requests_ + pending_requests_, and every upstream stream, retries
    // included, increments requests_ (conn_pool_base.cc).
    // The floor is far below: 1000 calls/s × Σ × 1 s ≤ 3 → Σ ≤ 0.003.
    expect(triesAt(1000)).toBeCloseTo(1.25, 12);
  });

  it("min_retry_concurrency is the floor at low rates: 10 rps allow 3 / (10 × 1 s) = 0.3 retries per call (1.3), 1 rps all of them (3)", () => {
    expect(triesAt(10)).toBeCloseTo(1.3, 12);
    // 1 call/s × 2 retries × 1 s = 2 retries in flight ≤ 3.
    expect(triesAt(1)).toBe(3);
  });

  it("a retry holds its slot through its backoff wait: waits of 1 s beside tries of 1 s leave 1/9 retry per call", () => {
    // Slots per call Σ x^i (1 s + 1 s) ≤ 0.2 × (1 + Σ x^i) × 1 s → 1.8 Σ ≤ 0.2 → Σ = 1/9.
    expect(triesAt(1000, { model: fixedWaits(1000) })).toBeCloseTo(1 + 1 / 9, 12);
  });

  it("needs the attempt time, and the request rate when the floor decides", () => {
    expect(envoyBudgetGrant(budget, context(3, 1, { callsPerSecond: 100 }))).toEqual({ grant: null, missing: ["attempt-time"] });
    expect(envoyBudgetGrant(budget, context(3, 1, { tryMs: 1000 }))).toEqual({ grant: null, missing: ["rps"] });
    // At P = 0.1 the route asks for 0.1 + 0.01 = 0.11 retries per call, under the 0.25 the percentage allows: no rate needed.
    expect(envoyBudgetGrant(budget, context(3, 0.1, { tryMs: 1000 }))).toEqual({ grant: 1 });
  });
});
