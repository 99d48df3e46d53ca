import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { callsText, chainRows } from "../../src/format/chain.js";
import { layer, withBudget } from "../support/chain.js";

describe("callsText", () => {
  it("groups whole numbers, keeps 4 significant digits otherwise (trailing zeros too)", () => {
    expect([callsText(243n), callsText(2n ** 40n), callsText(1.99609375), callsText(1.99999998), callsText(1.25), callsText(12345.6)]).toEqual([
      "243",
      "1,099,511,627,776",
      "1.996",
      "2.000",
      "1.250",
      "12,346",
    ]);
  });
});

describe("the chain's rows", () => {
  const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });

  it("one row per layer and a total: the bottom's calls, the top's give-up time", () => {
    // No waits: bottom 2 tries × 10 ms = 20 ms; top 3 × 20 ms = 60 ms. Calls 3 and 3 × 2 = 6;
    // with the quota refusing every retry in steady state, 1 and 1 × 2 = 2.
    const rows = chainRows(report);
    expect(rows.map((row) => [row.layer, row.worstCaseCalls, row.limitedCalls, row.giveUp.nominalMs])).toEqual([
      ["1", 3n, 1, 60],
      ["2", 6n, 2, 20],
      ["total", 6n, 2, 60],
    ]);
  });
});
