import { Chalk } from "chalk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASCII_GLYPHS, UNICODE_GLYPHS, chartPaint } from "../../../src/format/chart/palette.js";
import { type ChartOptions, renderScheduleChart } from "../../../src/format/chart/render.js";
import { doublingRows, isAscii, row } from "../../support/rows.js";

/** The parts of a rendered chart a reader looks at, found by shape rather than by position in the text. */
function parseChart(chart: string) {
  const lines = chart.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const axisIndex = lines.findIndex((line) => /^ +[─┬]+$/.test(line) || /^ +[-+]+$/.test(line));
  expect(axisIndex).toBeGreaterThan(0);
  const axis = lines[axisIndex]!;
  const origin = axis.length - axis.trimStart().length;
  const plotWidth = axis.length - origin;
  const bars = lines
    .slice(0, axisIndex)
    .map((line) => ({ line, match: /^ *(\d+)(?:(?:–|\.\.)(\d+))? (?![a-z])/.exec(line) }))
    .filter((entry) => entry.match !== null)
    .map(({ line, match }) => ({
      first: Number(match![1]),
      last: Number(match![2] ?? match![1]),
      plot: line.slice(origin, origin + plotWidth).padEnd(plotWidth),
      value: line.slice(origin + plotWidth + 1),
    }));
  return { lines, axisIndex, origin, plotWidth, bars, tickLabels: lines[axisIndex + 1] ?? "" };
}

const base: ChartOptions = { capMs: null, scale: null, width: 80, ascii: false };
const U = UNICODE_GLYPHS;

