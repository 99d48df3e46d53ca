/** CSV and TSV (src/format/delimited.ts): the columns' headers, plain integers, the saturation marker. */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { type ScheduleRow, scheduleRows } from "../../src/core/schedule.js";
import { SCHEDULE_COLUMNS } from "../../src/format/columns.js";
import { renderCsv, renderTsv } from "../../src/format/delimited.js";

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
