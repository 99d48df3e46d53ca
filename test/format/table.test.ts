import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { linearComparison, normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { scheduleRows } from "../../src/core/schedule.js";
import {
  BOX_CHUNK_ROWS,
  type Box,
  type Cell,
  type TableColumn,
  chooseLayout,
  drawBox,
  humanWidthBound,
  msTextBound,
  renderScheduleTable,
  renderTable,
  retryAfterCell,
  retryAfterWidthBounds,
  scheduleWidthBounds,
} from "../../src/format/table.js";
import { row } from "../support/rows.js";

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

describe("drawBox (cli-table3)", () => {
  const box: Box = { widths: [3, 5], aligns: ["right", "left"], head: [["#", "delay"]], border: (text) => text };
  const draw = (rows: Iterable<string[]>, on: Box = box) => [...drawBox(on, rows)].join("");

  it("draws the header, a rule, the rows and the bottom line, each cell padded by one space", () => {
    expect(draw([["1", "1 s"], ["10", "2.5 s"]])).toBe(["┌─────┬───────┐", "│   # │ delay │", "├─────┼───────┤", "│   1 │ 1 s   │", "│  10 │ 2.5 s │", "└─────┴───────┘", ""].join("\n"));
    expect(draw([])).toBe(["┌─────┬───────┐", "│   # │ delay │", "└─────┴───────┘", ""].join("\n"));
  });

  it("joins the tables of a long body into one: no rule between chunks, one bottom line", () => {
    const count = 2 * BOX_CHUNK_ROWS + 7;
    const rows = Array.from({ length: count }, (_, i) => [String(i + 1), "1 s"]);
    const lines = draw(rows).split("\n");
    // top, header, rule, the rows, bottom, and the empty string after the last "\n"
    expect(lines).toHaveLength(3 + count + 2);
    expect(lines.slice(3, 3 + count)).toEqual(rows.map(([n]) => `│ ${n!.padStart(3)} │ 1 s   │`));
    expect(lines[3 + count]).toBe("└─────┴───────┘");
  });

  it("yields the first rows before it takes the rest: one row with the header, then a chunk at a time", () => {
    let taken = 0;
    function* rows(): Generator<string[]> {
      for (let i = 1; i <= 3 * BOX_CHUNK_ROWS; i++) {
        taken++;
        yield [String(i), "1 s"];
      }
    }
    const pieces = drawBox(box, rows());
    expect(pieces.next().value).toBe(["┌─────┬───────┐", "│   # │ delay │", "├─────┼───────┤", "│   1 │ 1 s   │", ""].join("\n"));
    expect(taken).toBe(1);
    expect(pieces.next().value!.split("\n")).toHaveLength(BOX_CHUNK_ROWS + 1);
    expect(taken).toBe(1 + BOX_CHUNK_ROWS);
  });

  it("spans cells over columns and rows: a name over two columns, a header beside two header lines", () => {
    const spanning: Box = {
      widths: [7, 3, 4],
      aligns: ["right", "left", "left"],
      head: [
        [{ content: "attempt", rowSpan: 2, vAlign: "bottom", hAlign: "left" }, { content: "name\nlong", colSpan: 2 }],
        ["a", "b"],
      ],
      border: (text) => text,
    };
    // The name's cell is 3 + 4 + 2 × 2 padding + 1 bar = 12 wide: "name" and 6 spaces inside one space each side.
    expect(draw([["1", "x", "y"]], spanning)).toBe(
      [
        "┌─────────┬────────────┐",
        "│         │ name       │",
        "│         │ long       │",
        "│         ├─────┬──────┤",
        "│ attempt │ a   │ b    │",
        "├─────────┼─────┼──────┤",
        "│       1 │ x   │ y    │",
        "└─────────┴─────┴──────┘",
        "",
      ].join("\n"),
    );
  });

  it("paints each bar, and each rule as one piece, with the border paint; painted cells are padded by their plain width", () => {
    const painted: Box = { ...box, border: (text) => `<${text}>` };
    expect(draw([["1", "\u001b[33m1 s\u001b[39m"]], painted)).toBe(
      ["<┌─────┬───────┐>", "<│>   # <│> delay <│>", "<├─────┼───────┤>", "<│>   1 <│> \u001b[33m1 s\u001b[39m   <│>", "<└─────┴───────┘>", ""].join("\n"),
    );
  });
});

describe("the schedule's table", () => {
  // Doubling from 100 ms capped at 400 ms: 100, 200, 400 and 400 ms (800 raw); linear 100 ms a step.
  const policy = normalizePolicy({ baseMs: 100, capMs: 400 });
  const rows = () => scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first: 1, last: 4 });

  it("delay, total wait and the linear comparison; the uncapped value beside a capped delay, and the mark explained", () => {
    expect([...renderScheduleTable(rows, () => ["Total wait: 1.1 s."], plain)].join("").split("\n")).toEqual([
      "┌─────────┬──────────┬─────────────────┬────────┬──────────────┬──────────┐",
      "│ attempt │ delay    │ total wait      │ linear │ linear total │ uncapped │",
      "├─────────┼──────────┼─────────────────┼────────┼──────────────┼──────────┤",
      "│       1 │ 100 ms   │ 100 ms          │ 100 ms │ 100 ms       │          │",
      "│       2 │ 200 ms   │ 300 ms          │ 200 ms │ 300 ms       │          │",
      "│       3 │ 400 ms   │ 700 ms          │ 300 ms │ 600 ms       │          │",
      "│       4 │ 400 ms ⤒ │ 1,100 ms  1.1 s │ 400 ms │ 1 s          │ 800 ms   │",
      "└─────────┴──────────┴─────────────────┴────────┴──────────────┴──────────┘",
      '⤒ capped: the delay is the cap; "uncapped" is what the formula gave before the cap.',
      "Total wait: 1.1 s.",
      "",
    ]);
  });

  it("the widths the last row bounds hold every row (a long range is not measured first)", () => {
    const last = [...rows()].at(-1)!;
    // attempt "4"; "400 ms" + " ⤒"; "1,100 ms  " + "59.9 s"; "400 ms"; "59.9 s"; "800 ms".
    expect(scheduleWidthBounds(last)).toEqual({ full: [1, 8, 16, 6, 6, 6], compact: [1, 8, 6, 6, 6, 6] });
  });

  it("humanWidthBound and msTextBound: the longest reading of a value's magnitude", () => {
    expect([humanWidthBound(999), humanWidthBound(59_999), humanWidthBound(3_600_000), humanWidthBound(400 * 365 * 86_400_000)]).toEqual([6, 6, 11, "400 yr 364 d".length]);
    // "1,600 ms  " then the reading.
    expect([msTextBound(999), msTextBound(1600)]).toEqual([6, 16]);
  });

  it("the Retry-After cell: the header and what it did, in full and narrow", () => {
    const carried = (change: "yes" | "no" | "in some runs" | "ignored" | "gives up") => row(1, 1000, { retryAfter: { headerMs: 30_000, change } as never });
    expect(retryAfterCell(carried("no"), true)).toEqual({ text: "30 s no change", compact: "30 s same" });
    expect(retryAfterCell(carried("in some runs"), false)).toEqual({ text: "30 s changed in some runs" });
    expect(retryAfterCell(row(1, 1000), true)).toEqual({ text: "" });
    // Headers up to 30 s read in at most 6 characters ("59.9 s"), then a space and the longest words.
    expect(retryAfterWidthBounds(30_000)).toEqual([7 + "changed in some runs".length, 7 + "gives up".length]);
  });
});
