import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { callsText, chainRows, renderChainDelimited } from "../../src/format/chain.js";
import { budgetText } from "../../src/format/chain-budget.js";
import { renderChainMarkdown } from "../../src/format/chain-markdown.js";
import { chainSummaryLines } from "../../src/format/chain-text.js";
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

describe("the chain's rows and texts", () => {
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
    expect(renderChainDelimited(report, "\t").split("\n")[1]).toBe("1\tlayer of 3 tries\t3\t2\t3\t3\taws 500/5\t1\t100\t\t60\t60\t60");
  });

  it("says the units and the budgets in words", () => {
    expect(budgetText({ kind: "aws-quota", tokens: 500, cost: 5 })).toBe("AWS SDK retry quota (500 tokens, 5 a retry)");
    const lines = chainSummaryLines(report);
    expect(lines[0]).toBe("6 calls reach the backend for each call at the top when every call fails: 3 × 2 tries.");
    expect(lines).toContain("Layer 1: AWS SDK retry quota (500 tokens, 5 a retry): a full bucket allows 100 retries at a full outage; in steady state it lets 0% of the retries through.");
    expect(lines).toContain("The top gives up after 60 ms.");
  });

  it("Markdown: a GitHub table with the total row, then the summary", () => {
    const text = renderChainMarkdown(report);
    expect(text.split("\n").slice(0, 5)).toEqual([
      "| layer | policy | tries | retries | calls | expected | budget | budgeted | gives up after |",
      "|:---|:---|---:|---:|---:|---:|:---|---:|---:|",
      "| 1 | layer of 3 tries | 3 | 2 | 3 | 3 | aws 500/5 | 1 | 60 ms |",
      "| 2 | layer of 2 tries | 2 | 1 | 6 | 6 |  | 2 | 20 ms |",
      "| total |  |  |  | 6 | 6 |  | 2 | 60 ms |",
    ]);
  });
});
