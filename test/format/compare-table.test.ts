import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { type ComparedPolicy, compareByAttempt, givesUpAt } from "../../src/core/compare.js";
import { renderCompareTable, wrapName } from "../../src/format/compare-table.js";
import { DOUBLING, FIXED, JITTERED, compared } from "../support/compared.js";

// The compare table from the policies of test/support/compared.ts: fixed 2 s (attempts 1..3,
// 3 retries), doubling from 1 s capped at 10 s, full jitter from 1 s. A policy's group is its
// columns plus " │ " between them (delay 5 + total wait 10 + 3 = 18 at the least).

const plain = new Chalk({ level: 0 });

const columnsOf = (policies: readonly ComparedPolicy[]) =>
  policies.map((policy) => ({ name: policy.name, jittered: policy.model.jittered, givesUpAt: givesUpAt(policy), last: policy.range?.last ?? 0 }));

function table(policies: readonly ComparedPolicy[], summary: readonly string[], width = Infinity, fit = false): string[] {
  return [...renderCompareTable(columnsOf(policies), () => compareByAttempt(policies), () => summary, { width, paint: plain, fit })].join("").split("\n");
}

/** Doubling from 1 s, attempts 1..5: 1, 2, 4, 8 s and the cap, 10 s, at the fifth. */
const DOUBLING_5 = compared("exponential:cap=10s", { baseMs: 1000, capMs: 10_000 }, { first: 1, last: 5 }, { kind: "count", retries: 5, words: null });