describe("renderScheduleChart: bars", () => {
  it("draws one bar per attempt, labelled with the attempt", () => {
    const chart = parseChart(renderScheduleChart(doublingRows(10, 30_000), { ...base, capMs: 30_000 }));
    expect(chart.bars.map((bar) => bar.first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("is readable with a single attempt: one bar, no grouping note", () => {
    const text = renderScheduleChart([row(1, 1000)], base);
    const chart = parseChart(text);
    expect(chart.bars).toHaveLength(1);
    expect(chart.bars[0]!.value).toBe("1 s");
    expect(text).not.toMatch(/lines of/);
    expect(text).toMatch(/^Scale: linear \(all 1 s, within 100×; --scale log to change\)\./);
  });

  it("groups 100 attempts into lines of 3 and says so", () => {
    // 40 lines at most: groups of ceil(100 / 40) = 3 attempts, so ceil(100 / 3) = 34 lines, the last one attempt 100 alone.
    const text = renderScheduleChart(doublingRows(100, 30_000), { ...base, capMs: 30_000 });
    const chart = parseChart(text);
    expect(chart.bars).toHaveLength(34);
    expect(chart.bars[0]).toMatchObject({ first: 1, last: 3 });
    expect(chart.bars[32]).toMatchObject({ first: 97, last: 99 });
    expect(chart.bars[33]).toMatchObject({ first: 100, last: 100 });
    expect(text).toContain("100 attempts in 34 lines of 3");
    // Attempts 1–3 delay 1 s, 2 s, 4 s: the group shows its longest, 4 s.
    expect(chart.bars[0]!.value).toBe("4 s");
  });

  it("keeps every attempt up to 40, and groups from 41", () => {
    expect(parseChart(renderScheduleChart(doublingRows(40, 30_000), { ...base, capMs: 30_000 })).bars).toHaveLength(40);
    // 41 attempts: groups of ceil(41 / 40) = 2, so ceil(41 / 2) = 21 lines.
    expect(parseChart(renderScheduleChart(doublingRows(41, 30_000), { ...base, capMs: 30_000 })).bars).toHaveLength(21);
  });

  it("draws a bar as long as the value on a linear scale", () => {
    // Linear scale from 0 to the largest value, 8 s: 2 s fills a quarter of the bar area, 8 s all of it.
    const rows = [row(1, 2000, { linearMs: 8000 }), row(2, 8000, { linearMs: 8000 })];
    const chart = parseChart(renderScheduleChart(rows, { ...base, scale: "linear" }));
    const W = chart.plotWidth;
    const solid = (plot: string) => [...plot].filter((char) => char === U.bar).length;
    expect(solid(chart.bars[0]!.plot)).toBe(Math.round(W / 4));
    // The second bar's last cell holds the linear marker (linear 8 s = the delay).
    expect(solid(chart.bars[1]!.plot)).toBe(W - 1);
    expect(chart.bars[1]!.plot[W - 1]).toBe(U.linear);
  });

  it("places the linear marker where the linear delay maps", () => {
    // Linear 0..10 s: a 5 s linear delay ends half-way, in column round(W / 2) - 1.
    const rows = [row(1, 10_000, { linearMs: 5000 })];
    const chart = parseChart(renderScheduleChart(rows, { ...base, scale: "linear" }));
    expect(chart.bars[0]!.plot.indexOf(U.linear)).toBe(Math.round(chart.plotWidth / 2) - 1);
  });

  it("marks capped attempts beside their value, and only those", () => {
    const chart = parseChart(renderScheduleChart(doublingRows(8, 30_000), { ...base, capMs: 30_000 }));
    // 1 s × 2^(n−1) passes 30 s from attempt 6 (32 s).
    expect(chart.bars.map((bar) => bar.value.endsWith(` ${U.clamped}`))).toEqual([false, false, false, false, false, true, true, true]);
  });
});

describe("renderScheduleChart: the cap", () => {
  it("draws the cap as a vertical line in the column where the cap maps (linear scale)", () => {
    // A jitter maximum of 40 s exceeds the 30 s cap (a library quirk), so the axis runs 0..40 s
    // and the cap sits at 30 / 40 = 3/4 of the width: column round(3W / 4) − 1.
    const rows = [row(1, 1000, { linearMs: 1000 }), row(2, 30_000, { linearMs: 2000, minMs: 0, maxMs: 40_000 })];
    const chart = parseChart(renderScheduleChart(rows, { ...base, capMs: 30_000, scale: "linear" }));
    const capColumn = Math.round((3 * chart.plotWidth) / 4) - 1;
    for (const bar of chart.bars) expect(bar.plot[capColumn]).toBe(U.cap);
    // The ceiling's own label line carries the same glyph in the same column.
    const top = chart.lines.find((line) => line.includes("cap 30 s"))!;
    expect(top[chart.origin + capColumn]).toBe(U.cap);
  });

  it("draws the cap where it maps on a log scale", () => {
    // Values 1 s..64 s (six doublings, uncapped) and a cap of 16 s. The log axis starts at half the
    // smallest value, 500 ms, and ends at 64 s: 16 s sits at log(16/0.5) / log(64/0.5) = 5/7 of it.
    const rows = doublingRows(7, null);
    const chart = parseChart(renderScheduleChart(rows, { ...base, capMs: 16_000, scale: "log" }));
    const capColumn = Math.round((5 / 7) * chart.plotWidth) - 1;
    // Bars whose linear marker (1..7 s) is left of the cap all show the cap line there.
    for (const bar of chart.bars) expect(bar.plot[capColumn]).toBe(U.cap);
  });
});

describe("renderScheduleChart: jitter", () => {
  it("draws the band from min to max, the solid bar up to min", () => {
    // Linear 0..8 s; min 2 s = a quarter, max 8 s = the whole width.
    const rows = [row(1, 8000, { minMs: 2000, maxMs: 8000, linearMs: 8000 }), row(2, 8000, { minMs: 4000, maxMs: 8000, linearMs: 8000 })];
    const chart = parseChart(renderScheduleChart(rows, { ...base, scale: "linear" }));
    const W = chart.plotWidth;
    const plot = chart.bars[0]!.plot;
    const quarter = Math.round(W / 4);
    expect(plot.slice(0, quarter)).toBe(U.bar.repeat(quarter));
    // From min to max the band, its last cell holding the linear marker (8 s).
    expect(plot.slice(quarter, W - 1)).toBe(U.band.repeat(W - 1 - quarter));
    expect(plot[W - 1]).toBe(U.linear);
    expect(chart.bars[1]!.plot.indexOf(U.band)).toBe(Math.round(W / 2));
    expect(chart.bars[0]!.value).toBe("2 s–8 s");
  });

  it("has no band without jitter, and names the band in the legend only with jitter", () => {
    const plain = renderScheduleChart(doublingRows(5, null), base);
    expect(plain).not.toContain(U.band);
    expect(plain).not.toContain("jitter");
    const jittered = renderScheduleChart([row(1, 1000, { minMs: 0, maxMs: 1000 })], base);
    expect(jittered).toContain(`${U.bar} shortest delay  ${U.band} jitter range up to the longest`);
  });
});

describe("renderScheduleChart: scale", () => {
  it("defaults to log when the values span more than 100×, and says so", () => {
    // 1 ms to 101 ms: a span of 101 > 100.
    const log = renderScheduleChart([row(1, 1), row(2, 101, { linearMs: 2 })], base);
    expect(log.split("\n")[0]).toBe("Scale: log (1 ms to 101 ms, over 100×; --scale linear to change).");
    // 1 ms to 100 ms: exactly 100, not more.
    const linear = renderScheduleChart([row(1, 1), row(2, 100, { linearMs: 2 })], base);
    expect(linear.split("\n")[0]).toMatch(/^Scale: linear \(/);
  });

  it("uses the scale asked for, and prints it", () => {
    expect(renderScheduleChart(doublingRows(10, null), { ...base, scale: "linear" })).toMatch(/^Scale: linear \(1 s to 8 min 32 s\)\./);
    expect(renderScheduleChart([row(1, 1000), row(2, 2000)], { ...base, scale: "log" })).toMatch(/^Scale: log \(1 s to 2 s\)\./);
  });

  it("labels the axis with durations under their columns", () => {
    // Linear 0..30 s in steps of 10 s (the smallest nice step with at most 4 intervals).
    const chart = parseChart(renderScheduleChart(doublingRows(10, 30_000), { ...base, capMs: 30_000, scale: "linear" }));
    const labelAt = (column: number) => chart.tickLabels.slice(chart.origin + column).split(/\s{2,}/)[0];
    const W = chart.plotWidth;
    expect(labelAt(0)).toBe("0");
    expect(labelAt(Math.round(W / 3) - 1)).toBe("10 s");
    expect(labelAt(Math.round((2 * W) / 3) - 1)).toBe("20 s");
    // 30 s, the end of the axis, in the last column (its label may run on under the values).
    expect(labelAt(W - 1)).toBe("30 s");
  });
});

describe("renderScheduleChart: characters and width", () => {
  it("uses only ASCII in ASCII mode, with every feature drawn", () => {
    const rows = doublingRows(100, 30_000).map((r) => ({ ...r, minMs: Math.floor(r.delayMs / 2) }));
    const text = renderScheduleChart(rows, { ...base, capMs: 30_000, ascii: true });
    expect(isAscii(text)).toBe(true);
    for (const glyph of [ASCII_GLYPHS.bar, ASCII_GLYPHS.band, ASCII_GLYPHS.cap, ASCII_GLYPHS.linear, ASCII_GLYPHS.clamped]) expect(text).toContain(glyph);
    expect(text).toContain("1..3 ");
  });

  it("never exceeds the width, whatever the rows", () => {
    const rowsArb = fc.array(fc.record({ delay: fc.integer({ min: 1, max: 10 ** 12 }), linear: fc.integer({ min: 1, max: 10 ** 9 }), spread: fc.double({ min: 0, max: 1, noNaN: true }), clamped: fc.boolean() }), { minLength: 1, maxLength: 150 });
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 20, max: 200 }), fc.boolean(), fc.option(fc.integer({ min: 1, max: 10 ** 12 })), fc.constantFrom(null, "linear" as const, "log" as const), (spec, width, ascii, capMs, scale) => {
        const rows = spec.map((s, index) => row(index + 1, s.delay, { linearMs: s.linear, minMs: Math.floor(s.delay * s.spread), clamped: s.clamped }));
        const text = renderScheduleChart(rows, { capMs, scale, width, ascii });
        for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(width);
        if (ascii) expect(isAscii(text)).toBe(true);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it("drops the value column rather than the bars when the width is tight", () => {
    // Width 20: label "10" + space leaves 17; "8 min 32 s" (10) + space would leave 6 < 10 columns of bars.
    const chart = parseChart(renderScheduleChart(doublingRows(10, null), { ...base, width: 20 }));
    expect(chart.plotWidth).toBe(17);
    expect(chart.bars.every((bar) => bar.value === "")).toBe(true);
  });

  it("paints with colour without changing the text", () => {
    const rows = doublingRows(10, 30_000);
    const options = { ...base, capMs: 30_000 };
    const coloured = renderScheduleChart(rows, { ...options, paint: chartPaint(new Chalk({ level: 1 })) });
    expect(coloured).toContain("\u001b[");
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(renderScheduleChart(rows, options));
  });
});

describe("renderScheduleChart: the deadline", () => {
  // Rows 1–4 fire, 5–6 never do (the 1 s doubling, 2 s tries, 30 s deadline: starts 3, 7, 13, 23, 41, 75 s).
  const timing = (attempt: number, fires: "yes" | "no") => ({ attempt, startMs: 0, startMinMs: 0, startMaxMs: 0, startMeanMs: 0, fires, cutShortSome: false, madeSome: true, madeAll: true });
  const timed = doublingRows(6, null).map((r) => ({ ...r, timing: timing(r.attempt, r.attempt <= 4 ? "yes" : "no") }));
  const options: ChartOptions = { ...base, scale: "linear", deadlineMs: 30_000 };

  it("a rule between retry 4 and retry 5 naming the deadline, the bars below it drawn light only", () => {
    const chart = parseChart(renderScheduleChart(timed, options));
    const ruleIndex = chart.lines.findIndex((line) => line.includes("deadline 30 s"));
    expect(chart.lines[ruleIndex]!.trim()).toMatch(/^─{2,} deadline 30 s: the retries below never fire$/);
    // Just after bar 4 and before bar 5; as wide as the bar area.
    expect(chart.lines[ruleIndex - 1]!.startsWith("4 ")).toBe(true);
    expect(chart.lines[ruleIndex + 1]!.startsWith("5 ")).toBe(true);
    expect(chart.lines[ruleIndex]!.length).toBe(chart.origin + chart.plotWidth);
    const cells = (plot: string, glyph: string) => [...plot].filter((char) => char === glyph).length;
    for (const bar of chart.bars) {
      if (bar.first <= 4) expect(cells(bar.plot, U.band), `bar ${bar.first}`).toBe(0);
      else expect(cells(bar.plot, U.bar), `bar ${bar.first}`).toBe(0);
    }
    // Bar 6 (32 s, the largest value) spans the area in the band glyph but for its linear marker's cell.
    expect(cells(chart.bars[5]!.plot, U.band)).toBe(chart.plotWidth - 1);
    expect(chart.lines.at(-1)).toContain(`${U.band} below the deadline's rule: never fires`);
  });

  it("unmarked without a deadline or when every retry shown fires; the words shortened to fit a narrow chart", () => {
    const plain = renderScheduleChart(doublingRows(6, null), { ...base, scale: "linear" });
    expect(renderScheduleChart(timed, { ...options, deadlineMs: null })).toBe(plain);
    expect(renderScheduleChart(timed.map((r) => ({ ...r, timing: timing(r.attempt, "yes") })), options)).toBe(plain);
    const narrow = renderScheduleChart(timed, { ...options, width: 30 }).split("\n");
    expect(narrow.find((line) => line.includes("deadline"))!.trim()).toMatch(/^─{2,} deadline 30 s$/);
    expect(narrow.every((line) => line.length <= 30)).toBe(true);
  });
});
