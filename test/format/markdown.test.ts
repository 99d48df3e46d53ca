/** The machine-format Markdown table (src/format/markdown.ts): header, alignment row, rows, then the summary. */
import { describe, expect, it } from "vitest";
import { linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type ScheduleRow, scheduleRows } from "../../src/core/schedule.js";
import { SCHEDULE_COLUMNS } from "../../src/format/columns.js";
import { renderMarkdown } from "../../src/format/markdown.js";

const policy = normalizePolicy({ baseMs: 100, capMs: 10_000 });
const schedule = (first: number, last: number): ScheduleRow[] =>
  Array.from(scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first, last }));
const text = (pieces: Iterable<string>) => Array.from(pieces).join("");

describe("Markdown", () => {
  it("a GitHub table: header, alignment row, one row per attempt, then the summary", () => {
    const lines = text(renderMarkdown(schedule(1, 2), SCHEDULE_COLUMNS, () => ["Total wait: 300 ms."])).split("\n");
    expect(lines[0]).toBe("| attempt | raw_ms | delay_ms | cumulative_ms | linear_ms | linear_cumulative_ms |");
    expect(lines[1]).toBe("|---:|---:|---:|---:|---:|---:|");
    expect(lines[2]).toBe("| 1 | 100 | 100 | 100 | 100 | 100 |");
    expect(lines[3]).toBe("| 2 | 200 | 200 | 300 | 200 | 300 |");
    expect(lines[4]).toBe("");
    expect(lines[5]).toBe("Total wait: 300 ms.");
  });
});
