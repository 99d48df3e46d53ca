/** One retry under the deadline model (src/core/deadline/retry.ts), by hand. */
import { describe, expect, it } from "vitest";
import type { DeadlineInput } from "../../../src/core/deadline/input.js";
import { edgeOf, retryTiming, runAt } from "../../../src/core/deadline/retry.js";
import { fixedModel, tableModel } from "./waits.js";

// 1000 ms waits, tries of 100 ms, a deadline at 5 s, 3 retries.
const fixed: DeadlineInput = { waits: fixedModel(1000), retries: 3, attemptTimeMs: 100, deadlineMs: 5000, stop: null };

describe("runAt and edgeOf", () => {
  it("retry 2 starts at 2 × 100 + 2000; the try before ended at 2 × 100 + 1000", () => {
    expect(runAt(fixed, 0, 2, 1000, 2000)).toEqual({ endBeforeMs: 1200, unclippedMs: 2200, made: true, startMs: 2200 });
    expect(runAt(fixed, 0, 4, 3000, 4000).made).toBe(false); // past the 3 retries
  });

  it("the edge: 0 without a stop; the limit plus a try from the first failure", () => {
    expect(edgeOf(fixed)).toBe(0);
    expect(edgeOf({ ...fixed, stop: { rule: "while", limitMs: 3000, from: "first-failure" } })).toBe(3100);
  });
});

describe("retryTiming", () => {
  it("without jitter or stop: every run starts retry 2 at 2200 and its try ends by the deadline", () => {
    const sums = (ms: number) => ({ plainMs: ms, lowMs: ms, highMs: ms });
    expect(retryTiming(fixed, 2, sums(1000), sums(2000), 1000, 2000)).toEqual({
      attempt: 2,
      startMs: 2200,
      startMinMs: 2200,
      startMaxMs: 2200,
      startMeanMs: 2200,
      fires: "yes",
      cutShortSome: false,
      madeSome: true,
      madeAll: true,
    });
  });

  it("p-retry's cut at 2000 ms, waits 500–1500 (1000 plain), tries taking no time", () => {
    const input: DeadlineInput = { waits: tableModel([[1000, 500, 1500]]), retries: null, attemptTimeMs: 0, deadlineMs: null, stop: { rule: "cut", limitMs: 2000, from: "first-try" } };
    // Retry 2: low run at 500 + 500 = 1000; high run ended its try at 1500 < 2000, its 3000 cut to 2000; the mean is not as drawn.
    expect(retryTiming(input, 2, { plainMs: 1000, lowMs: 500, highMs: 1500 }, { plainMs: 2000, lowMs: 1000, highMs: 3000 }, 1500, 2000)).toEqual({
      attempt: 2,
      startMs: 2000,
      startMinMs: 1000,
      startMaxMs: 2000,
      startMeanMs: null,
      fires: "yes",
      cutShortSome: false,
      madeSome: true,
      madeAll: true,
    });
    // Retry 3: the low run (ended at 1000) makes it at 1500; the high run (ended at 3000) does not; the plain run (2000) neither.
    expect(retryTiming(input, 3, { plainMs: 2000, lowMs: 1000, highMs: 3000 }, { plainMs: 3000, lowMs: 1500, highMs: 4500 }, 1500, 3000)).toEqual({
      attempt: 3,
      startMs: 3000,
      startMinMs: 1500,
      startMaxMs: 2000,
      startMeanMs: null,
      fires: "in some runs",
      cutShortSome: false,
      madeSome: true,
      madeAll: false,
    });
  });
});
