/** Retry a on its own (src/core/deadline/at.ts), by hand. */
import { describe, expect, it } from "vitest";
import { retryTimingAt } from "../../../src/core/deadline/at.js";
import type { DeadlineInput } from "../../../src/core/deadline/input.js";
import { fixedModel } from "./waits.js";

// 1000 ms waits, tries of 100 ms, 3 retries: retry a starts at a × 100 + a × 1000.
const input = (deadlineMs: number): DeadlineInput => ({ waits: fixedModel(1000), retries: 3, attemptTimeMs: 100, deadlineMs, stop: null });

describe("retryTimingAt", () => {
  it("retry 2 at 2200 under a 5 s deadline; its mean start only when asked for", () => {
    const timing = retryTimingAt(input(5000), 2);
    expect([timing.startMs, timing.startMinMs, timing.startMaxMs, timing.startMeanMs, timing.fires]).toEqual([2200, 2200, 2200, null, "yes"]);
    expect(retryTimingAt(input(5000), 2, true).startMeanMs).toBe(2200);
  });

  it("a deadline at 2250 cuts retry 2's try (2200 + 100 > 2250); retry 3 (3300) never starts before 3250", () => {
    expect(retryTimingAt(input(2250), 2)).toMatchObject({ fires: "cut short", cutShortSome: true });
    expect(retryTimingAt(input(3250), 3)).toMatchObject({ startMs: 3300, fires: "no" });
  });
});
