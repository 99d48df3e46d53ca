import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/markdown.js";
import { analyseChain } from "../../../../src/core/chain/chain.js";
import { layer, withBudget } from "../../../support/chain.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as Markdown", () => {
  it("a GitHub table (no budget columns without budgets), a total row, the summary lines with hard breaks", async () => {
    const lines = (await renderedText(renderer.render({ report: HALF_REPORT }, plainContext()))).split("\n");
    expect(lines.slice(0, 6)).toEqual([
      "| layer | policy | tries | retries | calls | expected | gives up after |",
      "|:---|:---|---:|---:|---:|---:|---:|",
      "| 1 | top | 3 | 2 | 3 | 1.141 | 90 ms |",
      "| 2 | bottom | 3 | 2 | 9 | 1.996 | 30 ms |",
      "| total |  |  |  | 9 | 1.996 | 90 ms |",
      "",
    ]);
    expect(lines[6]).toBe("9 calls reach the backend for each call at the top when every call fails: 3 × 3 tries.  ");
    expect(lines).toContain("At a failure rate of 50% (each try at the bottom failing on its own): 1.996 calls expected at the backend.  ");
    expect(lines.at(-2)).toBe("More than one layer retries (layers 1, 2): the AWS Builders' Library advises retrying at a single point in the stack.");
  });

  it("with a budget: its column and the budgeted calls; a GitHub table with the total row, then the summary", async () => {
    const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });
    // Calls 3 and 3 × 2 = 6; budgeted 1 and 2 (the quota grants nothing at a full outage); 60 and 20 ms.
    expect((await renderedText(renderer.render({ report }, plainContext()))).split("\n").slice(0, 5)).toEqual([
      "| layer | policy | tries | retries | calls | expected | budget | budgeted | gives up after |",
      "|:---|:---|---:|---:|---:|---:|:---|---:|---:|",
      "| 1 | layer of 3 tries | 3 | 2 | 3 | 3 | aws 500/5 | 1 | 60 ms |",
      "| 2 | layer of 2 tries | 2 | 1 | 6 | 6 |  | 2 | 20 ms |",
      "| total |  |  |  | 6 | 6 |  | 2 | 60 ms |",
    ]);
  });
});
