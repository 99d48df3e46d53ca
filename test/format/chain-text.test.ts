import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { chainSummaryLines } from "../../src/format/chain-text.js";
import { layer, withBudget } from "../support/chain.js";

describe("the sentences under the chain's table", () => {
  const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });

  it("say the units, the budgets in words and when the top gives up", () => {
    // 3 × 2 = 6 calls; a full bucket: 500 / 5 = 100 retries; the top: 3 × (2 × 10 ms) = 60 ms.
    const lines = chainSummaryLines(report);
    expect(lines[0]).toBe("6 calls reach the backend for each call at the top when every call fails: 3 × 2 tries.");
    expect(lines[1]).toBe("Counted in tries, 1 + retries: a layer that retries 2 times makes 3 tries.");
    expect(lines).toContain("Layer 1: AWS SDK retry quota (500 tokens, 5 a retry): a full bucket allows 100 retries at a full outage; in steady state it lets 0% of the retries through.");
    expect(lines).toContain("The top gives up after 60 ms.");
  });
});
