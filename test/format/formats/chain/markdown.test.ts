import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/markdown.js";
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
});
