import { describe, expect, it } from "vitest";
import { timedScheduleRows, withTimings } from "../../../src/core/deadline/timed-rows.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { type ScheduleRow, scheduleRows } from "../../../src/core/schedule.js";

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

describe("timedScheduleRows", () => {
  // The same fixed 1 s waits and 2 s tries: retry a starts at 3a s; a 10 s deadline.
  const model = policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 }));
  const input = { waits: model, retries: 4, attemptTimeMs: 2000, deadlineMs: 10_000, stop: null };
  const range = { first: 2, last: 4 };
  const shown = (rows: Iterable<ScheduleRow>) => Array.from(rows, (row) => [row.attempt, row.cumulativeMs, row.timing?.startMs, row.timing?.fires]);

  it("rows of the deadline model's own waits carry their timing as they are built", () => {
    expect(shown(timedScheduleRows(model, model, range, null, input))).toEqual([
      [2, 2000, 6000, "yes"],
      [3, 3000, 9000, "cut short"],
      [4, 4000, 12_000, "no"],
    ]);
  });

  it("rows of another model get the timing of the deadline model's waits beside them", () => {
    // Rows of 500 ms waits, timings of the 1 s waits: the starts are the 1 s waits' 3a s.
    const other = policyModel(normalizePolicy({ strategy: "fixed", baseMs: 500 }));
    expect(shown(timedScheduleRows(other, other, range, null, input))).toEqual([
      [2, 1000, 6000, "yes"],
      [3, 1500, 9000, "cut short"],
      [4, 2000, 12_000, "no"],
    ]);
  });
});
