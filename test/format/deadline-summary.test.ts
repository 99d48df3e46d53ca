import { describe, expect, it } from "vitest";
import type { DeadlineSummary } from "../../src/core/deadline/summary.js";
import { compareDeadlineLines, deadlineSummaryLines } from "../../src/format/deadline-summary.js";

const summary = (partial: Partial<DeadlineSummary>): DeadlineSummary => ({
  retries: 3,
  neverFrom: null,
  neverBy: null,
  lastInEveryRun: 3,
  lastInSomeRun: 3,
  cutShort: null,
  firstTryCutShort: false,
  giveUp: { plainMs: 2000, minMs: 2000, maxMs: 2000, meanMs: 2000 },
  ...partial,
});
const context = { attemptTimeMs: 1000, deadlineMs: 2000, stopText: null, lastShown: 3 };

describe("deadlineSummaryLines", () => {
  it("the issue's sentence for the Istio route", () => {
    const lines = deadlineSummaryLines(summary({ neverFrom: 2, neverBy: "deadline", lastInEveryRun: 1, lastInSomeRun: 1, cutShort: { first: 1, last: 1 } }), context);
    expect(lines).toEqual([
      "Each try runs up to 1 s before it fails: retry a starts at a × 1 s plus the waits before it.",
      "Retries 2–3 can never fire: the deadline (2 s) ends first; the last retry that fires is 1, giving up at 2 s.",
      "The deadline cuts retry 1 short wherever it starts after 1 s: a try started then cannot end by 2 s.",
    ]);
  });

  it("compare says the try time once and each policy's verdict after its name", () => {
    const lines = compareDeadlineLines([
      { name: "a", summary: summary({ neverFrom: 3, neverBy: "deadline", lastInEveryRun: 2, lastInSomeRun: 2 }), context },
      { name: "b", summary: summary({}), context },
    ]);
    expect(lines).toEqual([
      "Each try runs up to 1 s before it fails: retry a starts at a × 1 s plus the waits before it.",
      "a: retry 3 can never fire: the deadline (2 s) ends first; the last retry that fires is 2, giving up at 2 s.",
      "b: every retry (3) fires before the deadline (2 s); giving up at 2 s.",
    ]);
  });
});
