import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type ScheduleRow, scheduleRows } from "../../src/core/schedule.js";
import { SCHEDULE_COLUMNS } from "../../src/format/columns.js";
import { renderCsv, renderTsv } from "../../src/format/delimited.js";
import { humanDuration } from "../../src/core/text/duration.js";
import { renderJson } from "../../src/format/json.js";
import { renderMarkdown } from "../../src/format/markdown.js";

const policy = normalizePolicy({ baseMs: 100, capMs: 10_000 });
const schedule = (first: number, last: number): ScheduleRow[] =>
  Array.from(scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first, last }));
const text = (pieces: Iterable<string>) => Array.from(pieces).join("");

describe("CSV and TSV", () => {
  it("the header is exactly the six core columns, then plain integers", () => {
    const lines = text(renderCsv(schedule(1, 3), SCHEDULE_COLUMNS)).split("\n");
    expect(lines[0]).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms");
    // attempt 3: raw 400, delay 400, total 700; linear 300, total 600
    expect(lines[3]).toBe("3,400,400,700,300,600");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(5);
  });

  it("parses back to the same numbers as the rows", () => {
    const rows = schedule(15, 25);
    const [header, ...body] = text(renderCsv(rows, SCHEDULE_COLUMNS)).trimEnd().split("\n");
    const names = header!.split(",");
    const parsed = body.map((line) => Object.fromEntries(line.split(",").map((field, i) => [names[i], Number(field)])));
    expect(parsed).toEqual(
      rows.map((r) => ({
        attempt: r.attempt,
        raw_ms: r.rawMs,
        delay_ms: r.delayMs,
        cumulative_ms: r.cumulativeMs,
        linear_ms: r.linearMs,
        linear_cumulative_ms: r.linearCumulativeMs,
      })),
    );
  });

  it("TSV is the same with tabs", () => {
    const csv = text(renderCsv(schedule(1, 4), SCHEDULE_COLUMNS));
    expect(text(renderTsv(schedule(1, 4), SCHEDULE_COLUMNS))).toBe(csv.replaceAll(",", "\t"));
  });

  it("writes a saturated value as an explicit marker, never a wrong number", () => {
    const uncapped = normalizePolicy({ baseMs: 1 });
    const rows = Array.from(scheduleRows(policyModel(uncapped), policyModel(linearComparison(uncapped)), { first: 54, last: 54 }));
    expect(rows[0]!.delayMs).toBe(SATURATED_MS);
    expect(text(renderCsv(rows, SCHEDULE_COLUMNS)).split("\n")[1]).toBe("54,>9007199254740991,>9007199254740991,>9007199254740991,54,1485");
  });
});

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

describe("human durations", () => {
  it.each([
    [0, "0 ms"],
    [450, "450 ms"],
    [999, "999 ms"],
    [1000, "1 s"],
    [1600, "1.6 s"],
    [1650, "1.7 s"], // 16.5 tenths round half up
    [59_940, "59.9 s"],
    [59_950, "1 min"], // 599.5 tenths → 600 → a minute
    [160_000, "2 min 40 s"],
    [3_599_600, "1 h"], // 59 min 59.6 s rounds to 3600 s
    [3_900_000, "1 h 5 min"],
    [1_763_395_000, "20 d 10 h"], // Sidekiq's 25 retries: 20 d 9 h 49 min 55 s, hours rounded half up
    [365 * 86_400_000, "1 yr"],
    [SATURATED_MS, "> 285,616 yr 151 d"],
  ])("%d ms → %s", (ms, expected) => {
    expect(humanDuration(ms)).toBe(expected);
  });
});
