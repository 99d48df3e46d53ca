import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNICODE_GLYPHS } from "../../src/format/chart.js";
import { renderHerdChart } from "../../src/format/herd-chart.js";
import { isAscii } from "../support/rows.js";

/** The window lines: a start label, then the two halves (un-jittered, jittered), each "bar count". */
function windowLines(chart: string) {
  return chart
    .split("\n")
    .map((line) => /^ *(0|\d[\d,.]* (?:ms|s|min|h|d))( .*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => {
      const counts = [...match![2]!.matchAll(/(\d[\d,]*)/g)].map((m) => Number(m[1]!.replace(/,/g, "")));
      const bars = [...match![2]!.matchAll(new RegExp(`${UNICODE_GLYPHS.bar}+`, "g"))].map((m) => m[0].length);
      return { label: match![1]!, counts, bars, line: match![0] };
    });
}

describe("renderHerdChart", () => {
  it("draws one line per window with both cohorts' counts", () => {
    // 4 windows of 100 ms: everyone retries together un-jittered; jitter spreads them out.
    const chart = renderHerdChart({ windowMs: 100, unjittered: [0, 1000, 0, 0], jittered: [250, 250, 250, 250] }, 80, false);
    const lines = windowLines(chart);
    expect(lines.map((line) => line.label)).toEqual(["0", "100 ms", "200 ms", "300 ms"]);
    expect(lines.map((line) => line.counts)).toEqual([[0, 250], [1000, 250], [0, 250], [0, 250]]);
    expect(chart).toContain("Busiest window: 1,000 retries un-jittered, 250 jittered (4× fewer).");
  });

  it("draws bars in proportion on one shared scale", () => {
    const chart = renderHerdChart({ windowMs: 1000, unjittered: [1000, 0], jittered: [250, 500] }, 80, false);
    const [first, second] = windowLines(chart);
    const full = first!.bars[0]!;
    // 250 of a peak of 1,000: a quarter of the full bar; 500: a half.
    expect(first!.bars[1]).toBe(Math.round(full / 4));
    expect(second!.bars).toEqual([Math.round(full / 2)]);
  });

  it("merges windows beyond 40 lines, adding their counts, and says so", () => {
    // 100 windows of 10 ms: merged ceil(100 / 40) = 3 at a time into ceil(100 / 3) = 34 lines of 30 ms.
    const unjittered = Array.from({ length: 100 }, (_, index) => (index % 10 === 0 ? 90 : 0));
    const jittered = Array.from({ length: 100 }, () => 9);
    const chart = renderHerdChart({ windowMs: 10, unjittered, jittered }, 80, false);
    const lines = windowLines(chart);
    expect(lines).toHaveLength(34);
    expect(lines[1]!.label).toBe("30 ms");
    expect(chart).toContain("100 windows of 10 ms merged 3 at a time into 34 lines.");
    // Windows 0..2 hold one burst of 90 and 3 × 9 jittered retries; the last line is window 99 alone.
    expect(lines[0]!.counts).toEqual([90, 27]);
    expect(lines[33]!.counts).toEqual([0, 9]);
    const total = (index: number) => lines.reduce((sum, line) => sum + line.counts[index]!, 0);
    expect(total(0)).toBe(10 * 90);
    expect(total(1)).toBe(100 * 9);
  });

  it("uses only ASCII in ASCII mode and never exceeds the width", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.integer({ min: 20, max: 200 }),
        fc.boolean(),
        (unjittered, jittered, windowMs, width, ascii) => {
          const chart = renderHerdChart({ windowMs, unjittered, jittered }, width, ascii);
          for (const line of chart.split("\n")) expect([...line].length).toBeLessThanOrEqual(width);
          if (ascii) expect(isAscii(chart)).toBe(true);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it("says when there is nothing to draw", () => {
    expect(renderHerdChart({ windowMs: 100, unjittered: [], jittered: [] }, 80, true)).toBe("No retries to chart.\n");
  });
});
