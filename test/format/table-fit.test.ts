import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { type Cell, type TableColumn, chooseLayout, renderTable } from "../../src/format/table.js";

const plain = new Chalk({ level: 0 });

// Three columns, widths chosen by hand: a grid is 1 + Σ (max(cell, header) + 3).
const columns: TableColumn[] = [
  { head: "attempt", short: "#", align: "right" },
  { head: "delay", align: "left" },
  { head: "linear total", short: "lin. total", align: "left", drop: 1 },
];
const widths = { full: [1, 15, 5], compact: [1, 5, 5] };

describe("chooseLayout", () => {
  it("takes the full table when it fits, or when there is no width", () => {
    // 1 + (7+3) + (15+3) + (12+3) = 44
    expect(chooseLayout(columns, widths, 44)).toEqual({ compact: false, short: false, stacked: false, columns: [0, 1, 2], dropped: [] });
    expect(chooseLayout(columns, widths, null)).toEqual({ compact: false, short: false, stacked: false, columns: [0, 1, 2], dropped: [] });
  });

  it("then the compact cells, then the short headers", () => {
    // compact: 1 + 10 + (5+3) + 15 = 34; short headers: 1 + (1+3) + 8 + (10+3) = 26
    expect(chooseLayout(columns, widths, 43)).toMatchObject({ compact: true, short: false, stacked: false });
    expect(chooseLayout(columns, widths, 33)).toMatchObject({ compact: true, short: true, stacked: false, dropped: [] });
  });

  it("then leaves out the droppable columns, and below that stacks", () => {
    // without "linear total": 1 + 4 + 8 = 13
    expect(chooseLayout(columns, widths, 25)).toEqual({ compact: true, short: true, stacked: false, columns: [0, 1], dropped: [2] });
    expect(chooseLayout(columns, widths, 12)).toEqual({ compact: true, short: true, stacked: true, columns: [0, 1, 2], dropped: [] });
  });

  it("never shows a column whose cells are all empty (the first excepted)", () => {
    expect(chooseLayout(columns, { full: [1, 15, 0], compact: [1, 5, 0] }, null).columns).toEqual([0, 1]);
  });
});

describe("renderTable", () => {
  const rows: Cell[][] = [
    [{ text: "1" }, { text: "1,500 ms  1.5 s", compact: "1.5 s" }, { text: "2 s" }],
    [{ text: "2" }, { text: "3,000 ms  3 s", compact: "3 s" }, { text: "" }],
  ];
  const render = (width: number | null) => [...renderTable(columns, () => rows, plain, width)].join("");

  it("draws the full grid without a width", () => {
    expect(render(null)).toBe(
      [
        "┌─────────┬─────────────────┬──────────────┐",
        "│ attempt │ delay           │ linear total │",
        "├─────────┼─────────────────┼──────────────┤",
        "│       1 │ 1,500 ms  1.5 s │ 2 s          │",
        "│       2 │ 3,000 ms  3 s   │              │",
        "└─────────┴─────────────────┴──────────────┘",
        "",
      ].join("\n"),
    );
  });

  it("names a column it leaves out, in a line under the table", () => {
    expect(render(20)).toBe(
      ["┌───┬───────┐", "│ # │ delay │", "├───┼───────┤", "│ 1 │ 1.5 s │", "│ 2 │ 3 s   │", "└───┴───────┘", "Left out to fit 20", "columns: linear", "total.", ""].join("\n"),
    );
  });

  it("stacks one block per row when even that is too wide, skipping empty cells", () => {
    // Full labels need 2 + 12 + 2 + 5 = 21 > 12; short ones 2 + 10 + 2 = 14, leaving no room: values go under their labels.
    expect(render(12)).toBe(
      ["attempt 1", "  delay", "    1.5 s", "  lin. total", "    2 s", "attempt 2", "  delay", "    3 s", ""].join("\n"),
    );
    // Nothing to drop: at 21 the grid (26 with short headers) does not fit, and the full labels fit beside the values.
    const undroppable = columns.map(({ drop: _, ...column }) => column);
    expect([...renderTable(undroppable, () => rows, plain, 21)].join("")).toBe(["attempt 1", "  delay         1.5 s", "  linear total  2 s", "attempt 2", "  delay         3 s", ""].join("\n"));
  });
});
