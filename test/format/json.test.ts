/** The machine-format JSON document (src/format/json.ts): policy, rows keyed by the column names, summary. */
import { describe, expect, it } from "vitest";
import { linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type ScheduleRow, scheduleRows } from "../../src/core/schedule.js";
import { SCHEDULE_COLUMNS } from "../../src/format/columns.js";
import { renderJson } from "../../src/format/json.js";

const policy = normalizePolicy({ baseMs: 100, capMs: 10_000 });
const schedule = (first: number, last: number): ScheduleRow[] =>
  Array.from(scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first, last }));
const text = (pieces: Iterable<string>) => Array.from(pieces).join("");

describe("JSON", () => {
  it("one object with policy, rows keyed by the CSV column names, and a summary", () => {
    const rows = schedule(1, 8);
    const parsed = JSON.parse(text(renderJson({ base_ms: 100 }, rows, SCHEDULE_COLUMNS, () => ({ total_ms: 22_700 }))));
    expect(parsed.policy).toEqual({ base_ms: 100 });
    expect(parsed.summary).toEqual({ total_ms: 22_700 });
    expect(parsed.rows).toHaveLength(8);
    expect(Object.keys(parsed.rows[0])).toEqual(SCHEDULE_COLUMNS.map((c) => c.name));
    // attempt 8: raw 12,800 clamped to 10,000; total 12,700 + 10,000
    expect(parsed.rows[7]).toEqual({ attempt: 8, raw_ms: 12_800, delay_ms: 10_000, cumulative_ms: 22_700, linear_ms: 800, linear_cumulative_ms: 3600 });
  });

  it("an empty stream of rows is still valid JSON", () => {
    expect(JSON.parse(text(renderJson({}, [], SCHEDULE_COLUMNS, () => ({})))).rows).toEqual([]);
  });
});