describe("wrapName", () => {
  it("breaks a SPEC after its own separators, cuts what has none, keeps at most four lines", () => {
    expect(wrapName("exponential:cap=10s", 18)).toEqual(["exponential:", "cap=10s"]);
    expect(wrapName("fixed:base=5s,attempts=6", 16)).toEqual(["fixed:base=5s,", "attempts=6"]);
    expect(wrapName("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrapName("abcdefghijklmnopqrst", 4)).toEqual(["abcd", "efgh", "ijkl", "mno…"]);
  });
});

describe("renderCompareTable in a pipe: every policy side by side", () => {
  it("each policy's name over its delay and total wait; a name wider than its columns wraps after ':'", () => {
    expect(table([FIXED, DOUBLING], ["One line."])).toEqual([
      "┌─────────┬────────────────────┬────────────────────┐",
      "│         │ fixed:base=2s      │ exponential:       │",
      "│         │                    │ cap=10s            │",
      "│         ├───────┬────────────┼───────┬────────────┤",
      "│ attempt │ delay │ total wait │ delay │ total wait │",
      "├─────────┼───────┼────────────┼───────┼────────────┤",
      "│       1 │ 2 s   │ 2 s        │ 1 s   │ 1 s        │",
      "│       2 │ 2 s   │ 4 s        │ 2 s   │ 3 s        │",
      "│       3 │ 2 s   │ 6 s        │ 4 s   │ 7 s        │",
      "└─────────┴───────┴────────────┴───────┴────────────┘",
      "One line.",
      "",
    ]);
  });

  it("'gave up' in the row of the first retry a policy does not make; a capped delay marked ⤒ and the mark explained", () => {
    expect(table([FIXED, DOUBLING_5], [])).toEqual([
      "┌─────────┬──────────────────────┬─────────────────────┐",
      "│         │ fixed:base=2s        │ exponential:cap=10s │",
      "│         ├─────────┬────────────┼────────┬────────────┤",
      "│ attempt │ delay   │ total wait │ delay  │ total wait │",
      "├─────────┼─────────┼────────────┼────────┼────────────┤",
      "│       1 │ 2 s     │ 2 s        │ 1 s    │ 1 s        │",
      "│       2 │ 2 s     │ 4 s        │ 2 s    │ 3 s        │",
      "│       3 │ 2 s     │ 6 s        │ 4 s    │ 7 s        │",
      "│       4 │ gave up │            │ 8 s    │ 15 s       │",
      "│       5 │         │            │ 10 s ⤒ │ 25 s       │",
      "└─────────┴─────────┴────────────┴────────┴────────────┘",
      "⤒ capped: the delay is the cap.",
      "",
    ]);
  });

  it("a jittered policy's delays and totals are their ranges, best to worst case", () => {
    expect(table([JITTERED], [])).toEqual([
      "┌─────────┬─────────────────────────┐",
      "│         │ full-jitter             │",
      "│         ├────────────┬────────────┤",
      "│ attempt │ delay      │ total wait │",
      "├─────────┼────────────┼────────────┤",
      "│       1 │ 0 ms – 1 s │ 0 ms – 1 s │",
      "│       2 │ 0 ms – 2 s │ 0 ms – 3 s │",
      "└─────────┴────────────┴────────────┘",
      "",
    ]);
  });
});

describe("renderCompareTable fitted to a terminal", () => {
  it("at 40 columns the second policy goes to a table of its own below, with the attempt column; the summary wraps", () => {
    // Each table is 1 + 10 + 21 = 32 columns; both side by side 53.
    expect(table([FIXED, DOUBLING], ["exponential:cap=10s gives up after 5 retries; the rows end at attempt 3."], 40, true)).toEqual([
      "┌─────────┬────────────────────┐",
      "│         │ fixed:base=2s      │",
      "│         ├───────┬────────────┤",
      "│ attempt │ delay │ total wait │",
      "├─────────┼───────┼────────────┤",
      "│       1 │ 2 s   │ 2 s        │",
      "│       2 │ 2 s   │ 4 s        │",
      "│       3 │ 2 s   │ 6 s        │",
      "└─────────┴───────┴────────────┘",
      "",
      "┌─────────┬────────────────────┐",
      "│         │ exponential:       │",
      "│         │ cap=10s            │",
      "│         ├───────┬────────────┤",
      "│ attempt │ delay │ total wait │",
      "├─────────┼───────┼────────────┤",
      "│       1 │ 1 s   │ 1 s        │",
      "│       2 │ 2 s   │ 3 s        │",
      "│       3 │ 4 s   │ 7 s        │",
      "└─────────┴───────┴────────────┘",
      "exponential:cap=10s gives up after 5",
      "retries; the rows end at attempt 3.",
      "",
    ]);
  });

  it("too narrow for one policy beside the attempt column: a block per attempt, names and values wrapped", () => {
    const one = compared("exponential:cap=10s", { baseMs: 1000, capMs: 1000 }, { first: 1, last: 2 }, { kind: "count", retries: 2, words: null });
    // Capped at its base: 1 s, then 1 s ⤒ (2 s raw).
    expect(table([FIXED, one], ["exponential:cap=10s gives up after 5 retries."], 20, true)).toEqual([
      "attempt 1",
      "  fixed:base=2s",
      "    delay  2 s",
      "    total  2 s",
      "  exponential:",
      "  cap=10s",
      "    delay  1 s",
      "    total  1 s",
      "attempt 2",
      "  fixed:base=2s",
      "    delay  2 s",
      "    total  4 s",
      "  exponential:",
      "  cap=10s",
      "    delay  1 s ⤒",
      "    total  2 s",
      "attempt 3",
      "  fixed:base=2s",
      "    delay  2 s",
      "    total  6 s",
      "⤒ capped: the delay",
      "  is the cap.",
      "exponential:cap=10s",
      "gives up after 5",
      "retries.",
      "",
    ]);
  });
});

describe("colour", () => {
  it("a capped delay in yellow, the borders grey, the headers bold cyan", () => {
    const paint = new Chalk({ level: 1 });
    const text = [...renderCompareTable(columnsOf([DOUBLING_5]), () => compareByAttempt([DOUBLING_5]), () => [], { width: Infinity, paint })].join("");
    expect(text).toContain(paint.yellow("10 s ⤒"));
    expect(text).toContain(paint.grey("├─────────┼────────┼────────────┤"));
    expect(text).toContain(paint.bold.cyan("delay"));
    expect(text).toContain(`${paint.yellow("⤒")} capped: the delay is the cap.`);
  });
});
