/**
 * The chain's multipliers, with random chains (fast-check, fixed seed): a layer that gains a
 * retry never lowers any figure, and a budget never raises one, at any failure rate.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RetryBudget } from "../../src/core/chain/budgets/budget.js";
import { expectedChain } from "../../src/core/chain/expected.js";
import type { ChainLayer } from "../../src/core/chain/layer.js";
import { steadyState } from "../../src/core/chain/steady-state.js";
import { worstCaseCalls } from "../../src/core/chain/worst-case.js";
import { fixedWaits, layer } from "../support/chain.js";

const SETTINGS = { seed: 26, numRuns: 300 };
/** Floating-point sums and products may differ in the last bits when the order of the terms changes, never by more. */
const RELATIVE = 1e-9;

const triesList = fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 5 });
const failureRate = fc.oneof(fc.constant(1), fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true }));

const budgetArb: fc.Arbitrary<RetryBudget | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 0, max: 100 }).map((percent): RetryBudget => ({ kind: "ratio", percent })),
  fc.record({ budgetPercent: fc.integer({ min: 0, max: 100 }), minRetryConcurrency: fc.integer({ min: 0, max: 10 }) }).map((b): RetryBudget => ({ kind: "envoy-budget", ...b })),
  fc.integer({ min: 0, max: 10 }).map((maxRetries): RetryBudget => ({ kind: "envoy-max-retries", maxRetries })),
  fc.record({ maxTokens: fc.integer({ min: 1, max: 1000 }), tokenRatio: fc.integer({ min: 1, max: 1000 }).map((n) => n / 1000) }).map((b): RetryBudget => ({ kind: "grpc-throttling", ...b })),
  fc.constantFrom(5, 10, 14).map((cost): RetryBudget => ({ kind: "aws-quota", tokens: 500, cost })),
  fc.record({ percentCanRetry: fc.integer({ min: 0, max: 100 }).map((n) => n / 100), minRetriesPerSec: fc.integer({ min: 0, max: 20 }) }).map((b): RetryBudget => ({ kind: "finagle", ttlSeconds: 10, ...b })),
);

const chainArb = fc.array(fc.record({ retries: fc.integer({ min: 0, max: 6 }), budget: budgetArb, wait: fc.integer({ min: 1, max: 2000 }) }), { minLength: 1, maxLength: 4 }).map((specs) =>
  specs.map((spec): ChainLayer => layer(spec.retries, { budget: spec.budget, model: fixedWaits(spec.wait) })),
);

const atMost = (value: number, bound: number) => value <= bound * (1 + RELATIVE);

describe("a layer that gains a retry never lowers the multiplier", () => {
  it("worst case: every layer's calls stay or grow", () => {
    fc.assert(
      fc.property(triesList, fc.nat(), (tries, which) => {
        const k = which % tries.length;
        const more = tries.map((count, i) => (i === k ? count + 1 : count));
        const before = worstCaseCalls(tries);
        const after = worstCaseCalls(more);
        return before.every((calls, i) => after[i]! >= calls);
      }),
      SETTINGS,
    );
  });

  it("expected at any failure rate: the calls reaching the backend stay or grow", () => {
    fc.assert(
      fc.property(triesList, fc.nat(), failureRate, (tries, which, p) => {
        const k = which % tries.length;
        const more = tries.map((count, i) => (i === k ? count + 1 : count));
        return atMost(expectedChain(tries, p).at(-1)!.callsSent, expectedChain(more, p).at(-1)!.callsSent);
      }),
      SETTINGS,
    );
  });
});

describe("a budget never raises the multiplier", () => {
  it("at any failure rate, rate and attempt time, the backend gets no more calls than without the budgets (and at a full outage no layer does)", () => {
    fc.assert(
      fc.property(chainArb, failureRate, fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 5000 }), (layers, p, rps, attemptMs) => {
        const state = steadyState(layers, { failureRate: p, rps, attemptMs });
        expect(state.kind).toBe("solved");
        if (state.kind !== "solved") return;
        const without = expectedChain(
          layers.map((one) => one.retries + 1),
          p,
        );
        expect(atMost(state.layers.at(-1)!.callsSent, without.at(-1)!.callsSent)).toBe(true);
        if (p === 1) state.layers.forEach((one, i) => expect(atMost(one.callsSent, without[i]!.callsSent)).toBe(true));
      }),
      SETTINGS,
    );
  });
});
