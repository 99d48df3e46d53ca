import { describe, expect, it } from "vitest";
import { steadyState } from "../../../src/core/chain/steady-state.js";
import { fixedWaits, layer, withBudget } from "../../support/chain.js";

const solved = (state: ReturnType<typeof steadyState>) => {
  if (state.kind !== "solved") throw new Error(`not solved: ${JSON.stringify(state)}`);
  return state.layers;
};

describe("steadyState: every budget of the chain at once", () => {
  it("without budgets it is the expectation: two layers of 3 tries at P = 0.5 send 1.140625 and 1.99609375", () => {
    const layers = solved(steadyState([layer(2), layer(2)], { failureRate: 0.5, rps: null, attemptMs: null }));
    expect(layers.map((one) => one.callsSent)).toEqual([1.140625, 1.99609375]);
    expect(layers.map((one) => one.grant)).toEqual([1, 1]);
  });

  it("a budget above cuts the rate below: 10% at the top and the AWS quota at the bottom, at a full outage", () => {
    // Bottom: f = 1, the quota lets nothing through in steady state: 1 try per call.
    // Top: 10% of requests: 1.1 tries per call, each a call to the bottom: 1.1 × 1 = 1.1 at the backend.
    const layers = solved(
      steadyState([withBudget(2, { kind: "ratio", percent: 10 }), withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 })], { failureRate: 1, rps: 100, attemptMs: 100 }),
    );
    expect(layers[0]!.callsSent).toBeCloseTo(1.1, 14);
    expect(layers[1]!.callsSent).toBeCloseTo(1.1, 14);
    // The rate entering the bottom is 100 calls/s × 1.1.
    expect(layers[1]!.callsPerSecond).toBeCloseTo(110, 12);
  });

  it("a budget below makes the layer above see more failures: no retries at the bottom (0%) at P = 0.5", () => {
    // Bottom: 1 try, the call fails with 0.5. Top (3 tries, no budget): 1 + 0.5 + 0.25 = 1.75 tries,
    // each one bottom call of 1 try: 1.75 at the backend, under the 1.99609375 without the budget.
    const layers = solved(steadyState([layer(2), withBudget(2, { kind: "ratio", percent: 0 })], { failureRate: 0.5, rps: null, attemptMs: null }));
    expect(layers.map((one) => one.callsSent)).toEqual([1.75, 1.75]);
    expect(layers[0]!.tryFailure).toBe(0.5);
  });

  it("a concurrency budget above sees the layer below's whole sequence as one try", () => {
    // Bottom: 3 tries of 100 ms with 1 s waits, no budget, every try failing: 300 + 2000 = 2300 ms a call.
    // Top: Envoy's budget, its tries 2.3 s long, waits 0: Σ ≤ 0.2 (1 + Σ) → 1.25 tries per call; 3.75 at the backend.
    const layers = solved(
      steadyState([withBudget(2, { kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 0 }), layer(2, { model: fixedWaits(1000) })], { failureRate: 1, rps: 1000, attemptMs: 100 }),
    );
    expect(layers[0]!.tryMs).toBe(2300);
    expect(layers[0]!.triesPerCall).toBeCloseTo(1.25, 12);
    expect(layers[1]!.callsSent).toBeCloseTo(3.75, 12);
  });

  it("says which input a budget needs when it is missing, by layer", () => {
    expect(steadyState([layer(2), withBudget(2, { kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 })], { failureRate: 1, rps: 10, attemptMs: null })).toEqual({
      kind: "missing",
      missing: [{ layer: 1, inputs: ["attempt-time"] }],
    });
  });
});
