import { describe, expect, it } from "vitest";
import { analyseChain } from "../../../../src/core/chain/chain.js";
import { renderer } from "../../../../src/format/formats/chain/table.js";
import { layer, withBudget } from "../../../support/chain.js";
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

// An AWS quota at cost 5 over a layer without budget, every call failing, tries of 10 ms, no
// waits: calls 3 and 3 × 2 = 6; the quota refuses every retry in steady state (nothing
// succeeds to refill it), so 1 and 1 × 2 = 2 budgeted. Give-up: 2 × 10 ms = 20 ms, 3 × 20 = 60 ms.
const budgeted = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }, { name: "sdk" }), layer(1, { name: "app" })], { failureRate: 1, rps: null, attemptMs: 10 });
const table = async (width: number | null) => (await renderedText(renderer.render({ report: budgeted }, plainContext(width)))).split("\n");

describe("the chain's table with budgets, fitted to a width", () => {
  it("the budget and budgeted columns when a layer has a budget, – for a layer without; no expected column at a full outage", async () => {
    const lines = await table(120);
    expect(lines[1]).toBe("│ layer │ policy │ tries │ retries │ calls │ budget    │ budgeted │ gives up after │");
    expect(lines[3]).toBe("│     1 │ sdk    │     3 │       2 │     3 │ aws 500/5 │        1 │          60 ms │");
    expect(lines[4]).toBe("│     2 │ app    │     2 │       1 │     6 │ –         │        2 │          20 ms │");
  });

  it("fitted: short heads, then the budget column goes first (drop 1), then retries and the give-up time, said under the table", async () => {
    // Short heads: a row is 1 + Σ (width + 3): # 4, policy 9, tries 8, retr. 8, calls 8,
    // budgeted 11, gives up 11 = 60, and budget ("aws 500/5") would add 12: at 60 it goes alone.
    const sixty = await table(60);
    expect(sixty[1]).toBe("│ # │ policy │ tries │ retr. │ calls │ budgeted │ gives up │");
    expect([...sixty[0]!].length).toBe(60);
    expect(sixty).toContain("Left out to fit 60 columns: budget.");
    // At 48: without retries 52 is still too wide; without the give-up time too, 41.
    const narrow = await table(48);
    expect(narrow[1]).toBe("│ # │ policy │ tries │ calls │ budgeted │");
    // The note is fitted to the table's width too.
    expect(narrow.join("\n")).toContain("Left out to fit 48 columns: retries, budget,\ngives up after.");
    for (const line of narrow.slice(0, 6)) expect([...line].length, line).toBeLessThanOrEqual(48);
  });

  it("no width (a pipe, a file): every column with its full head, nothing left out (issue 39, item 5)", async () => {
    const lines = await table(null);
    expect(lines[1]).toBe("│ layer │ policy │ tries │ retries │ calls │ budget    │ budgeted │ gives up after │");
    expect(lines.join("\n")).not.toContain("Left out");
  });
});
