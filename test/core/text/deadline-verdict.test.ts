import { describe, expect, it } from "vitest";
import type { DeadlineSummary } from "../../../src/core/deadline/summary.js";
import { deadlineVerdictLines } from "../../../src/core/text/deadline-verdict.js";

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

// The verdict alone (format/deadline-summary.ts puts the try time's line before it under a schedule).
describe("deadlineVerdictLines", () => {
  it("jitter: the retries that fire in some runs only, and a give-up range", () => {
    const lines = deadlineVerdictLines(summary({ lastInEveryRun: 1, giveUp: { plainMs: 5000, minMs: 4000, maxMs: 5000, meanMs: null } }), { ...context, attemptTimeMs: 0, deadlineMs: 5000 });
    expect(lines).toEqual(["Retries 2–3 fire in some runs only, as the jitter falls: the deadline (5 s) ends the others first; giving up between 4 s and 5 s, as the jitter falls."]);
  });

  it("a library's stop, and a count past the rows shown", () => {
    const lines = deadlineVerdictLines(summary({ retries: 10, neverFrom: 4, neverBy: "stop", lastInEveryRun: 3, lastInSomeRun: 3 }), { ...context, stopText: "p-retry's maxRetryTime (10 s)" });
    // The verdict alone: no line about the try time before it.
    expect(lines[0]).toBe("Retries from 4 on can never fire: p-retry's maxRetryTime (10 s) ends them first, the tries' own time counted; the last retry that fires is 3, giving up at 2 s.");
  });

  it("a first try longer than the deadline says so alone", () => {
    const lines = deadlineVerdictLines(summary({ neverFrom: 1, neverBy: "deadline", lastInEveryRun: 0, lastInSomeRun: 0, firstTryCutShort: true }), { ...context, attemptTimeMs: 5000 });
    expect(lines.at(-1)).toBe("The first try alone (5 s) outlasts the deadline (2 s): no retry fires, giving up at 2 s.");
  });
});
