import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { renderChainMarkdown } from "../../src/format/chain-markdown.js";
import { layer, withBudget } from "../support/chain.js";

describe("the chain as Markdown", () => {
  const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });

  it("a GitHub table with the total row, then the summary", () => {
    // Calls 3 and 3 × 2 = 6; budgeted 1 and 2 (the quota grants nothing at a full outage); 60 and 20 ms.
    expect(renderChainMarkdown(report).split("\n").slice(0, 5)).toEqual([
      "| layer | policy | tries | retries | calls | expected | budget | budgeted | gives up after |",
      "|:---|:---|---:|---:|---:|---:|:---|---:|---:|",
      "| 1 | layer of 3 tries | 3 | 2 | 3 | 3 | aws 500/5 | 1 | 60 ms |",
      "| 2 | layer of 2 tries | 2 | 1 | 6 | 6 |  | 2 | 20 ms |",
      "| total |  |  |  | 6 | 6 |  | 2 | 60 ms |",
    ]);
  });
});
