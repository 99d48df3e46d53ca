import { describe, expect, it } from "vitest";
import { steadyState } from "../../../src/core/chain/steady-state.js";
import { chainVerdicts } from "../../../src/core/chain/verdicts.js";
import type { ChainLayer } from "../../../src/core/chain/layer.js";
import { layer, withBudget } from "../../support/chain.js";

const verdicts = (layers: ChainLayer[], failureRate = 1) => chainVerdicts(layers, steadyState(layers, { failureRate, rps: 100, attemptMs: 100 }));

describe("chainVerdicts", () => {
  it("more than one layer retries: the Builders' Library's single retry point is missed", () => {
    expect(verdicts([layer(2), layer(0), layer(1)])).toEqual([{ kind: "stacked-retries", layers: [0, 2] }]);
  });

  it("one layer retries, or none", () => {
    expect(verdicts([layer(0), layer(3)])).toEqual([{ kind: "single-retry-point", layer: 1 }]);
    expect(verdicts([layer(0), layer(0)])).toEqual([{ kind: "no-retries" }]);
  });

  it("names the budget that cuts its own layer the most", () => {
    // Full outage. Layer 0: 10% → 1.1 of 3 tries (cut to 0.367); layer 1: the AWS quota → 1 of 3 (0.333).
    expect(verdicts([withBudget(2, { kind: "ratio", percent: 10 }), withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 })])).toEqual([
      { kind: "stacked-retries", layers: [0, 1] },
      { kind: "budget-binds", layer: 1, triesWithout: 3, triesWith: 1 },
    ]);
  });

  it("says so when budgets are set and none binds at the failure rate", () => {
    // P = 0.01: 0.01 + 0.0001 retries per call, under 10%.
    expect(verdicts([withBudget(2, { kind: "ratio", percent: 10 })], 0.01)).toEqual([{ kind: "single-retry-point", layer: 0 }, { kind: "no-budget-binds" }]);
  });
});
