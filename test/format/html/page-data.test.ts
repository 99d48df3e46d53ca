/**
 * src/format/html/page-data.ts: the data object the HTML page embeds, for schedules small enough
 * to work out by hand. Each field's column is the name of an earlier field with the same values,
 * a running total of an earlier field (`start` plus its values), or an encoded column (codec.ts,
 * tested in codec.test.ts; here read back with decodeColumn). The CLI-to-page round trip, every
 * field against the CLI's CSV, is in page.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ScheduleModel } from "../../../src/core/model.js";
import type { ScheduleRow } from "../../../src/core/schedule.js";
import { type EncodedColumn, decodeColumn } from "../../../src/format/html/codec.js";
import { SERIES_FIELDS, decodeSeries, modelCalculator, seriesData } from "../../../src/format/html/page-data.js";

function row(attempt: number, values: Partial<ScheduleRow>): ScheduleRow {
  const delayMs = values.delayMs ?? 0;
  return {
    attempt,
    rawMs: delayMs,
    delayMs,
    cumulativeMs: 0,
    linearMs: 0,
    linearCumulativeMs: 0,
    clamped: false,
    minMs: delayMs,
    maxMs: delayMs,
    meanMs: delayMs,
    cumulativeMinMs: 0,
    cumulativeMaxMs: 0,
    runsStopped: null,
    sampleMs: null,
    sampleCumulativeMs: null,
    ...values,
  };
}

const encoded = (column: unknown) => decodeColumn(column as EncodedColumn);

describe("seriesData", () => {
  // 100 ms doubling, cap 300 ms, attempts 1..3: raw 100, 200, 400; delays 100, 200, 300 (the cap cuts 3);
  // totals 100, 300, 600. The linear comparison (step 100, same cap) is 100, 200, 300: the delays again.
  const rows = [
    row(1, { rawMs: 100, delayMs: 100, cumulativeMs: 100, linearMs: 100, linearCumulativeMs: 100 }),
    row(2, { rawMs: 200, delayMs: 200, cumulativeMs: 300, linearMs: 200, linearCumulativeMs: 300 }),
    row(3, { rawMs: 400, delayMs: 300, cumulativeMs: 600, linearMs: 300, linearCumulativeMs: 600, clamped: true }),
  ];

  it("a schedule page's series for 100 ms doubling capped at 300 ms: the exact object", () => {
    const series = seriesData("backoff", rows, { capMs: 300, jittered: false, sampled: false, linear: true });
    const { columns, clamped, ...rest } = series;
    expect(rest).toEqual({
      name: "backoff",
      first: 1,
      count: 3,
      capMs: 300,
      jittered: false,
      sampled: false,
      givesUpAt: null,
      linear: true,
      stoppedFrom: null,
      allStoppedFrom: null,
      sampleStoppedFrom: null,
    });
    // Without jitter or a sample only the delays, totals and linear columns are carried; no deadline key.
    expect(Object.keys(columns)).toEqual(["rawMs", "delayMs", "cumulativeMs", "linearMs", "linearCumulativeMs"]);
    expect("deadline" in series).toBe(false);
    expect(encoded(columns.rawMs)).toEqual([100, 200, 400]);
    expect(encoded(columns.delayMs)).toEqual([100, 200, 300]);
    // The totals are the running sum of the delays from 0; the linear columns repeat the delays and totals.
    expect(columns.cumulativeMs).toEqual({ sumOf: "delayMs", start: 0 });
    expect(columns.linearMs).toBe("delayMs");
    expect(columns.linearCumulativeMs).toBe("cumulativeMs");
    expect(encoded(clamped)).toEqual([0, 0, 1]);
  });

  it("a jittered, sampled range from attempt 3 whose runs stop by time: totals from a start, a stopped sample", () => {
    // Attempts 3 and 4 of 100 ms doubling under full jitter: delays 400, 800 (equal to raw and to the highest draw),
    // lowest 0; totals 700, 1,500 (300 before attempt 3). Some runs have stopped by attempt 4, and so has the sample
    // (123 ms at attempt 3, after 300 ms: 423, which stays).
    const jittered = [
      row(3, { rawMs: 400, delayMs: 400, cumulativeMs: 700, minMs: 0, maxMs: 400, cumulativeMinMs: 0, cumulativeMaxMs: 700, sampleMs: 123, sampleCumulativeMs: 423 }),
      row(4, { rawMs: 800, delayMs: 800, cumulativeMs: 1500, minMs: 0, maxMs: 800, cumulativeMinMs: 0, cumulativeMaxMs: 1500, runsStopped: "some", sampleMs: null, sampleCumulativeMs: 423 }),
    ];
    const series = seriesData("p-retry", jittered, { capMs: null, jittered: true, sampled: true, linear: false, givesUpAt: 9 });
    expect([series.first, series.count, series.givesUpAt, series.stoppedFrom, series.allStoppedFrom, series.sampleStoppedFrom]).toEqual([3, 2, 9, 4, null, 4]);
    const { columns } = series;
    expect(Object.keys(columns)).toEqual(["rawMs", "delayMs", "cumulativeMs", "minMs", "maxMs", "cumulativeMinMs", "cumulativeMaxMs", "sampleMs", "sampleCumulativeMs"]);
    expect(encoded(columns.rawMs)).toEqual([400, 800]);
    expect(columns.delayMs).toBe("rawMs");
    expect(columns.cumulativeMs).toEqual({ sumOf: "delayMs", start: 300 });
    expect(encoded(columns.minMs)).toEqual([0, 0]);
    expect(columns.maxMs).toBe("rawMs");
    expect(columns.cumulativeMinMs).toBe("minMs");
    expect(columns.cumulativeMaxMs).toBe("cumulativeMs");
    // The stopped sample's wait is carried as 0; its total is 300 + 123 + 0.
    expect(encoded(columns.sampleMs)).toEqual([123, 0]);
    expect(columns.sampleCumulativeMs).toEqual({ sumOf: "sampleMs", start: 300 });
  });

  it("a deadline: the first retry that never fires, where some run made the retries before it", () => {
    const timed = [
      row(1, { delayMs: 1000, cumulativeMs: 1000, timing: { fires: "yes", madeSome: true } as unknown as ScheduleRow["timing"] }),
      row(2, { delayMs: 2000, cumulativeMs: 3000, timing: { fires: "no", madeSome: true } as unknown as ScheduleRow["timing"] }),
    ];
    expect(seriesData("backoff", timed, { capMs: null, jittered: false, sampled: false, linear: false, deadlineMs: 2500 }).deadline).toEqual({ attempt: 2, ms: 2500 });
    expect("deadline" in seriesData("backoff", timed, { capMs: null, jittered: false, sampled: false, linear: false, deadlineMs: null })).toBe(false);
  });
});

describe("decodeSeries", () => {
  it("reads every field back; a series without jitter gives the delay and total as its bounds", () => {
    const rows = [
      row(1, { rawMs: 100, delayMs: 100, cumulativeMs: 100, linearMs: 100, linearCumulativeMs: 100 }),
      row(2, { rawMs: 200, delayMs: 200, cumulativeMs: 300, linearMs: 150, linearCumulativeMs: 250 }),
      row(3, { rawMs: 400, delayMs: 300, cumulativeMs: 600, linearMs: 200, linearCumulativeMs: 450, clamped: true }),
    ];
    const read = decodeSeries(seriesData("backoff", rows, { capMs: 300, jittered: false, sampled: false, linear: true }));
    expect(read.attempts).toEqual([1, 2, 3]);
    expect(read.clamped).toEqual([false, false, true]);
    expect([0, 1, 2].map((i) => read.value("cumulativeMs", i))).toEqual([100, 300, 600]);
    expect([0, 1, 2].map((i) => read.value("linearCumulativeMs", i))).toEqual([100, 250, 450]);
    expect([0, 1, 2].map((i) => [read.value("minMs", i), read.value("maxMs", i), read.value("cumulativeMaxMs", i)])).toEqual([
      [100, 100, 100],
      [200, 200, 300],
      [300, 300, 600],
    ]);
    expect(SERIES_FIELDS.filter(read.has)).toEqual(["rawMs", "delayMs", "cumulativeMs", "linearMs", "linearCumulativeMs"]);
    expect([read.stopped(0), read.sampleStopped(0)]).toEqual([null, false]);
  });

  it("stopped runs: 'some' from stoppedFrom, 'all' from allStoppedFrom; the sample from sampleStoppedFrom", () => {
    const rows = [1, 2, 3, 4].map((attempt) =>
      row(attempt, { delayMs: 100, minMs: 50, maxMs: 100, runsStopped: attempt < 2 ? "none" : attempt < 4 ? "some" : "all", sampleMs: attempt < 3 ? 60 : null }),
    );
    const read = decodeSeries(seriesData("cenkalti", rows, { capMs: null, jittered: true, sampled: true, linear: false }));
    expect([0, 1, 2, 3].map(read.stopped)).toEqual([null, "some", "some", "all"]);
    expect([0, 1, 2, 3].map(read.sampleStopped)).toEqual([false, false, true, true]);
    expect([0, 1, 2, 3].map((i) => read.value("sampleMs", i))).toEqual([60, 60, 0, 0]);
  });
});

describe("modelCalculator", () => {
  const model = (delays: readonly number[], capMs: number | null) => ({ delay: (attempt: number) => ({ rawMs: delays[attempt - 1]!, delayMs: delays[attempt - 1]!, clamped: false }), capMs }) as unknown as ScheduleModel;

  it("backoff's exponential formula, factor 2, from the first delay and the cap", () => {
    expect(modelCalculator(model([250, 500], 10_000), 8, "note")).toEqual({
      strategy: "exponential",
      baseMs: 250,
      factor: 2,
      stepMs: 250,
      capMs: 10_000,
      stepFollowsBase: true,
      lastAttempt: 8,
      note: "note",
    });
  });

  it("a first delay of 0 takes the second (at least 1 ms); a cap below the base is left out", () => {
    expect(modelCalculator(model([0, 700], 500), 3, "n")).toMatchObject({ baseMs: 700, stepMs: 700, capMs: null });
    expect(modelCalculator(model([0, 0], null), 3, "n")).toMatchObject({ baseMs: 1, capMs: null });
  });
});
