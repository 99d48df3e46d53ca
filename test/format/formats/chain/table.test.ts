import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/table.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as a table", () => {
  it("a box with a row per layer (expected calls at a failure rate below 1, no budget columns without budgets), the summary under it", async () => {
    const lines = (await renderedText(renderer.render({ report: HALF_REPORT }, plainContext()))).split("\n");
    expect(lines.slice(0, 6)).toEqual([
      "┌───────┬────────┬───────┬─────────┬───────┬──────────┬────────────────┐",
      "│ layer │ policy │ tries │ retries │ calls │ expected │ gives up after │",
      "├───────┼────────┼───────┼─────────┼───────┼──────────┼────────────────┤",
      "│     1 │ top    │     3 │       2 │     3 │    1.141 │          90 ms │",
      "│     2 │ bottom │     3 │       2 │     9 │    1.996 │          30 ms │",
      "└───────┴────────┴───────┴─────────┴───────┴──────────┴────────────────┘",
    ]);
    expect(lines[6]).toBe("9 calls reach the backend for each call at the top when every call fails: 3 × 3 tries.");
  });
});
