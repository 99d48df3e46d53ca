import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { chainSummaryLines } from "../../src/format/chain-text.js";
import { fixedWaits, layer, withBudget } from "../support/chain.js";

describe("the sentences under the chain's table", () => {
  const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });

  it("say the units, the budgets in words and when the top gives up", () => {
    // 3 × 2 = 6 calls; a full bucket: 500 / 5 = 100 retries; the top: 3 × (2 × 10 ms) = 60 ms.
    const lines = chainSummaryLines(report);
    expect(lines[0]).toBe("6 calls reach the backend for each call at the top when every call fails: 3 × 2 tries.");
    expect(lines[1]).toBe("Counted in tries, 1 + retries: a layer that retries 2 times makes 3 tries.");
    expect(lines).toContain("Layer 1: AWS SDK retry quota (500 tokens, 5 a retry): a full bucket allows 100 retries at a full outage; in steady state it lets 0% of the retries through.");
    // The quota refuses every retry in steady state: a call at the top makes 1 try of the layer below, 2 × 10 ms.
    expect(lines).toContain("When every retry goes ahead the top gives up after 60 ms; with the budgets, in steady state, a call at the top gives up after 20 ms on average.");
  });

  it("a budget that lets no retry through: 1 call (singular), and the give-up time with the budget beside the one without", () => {
    // chain fixed:attempts=2@grpc:max-tokens=10,token-ratio=0.1 --attempt-time 100ms: 3 tries of 100 ms and two 1 s waits
    // when every retry goes ahead (2.3 s); gRPC throttling at a full outage refuses every retry in steady state
    // (tokens fall below maxTokens / 2 and a failure takes a token where a success gives back 0.1), so 1 try of 100 ms.
    const grpc = analyseChain([withBudget(2, { kind: "grpc-throttling", maxTokens: 10, tokenRatio: 0.1 }, { model: fixedWaits(1000) })], { failureRate: 1, rps: null, attemptMs: 100 });
    const lines = chainSummaryLines(grpc);
    expect(lines).toContain("With the budgets, in steady state: 1 call at the backend.");
    expect(lines).toContain("When every retry goes ahead the top gives up after 2.3 s; with the budgets, in steady state, a call at the top gives up after 100 ms on average.");
    expect(lines.some((line) => line.includes("1 calls"))).toBe(false);
  });

  it("without a budget that refuses anything, one give-up time", () => {
    const plain = analyseChain([layer(2, { model: fixedWaits(1000) })], { failureRate: 1, rps: null, attemptMs: 100 });
    expect(chainSummaryLines(plain)).toContain("The top gives up after 2.3 s.");
  });
});
