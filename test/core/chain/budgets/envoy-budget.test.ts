import { describe, expect, it } from "vitest";
import { ENVOY_RETRY_BUDGET_DEFAULTS, envoyBudgetGrant } from "../../../../src/core/chain/budgets/envoy-budget.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context, fixedWaits } from "../../../support/chain.js";

const budget = { kind: "envoy-budget", ...ENVOY_RETRY_BUDGET_DEFAULTS } as const;

/**
 * Envoy's own rule run try by try, independently of the fluid model: a full outage, calls
 * arriving every `intervalMs`, each try taking `tryMs`, no backoff wait, `retries` retries a
 * call. As the source does it (envoyproxy/envoy):
 * - router/retry_state_impl.cc (e78906c5) shouldRetry: resetRetry() first (the slot the
 *   try that just failed held is given back: retries().dec()), then retries().canCreate(),
 *   and on yes retries().inc(), held until that retry's own outcome;
 * - upstream/resource_manager_impl.h (01c2c1fa) RetryBudgetImpl: canCreate() is
 *   count() < max(), max() = max<uint64_t>(budget_percent / 100 × (requests + pending), min_retry_concurrency),
 *   the product cut to a whole number;
 * - conn_pool/conn_pool_base.cc (00dcf3fb) attachStreamToClient: requests().inc() for every
 *   upstream stream, retries' own included; onStreamClosed: dec(), after the response was seen.
 * Returns the tries per call over the second half of `horizonMs` (the first half fills the pipe).
 */
function envoyOutage(intervalMs: number, tryMs: number, retries: number, horizonMs = 20_000): number {
  const percent = ENVOY_RETRY_BUDGET_DEFAULTS.budgetPercent;
  const floor = ENVOY_RETRY_BUDGET_DEFAULTS.minRetryConcurrency;
  interface Call {
    retriesLeft: number;
    holdsSlot: boolean;
  }
  const ends = new Map<number, Call[]>();
  let active = 0;
  let retriesInFlight = 0;
  let tries = 0;
  let calls = 0;
  const counted = (t: number) => t >= horizonMs / 2;
  const start = (t: number, call: Call) => {
    active++;
    if (counted(t)) tries++;
    const end = t + tryMs;
    ends.set(end, [...(ends.get(end) ?? []), call]);
  };
  for (let t = 0; t < horizonMs; t++) {
    for (const call of ends.get(t) ?? []) {
      if (call.holdsSlot) retriesInFlight--;
      call.holdsSlot = false;
      const max = Math.max(Math.trunc((percent / 100) * active), floor);
      const retry = call.retriesLeft > 0 && retriesInFlight < max;
      active--;
      if (retry) {
        call.retriesLeft--;
        call.holdsSlot = true;
        retriesInFlight++;
        start(t, call);
      }
    }
    ends.delete(t);
    if (t % intervalMs === 0) {
      if (counted(t)) calls++;
      start(t, { retriesLeft: retries, holdsSlot: false });
    }
  }
  return tries / calls;
}

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

  it("Envoy's rule run try by try agrees: 1.249 tries per call at 1,000 rps (1.25 in the fluid model, not the issue's 1.2), 1.3 at 10 rps, 3 at 1 rps", () => {
    // At 1,000 calls/s of 1 s tries, 1,000 first tries and 249 retries are active: max() is
    // ⌊0.2 × 1,249⌋ = 249, so 249 retries of 1 s are in flight, 249 a second beside 1,000
    // calls: 1.249, the fluid model's 1.25 less the whole-number cut. The 1.2 of "20% of
    // requests" would need the retries' own tries left out of the active count;
    // conn_pool_base.cc counts every upstream stream.
    expect(envoyOutage(1, 1000, 2)).toBe(1.249);
    expect(triesAt(1000)).toBeCloseTo(1.25, 12);
    // 10 calls/s: ~13 active, 20% of it cut to 2, so the floor of 3 decides: 3 retries of 1 s in flight, 0.3 a call.
    expect(envoyOutage(100, 1000, 2)).toBe(1.3);
    expect(triesAt(10)).toBeCloseTo(1.3, 12);
    // 1 call/s: at most 2 retries in flight, under the floor: every retry goes ahead.
    expect(envoyOutage(1000, 1000, 2)).toBe(3);
    expect(triesAt(1)).toBe(3);
  });

  it("needs the attempt time, and the request rate when the floor decides", () => {
    expect(envoyBudgetGrant(budget, context(3, 1, { callsPerSecond: 100 }))).toEqual({ grant: null, missing: ["attempt-time"] });
    expect(envoyBudgetGrant(budget, context(3, 1, { tryMs: 1000 }))).toEqual({ grant: null, missing: ["rps"] });
    // At P = 0.1 the route asks for 0.1 + 0.01 = 0.11 retries per call, under the 0.25 the percentage allows: no rate needed.
    expect(envoyBudgetGrant(budget, context(3, 0.1, { tryMs: 1000 }))).toEqual({ grant: 1 });
  });
});

// Newer Envoy's retry_budget.budget_interval (envoyproxy/envoy pull request #44147, source/common/upstream/
// resource_manager_impl.h RetryBudgetImpl::max()): with budget_interval > 0, max() is
// max(budget_percent / 100 × requests started in the last budget_interval, min_retry_concurrency), the retries in
// flight still what it limits. Per call at a full outage with 2 retries, no waits and 1 s tries, the window holds
// (1 + Σ) × W of requests: Σ × 1 s ≤ 0.2 × (1 + Σ) × W.
describe("Envoy retry_budget.budget_interval: the requests of the last W in place of the active ones", () => {
  const windowed = (intervalMs: number, rps: number) => {
    const answer = envoyBudgetGrant({ ...budget, budgetIntervalMs: intervalMs }, context(3, 1, { tryMs: 1000, callsPerSecond: rps }));
    return answer.grant === null ? null : callOutcome(3, 1, answer.grant).tries;
  };

  it("W = 2 s lets 2/3 retry per call through (5/3 tries), W = 500 ms 1/9 (10/9), W = 1 s the try's own time: 1.25 as without", () => {
    // Σ ≤ 0.4 (1 + Σ) → 0.6 Σ ≤ 0.4 → Σ = 2/3.
    expect(windowed(2000, 1000)).toBeCloseTo(5 / 3, 12);
    // Σ ≤ 0.1 (1 + Σ) → 0.9 Σ ≤ 0.1 → Σ = 1/9.
    expect(windowed(500, 1000)).toBeCloseTo(10 / 9, 12);
    expect(windowed(1000, 1000)).toBeCloseTo(1.25, 12);
    // 0 is Envoy's default: the active requests, as with no interval.
    expect(windowed(0, 1000)).toBeCloseTo(1.25, 12);
  });

  it("a window of 10 s (GEP-3388's default) lets every retry of a 3-try route through at a full outage", () => {
    // Σ ≤ 2 (1 + Σ) holds for every Σ: the 2 retries go ahead, 3 tries a call.
    expect(windowed(10_000, 1000)).toBe(3);
  });

  it("min_retry_concurrency stays the floor: at 10 rps and W = 500 ms, 3 / (10 × 1 s) = 0.3 retry per call, above the window's 1/9", () => {
    expect(windowed(500, 10)).toBeCloseTo(1.3, 12);
  });
});
