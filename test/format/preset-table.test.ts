/**
 * src/format/preset-table.ts: a preset's schedule as a terminal table. Three rows worked by hand
 * (a library whose waits are drawn between half and 1½ of 100, 200, 300 ms, its cap 300 ms):
 * the cells are the rows' own values in the calculator's units ("100 ms", "50 – 100 ms"), the marks
 * say what the legend under the table explains (⤒ the cap cut the un-jittered delay, ▲ a draw can
 * pass the cap, ⊘ some runs have stopped), and the summary lines come last.
 */
import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import type { ScheduleRow } from "../../src/core/schedule.js";
import { presetWidthBounds, renderPresetTable } from "../../src/format/preset-table.js";

const plain = new Chalk({ level: 0 });

function row(attempt: number, delayMs: number, [minMs, maxMs]: readonly [number, number], cumulativeMs: number, [cumulativeMinMs, cumulativeMaxMs]: readonly [number, number], extra: Partial<ScheduleRow> = {}): ScheduleRow {
  return { attempt, rawMs: delayMs, delayMs, cumulativeMs, linearMs: 0, linearCumulativeMs: 0, clamped: false, minMs, maxMs, meanMs: (minMs + maxMs) / 2, cumulativeMinMs, cumulativeMaxMs, runsStopped: null, sampleMs: null, sampleCumulativeMs: null, ...extra };
}

const ROWS = [
  row(1, 100, [50, 100], 100, [50, 100]),
  row(2, 200, [100, 200], 300, [150, 300]),
  // The raw 400 ms is capped to 300; the draws reach 450 (past the cap); some runs have stopped.
  row(3, 300, [150, 450], 600, [300, 750], { rawMs: 400, clamped: true, runsStopped: "some" }),
];

/** The table's lines split into trimmed cells (box lines left out), and the lines under it. */
function parts(lines: readonly string[]) {
  const text = lines.join("").split("\n");
  const cells = text.filter((line) => line.startsWith("│")).map((line) => line.split("│").slice(1, -1).map((cell) => cell.trim()));
  const under = text.filter((line) => line !== "" && !/^[│┌├└]/.test(line));
  return { cells, under };
}

describe("renderPresetTable", () => {
  it("jittered: attempt, delay, range, mean, total and total range, each row's own values", () => {
    const { cells, under } = parts([...renderPresetTable(() => ROWS, true, 300, () => ["summary one", "summary two"], plain)]);
    expect(cells).toEqual([
      ["attempt", "delay", "range (min – max)", "mean", "total wait", "total range"],
      ["1", "100 ms", "50 – 100 ms", "75 ms", "100 ms", "50 – 100 ms"],
      ["2", "200 ms", "100 – 200 ms", "150 ms", "300 ms", "150 – 300 ms"],
      ["3", "300 ms ⤒", "150 – 450 ms ▲ ⊘", "300 ms", "600 ms", "300 – 750 ms"],
    ]);
    // One legend line per mark shown, then the summary.
    expect(under.map((line) => line.split(" ")[0])).toEqual(["⤒", "▲", "⊘", "summary", "summary"]);
    expect(under.slice(3)).toEqual(["summary one", "summary two"]);
  });

  it("without jitter: attempt, delay and total only; only the marks the rows carry are explained", () => {
    const { cells, under } = parts([...renderPresetTable(() => ROWS.slice(0, 2), false, null, () => ["s"], plain)]);
    expect(cells).toEqual([
      ["attempt", "delay", "total wait"],
      ["1", "100 ms", "100 ms"],
      ["2", "200 ms", "300 ms"],
    ]);
    expect(under).toEqual(["s"]);
  });

  it("a delay of a second or more shows its exact ms and its human reading", () => {
    const { cells } = parts([...renderPresetTable(() => [row(1, 1500, [1500, 1500], 1500, [1500, 1500])], false, null, () => [], plain)]);
    expect(cells[1]!.map((cell) => cell.replace(/\s+/g, " "))).toEqual(["1", "1,500 ms 1.5 s", "1,500 ms 1.5 s"]);
  });
});

describe("presetWidthBounds", () => {
  // The last row's worst-case total bounds every number: 1,500 ms is "1,500 ms  " (10) plus "59.9 s" (6, the
  // longest reading under a minute) = 16 wide, or 6 compact. The attempt column is as wide as the last attempt (12: 2).
  const last = row(12, 700, [350, 700], 1200, [600, 1500]);

  it("without jitter: attempt, delay (+2 for a mark), total", () => {
    expect(presetWidthBounds(last, false)).toEqual({ full: [2, 18, 16], compact: [2, 8, 6] });
  });

  it("jittered: a range is at most the longer of '1,500 – 1,500 ms' (16) and '1,500 ms  59.9 s – 1.5 s' (24), +4 for its marks", () => {
    // Columns: attempt, delay, range, mean ("1.5 s" + 2), total, total range.
    expect(presetWidthBounds(last, true)).toEqual({ full: [2, 18, 28, 7, 16, 24], compact: [2, 8, 19, 7, 6, 15] });
  });
});
