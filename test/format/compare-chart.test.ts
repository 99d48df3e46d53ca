import { describe, expect, it } from "vitest";
import { type ComparedPolicy, comparedRows } from "../../src/core/compare.js";
import { alignedGroups, policyLetter, renderCompareChart } from "../../src/format/compare-chart.js";
import { DOUBLING, FIXED, JITTERED, compared } from "../support/compared.js";

// The compare chart in a terminal: fixed 2 s and doubling from 1 s (cap 10 s), attempts 1..3.

const charted = (policies: readonly ComparedPolicy[]) => policies.map((policy) => ({ name: policy.name, rows: Array.from(comparedRows(policy)), capMs: policy.model.capMs }));
const DOUBLING_5 = compared("exponential:cap=10s", { baseMs: 1000, capMs: 10_000 }, { first: 1, last: 5 }, { kind: "count", retries: 5, words: null });

describe("policyLetter", () => {
  it("A to Z, then A2 to Z2, A3 …", () => {
    expect([0, 1, 25, 26, 51, 52].map(policyLetter)).toEqual(["A", "B", "Z", "A2", "Z2", "A3"]);
  });
});

describe("alignedGroups", () => {
  it("one group per attempt when they fit", () => {
    expect(alignedGroups(charted([FIXED, DOUBLING]), 10)).toEqual({
      first: 1,
      last: 3,
      size: 1,
      groups: [
        [{ delayMs: 2000, minMs: 2000, maxMs: 2000, clamped: false }, { delayMs: 1000, minMs: 1000, maxMs: 1000, clamped: false }],
        [{ delayMs: 2000, minMs: 2000, maxMs: 2000, clamped: false }, { delayMs: 2000, minMs: 2000, maxMs: 2000, clamped: false }],
        [{ delayMs: 2000, minMs: 2000, maxMs: 2000, clamped: false }, { delayMs: 4000, minMs: 4000, maxMs: 4000, clamped: false }],
      ],
    });
  });

  it("groups of the same size for every policy: the longest delay, any capped; null where a policy has given up", () => {
    // Attempts 1..5 in 2 groups: 3 attempts each (the last group shorter).
    expect(alignedGroups(charted([FIXED, DOUBLING_5]), 2)).toEqual({
      first: 1,
      last: 5,
      size: 3,
      groups: [
        [{ delayMs: 2000, minMs: 2000, maxMs: 2000, clamped: false }, { delayMs: 4000, minMs: 4000, maxMs: 4000, clamped: false }],
        // Doubling's 8 s and 10 s (capped: 16 s raw).
        [null, { delayMs: 10_000, minMs: 10_000, maxMs: 10_000, clamped: true }],
      ],
    });
  });

  it("a jittered group spans its widest range", () => {
    // Full jitter from 1 s: attempts 1 and 2 draw from [0, 1 s] and [0, 2 s].
    expect(alignedGroups(charted([JITTERED]), 1).groups).toEqual([[{ delayMs: 2000, minMs: 0, maxMs: 2000, clamped: false }]]);
  });
});

describe("renderCompareChart", () => {
  it("a line per policy and attempt, marked by letter; the cap as a mark on its policy's lines; axis, names and legend under it", () => {
    // 40 columns: "1 A " leads (4), the values take 4 ("2 s" and a space), the bars 32; on 0 to 10 s a cell is
    // 312.5 ms: 1 s is 3 cells, 2 s 6, 4 s 13; the cap at the last cell; ticks every 5 s (4 intervals of 2 s would not hold 10 s).
    expect(renderCompareChart(charted([FIXED, DOUBLING]), { scale: "linear", width: 40, ascii: false }).split("\n")).toEqual([
      "Scale: linear (1 s to 10 s).",
      "1 A ██████                           2 s",
      "  B ███                            ┃ 1 s",
      "2 A ██████                           2 s",
      "  B ██████                         ┃ 2 s",
      "3 A ██████                           2 s",
      "  B █████████████                  ┃ 4 s",
      "    ┬──────────────┬───────────────┬",
      "    0              5 s             10 s",
      "A fixed:base=2s  B exponential:cap=10s",
      "█ delay  ┃ the policy's cap",
      "",
    ]);
  });

  it("without a --scale the note says why this one and how to change it", () => {
    expect(renderCompareChart(charted([FIXED, DOUBLING]), { scale: null, width: 80, ascii: false }).split("\n")[0]).toBe("Scale: linear (1 s to 10 s, within 100×; --scale log to change).");
  });

  it("ASCII glyphs, groups named by their attempts, a capped group marked", () => {
    // Groups 1..3 and 4..5; the values column takes "10 s ^" (6), the bars 40 − 7 − 7 = 26 cells of
    // 10 s / 26: 2 s is 5 cells, 4 s 10, 10 s all 26 (the cap's mark in the last).
    expect(renderCompareChart(charted([FIXED, DOUBLING_5]), { scale: "linear", width: 40, ascii: true, maxLines: 4 }).split("\n")).toEqual([
      "Scale: linear (2 s to 10 s).",
      "Attempts in groups of 3: each line shows",
      "its group's longest delay.",
      "1..3 A #####                      2 s",
      "     B ##########               | 4 s",
      "4..5 A                            –",
      "     B #########################| 10 s ^",
      "       +-----------+------------+",
      "       0           5 s          10 s",
      "A fixed:base=2s  B exponential:cap=10s",
      "# delay  | the policy's cap  ^ capped",
      "",
    ]);
  });
});
