import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { renderChainTable } from "../../src/format/chain-table.js";
import { layer, withBudget } from "../support/chain.js";

// An AWS quota at cost 5 over a layer without budget, every call failing, tries of 10 ms, no
// waits: calls 3 and 3 × 2 = 6; the quota refuses every retry in steady state (nothing
// succeeds to refill it), so 1 and 1 × 2 = 2 budgeted. Give-up: 2 × 10 ms = 20 ms, 3 × 20 = 60 ms.
const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }, { name: "sdk" }), layer(1, { name: "app" })], { failureRate: 1, rps: null, attemptMs: 10 });
const plain = new Chalk({ level: 0 });
const table = (width: number | null) => [...renderChainTable(report, plain, width)].join("").split("\n");

describe("renderChainTable", () => {
  it("the budget and budgeted columns when a layer has a budget, – for a layer without; no expected column at a full outage", () => {
    const lines = table(120);
    expect(lines[1]).toBe("│ layer │ policy │ tries │ retries │ calls │ budget    │ budgeted │ gives up after │");
    expect(lines[3]).toBe("│     1 │ sdk    │     3 │       2 │     3 │ aws 500/5 │        1 │          60 ms │");
    expect(lines[4]).toBe("│     2 │ app    │     2 │       1 │     6 │ –         │        2 │          20 ms │");
  });

  it("fitted: short heads, then the budget column goes first (drop 1), then retries and the give-up time, said under the table", () => {
    // Short heads: a row is 1 + Σ (width + 3): # 4, policy 9, tries 8, retr. 8, calls 8,
    // budgeted 11, gives up 11 = 60, and budget ("aws 500/5") would add 12: at 60 it goes alone.
    const sixty = table(60);
    expect(sixty[1]).toBe("│ # │ policy │ tries │ retr. │ calls │ budgeted │ gives up │");
    expect([...sixty[0]!].length).toBe(60);
    expect(sixty).toContain("Left out to fit 60 columns: budget.");
    // At 48: without retries 52 is still too wide; without the give-up time too, 41.
    const narrow = table(48);
    expect(narrow[1]).toBe("│ # │ policy │ tries │ calls │ budgeted │");
    // The note is fitted to the table's width too.
    expect(narrow.join("\n")).toContain("Left out to fit 48 columns: retries, budget,\ngives up after.");
    for (const line of narrow.slice(0, 6)) expect([...line].length, line).toBeLessThanOrEqual(48);
  });

  it("no width (a pipe, a file): every column with its full head, nothing left out (issue 39, item 5)", () => {
    const lines = table(null);
    expect(lines[1]).toBe("│ layer │ policy │ tries │ retries │ calls │ budget    │ budgeted │ gives up after │");
    expect(lines.join("\n")).not.toContain("Left out");
  });
});
