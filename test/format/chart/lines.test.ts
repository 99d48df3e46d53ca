import { describe, expect, it } from "vitest";
import { chartLines, deadlineBoundary, isJittered } from "../../../src/format/chart/lines.js";
import { doublingRows, row } from "../../support/rows.js";

describe("isJittered", () => {
  it("a row whose delay is a range", () => {
    expect(isJittered({ minMs: 0, maxMs: 1000 })).toBe(true);
    expect(isJittered({ minMs: 1000, maxMs: 1000 })).toBe(false);
  });
});

describe("chartLines", () => {
  it("one line per attempt while they fit", () => {
    // Doubling from 1 s capped at 4 s: 1, 2, 4 and 4 s (8 s raw, capped); linear 1, 2, 3, 4 s.
    expect(chartLines(doublingRows(4, 4000), 10)).toEqual({
      groupSize: 1,
      lines: [
        { first: 1, last: 1, delayMs: 1000, linearMs: 1000, minMs: 1000, maxMs: 1000, clamped: false },
        { first: 2, last: 2, delayMs: 2000, linearMs: 2000, minMs: 2000, maxMs: 2000, clamped: false },
        { first: 3, last: 3, delayMs: 4000, linearMs: 3000, minMs: 4000, maxMs: 4000, clamped: false },
        { first: 4, last: 4, delayMs: 4000, linearMs: 4000, minMs: 4000, maxMs: 4000, clamped: true },
      ],
    });
  });

  it("groups of ⌈rows / lines⌉ attempts, the last shorter: each the longest delay and linear delay, any capped", () => {
    // 5 rows in at most 2 lines: groups of 3 (attempts 1–3) and 2 (4–5).
    expect(chartLines(doublingRows(5, 4000), 2)).toEqual({
      groupSize: 3,
      lines: [
        { first: 1, last: 3, delayMs: 4000, linearMs: 3000, minMs: 4000, maxMs: 4000, clamped: false },
        { first: 4, last: 5, delayMs: 4000, linearMs: 4000, minMs: 4000, maxMs: 4000, clamped: true },
      ],
    });
  });

  it("keeps a group's widest jitter range; without jitter a group is its longest delay, not a band", () => {
    const rows = [row(1, 1000, { minMs: 500, maxMs: 1000 }), row(2, 2000, { minMs: 1000, maxMs: 2000 })];
    expect(chartLines(rows, 1).lines).toEqual([{ first: 1, last: 2, delayMs: 2000, linearMs: 2000, minMs: 500, maxMs: 2000, clamped: false }]);
    expect(chartLines([row(1, 1000), row(2, 3000)], 1).lines).toEqual([{ first: 1, last: 2, delayMs: 3000, linearMs: 3000, minMs: 3000, maxMs: 3000, clamped: false }]);
  });

  it("no rows, no lines; a limit below 1 is taken as 1", () => {
    expect(chartLines([], 5)).toEqual({ lines: [], groupSize: 1 });
    expect(chartLines(doublingRows(3, null), 0).groupSize).toBe(3);
  });
});

describe("deadlineBoundary", () => {
  const timing = (attempt: number, fires: "yes" | "in some runs" | "no", madeSome = true) => ({
    attempt, startMs: 0, startMinMs: 0, startMaxMs: 0, startMeanMs: null, fires, cutShortSome: false, madeSome, madeAll: madeSome,
  });
  const rows = (verdicts: readonly ("yes" | "in some runs" | "no")[], madeSome = true) => verdicts.map((fires, index) => row(index + 1, 1000, { timing: timing(index + 1, fires, madeSome) }));

  it("the first row no run starts by the deadline, with the deadline", () => {
    expect(deadlineBoundary(rows(["yes", "in some runs", "no", "no"]), 5000)).toEqual({ attempt: 3, deadlineMs: 5000 });
    expect(deadlineBoundary(rows(["no", "no"]), 5000)).toEqual({ attempt: 1, deadlineMs: 5000 });
  });

  it("none without a deadline, when every row may fire, or when the library's own limit declines the retry", () => {
    expect(deadlineBoundary(rows(["yes", "no"]), null)).toBeNull();
    expect(deadlineBoundary(rows(["yes", "in some runs"]), 5000)).toBeNull();
    expect(deadlineBoundary(rows(["yes", "no"], false), 5000)).toBeNull();
    expect(deadlineBoundary([row(1, 1000)], 5000)).toBeNull();
  });
});
