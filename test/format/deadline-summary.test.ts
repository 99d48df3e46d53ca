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

  it("jitter: the retries that fire in some runs only, and a give-up range", () => {
    const lines = deadlineSummaryLines(summary({ lastInEveryRun: 1, giveUp: { plainMs: 5000, minMs: 4000, maxMs: 5000, meanMs: null } }), { ...context, attemptTimeMs: 0, deadlineMs: 5000 });
    expect(lines).toEqual(["Retries 2–3 fire in some runs only, as the jitter falls: the deadline (5 s) ends the others first; giving up between 4 s and 5 s, as the jitter falls."]);
  });

  it("a library's stop, and a count past the rows shown", () => {
    const lines = deadlineSummaryLines(summary({ retries: 10, neverFrom: 4, neverBy: "stop", lastInEveryRun: 3, lastInSomeRun: 3 }), { ...context, stopText: "p-retry's maxRetryTime (10 s)" });
    expect(lines[1]).toBe("Retries from 4 on can never fire: p-retry's maxRetryTime (10 s) ends them first, the tries' own time counted; the last retry that fires is 3, giving up at 2 s.");
  });

  it("a first try longer than the deadline says so alone", () => {
    const lines = deadlineSummaryLines(summary({ neverFrom: 1, neverBy: "deadline", lastInEveryRun: 0, lastInSomeRun: 0, firstTryCutShort: true }), { ...context, attemptTimeMs: 5000 });
    expect(lines.at(-1)).toBe("The first try alone (5 s) outlasts the deadline (2 s): no retry fires, giving up at 2 s.");
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
