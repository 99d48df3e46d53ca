import { describe, expect, it } from "vitest";
import { withTimings } from "../../../src/core/deadline/timed-rows.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { scheduleRows } from "../../../src/core/schedule.js";

describe("withTimings", () => {
  // Fixed 1 s waits, 2 s tries: retry a starts at a × 2 s + a × 1 s = 3a s; a 10 s deadline.
  const model = policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 }));
  const input = { waits: model, retries: 4, attemptTimeMs: 2000, deadlineMs: 10_000, stop: null };

  it("puts each retry's start and verdict beside its row, in step", () => {
    const range = { first: 1, last: 4 };
    const rows = Array.from(withTimings(scheduleRows(model, model, range), input, range));
    // 3 s and 6 s end by 8 s; 9 s would end at 11 s (cut short); 12 s is past 10 s.
    expect(rows.map((row) => [row.attempt, row.delayMs, row.timing?.startMs, row.timing?.fires])).toEqual([
      [1, 1000, 3000, "yes"],
      [2, 1000, 6000, "yes"],
      [3, 1000, 9000, "cut short"],
      [4, 1000, 12_000, "no"],
    ]);
  });

  it("a range from a later attempt starts its timings there too", () => {
    const range = { first: 3, last: 4 };
    const rows = Array.from(withTimings(scheduleRows(model, model, range), input, range));
    expect(rows.map((row) => [row.attempt, row.timing?.attempt, row.timing?.startMs])).toEqual([
      [3, 3, 9000],
      [4, 4, 12_000],
    ]);
  });
});
