import { describe, expect, it } from "vitest";
import type { RetryTiming } from "../../src/core/deadline/timing.js";
import { deadlineNoSolutionText, deadlineSolveJson, deadlineSolveLines } from "../../src/format/deadline-solve.js";

const timing = (attempt: number, startMs: number, fires: RetryTiming["fires"]): RetryTiming => ({
  attempt,
  startMs,
  startMinMs: startMs,
  startMaxMs: startMs,
  startMeanMs: startMs,
  fires,
  cutShortSome: fires.startsWith("cut"),
  madeSome: true,
  madeAll: true,
});
const context = { attemptTimeMs: 2000, deadlineMs: 30_000, stopText: null, command: "backoff --base 1s --attempts 4" };

describe("deadline solve text", () => {
  it("the issue's example: 4 retries, retry 5 at 41 s never fires (starts 2a + 2^a − 1 s)", () => {
    const fit = { ok: true as const, retries: 4, last: timing(4, 23_000, "yes"), next: timing(5, 41_000, "no") };
    expect(deadlineSolveLines(fit, context)).toEqual([
      "retries = 4: each fires and runs its 2 s try before the deadline (30 s) in every run; retry 4 starts at 23 s.",
      "Retry 5 would start at 41 s: at or after the deadline (30 s), so it never fires.",
      "Policy: backoff --base 1s --attempts 4",
    ]);
  });

  it("a retry cut short: its try cannot end by the deadline", () => {
    // Fixed 5 s waits, 3 s tries: retry 2 starts at 16 s and would end at 19 s, past 18 s.
    const fit = { ok: true as const, retries: 1, last: timing(1, 8000, "yes"), next: timing(2, 16_000, "cut short") };
    expect(deadlineSolveLines(fit, { ...context, attemptTimeMs: 3000, deadlineMs: 18_000 })[1]).toBe("Retry 2 would start at 16 s: its try (3 s) cannot end by the deadline (18 s), so it is cut short.");
  });

  it("JSON: the count, the last that fits and the first that does not; no solution says why", () => {
    const fit = { ok: true as const, retries: 0, last: null, next: timing(1, 3000, "no") };
    expect(JSON.parse(deadlineSolveJson(fit, { ...context, deadlineMs: 2000 }))).toEqual({
      solved: true,
      unknown: "attempts",
      value: 0,
      attempt_time_ms: 2000,
      deadline_ms: 2000,
      last: null,
      next: { attempt: 1, start_ms: 3000, start_min_ms: 3000, start_max_ms: 3000, fires: "no" },
      command: "backoff --base 1s --attempts 4",
      defaulted: null,
    });
    expect(JSON.parse(deadlineSolveJson({ ok: false, why: "starts-stay-at-zero" }, null))).toEqual({ solved: false, reason: "starts-stay-at-zero", message: deadlineNoSolutionText() });
  });
});
