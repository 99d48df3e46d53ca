import { describe, expect, it } from "vitest";
import { CellRow, type Plot, barCells, markerColumn } from "../../../src/format/chart/plot.js";
import { NO_PAINT } from "../../../src/format/chart/palette.js";
import { makeScale } from "../../../src/format/scale.js";

// A linear axis of 0 to 10 s over 20 cells: 500 ms a cell.
const plot: Plot = { scale: makeScale({ kind: "linear", values: [0, 10_000], roundUp: false, tickCount: 4, logStart: "half" }), width: 20 };

describe("barCells and markerColumn", () => {
  it("a value's share of the width, rounded; a positive value gets at least one cell", () => {
    expect([barCells(plot, 0), barCells(plot, 1), barCells(plot, 249), barCells(plot, 250), barCells(plot, 5000), barCells(plot, 10_000)]).toEqual([0, 1, 1, 1, 10, 20]);
    // 1,249 ms is 2.498 cells, 1,250 ms 2.5 (rounded up).
    expect([barCells(plot, 1249), barCells(plot, 1250)]).toEqual([2, 3]);
    // Past the axis: clamped to the width.
    expect(barCells(plot, 50_000)).toBe(20);
  });

  it("the marker sits on the bar's last cell, within the plot", () => {
    expect([markerColumn(plot, 0), markerColumn(plot, 500), markerColumn(plot, 5000), markerColumn(plot, 10_000), markerColumn(plot, 50_000)]).toEqual([0, 0, 9, 19, 19]);
  });
});

describe("CellRow", () => {
  it("starts blank; cells outside the row are ignored", () => {
    const row = new CellRow(4);
    row.set(-1, "x", "bar");
    row.set(4, "x", "bar");
    expect(row.paint(NO_PAINT)).toBe("    ");
  });

  it("paints runs of the same role at once, blanks as they are", () => {
    const row = new CellRow(6);
    for (const column of [0, 1, 2]) row.set(column, "#", "bar");
    row.set(3, "=", "band");
    row.set(5, "|", "cap");
    const tagged = { ...NO_PAINT, bar: (text: string) => `<b>${text}</b>`, band: (text: string) => `<d>${text}</d>`, cap: (text: string) => `<c>${text}</c>` };
    expect(row.paint(tagged)).toBe("<b>###</b><d>=</d> <c>|</c>");
    expect(row.paint(NO_PAINT)).toBe("###= |");
  });
});
