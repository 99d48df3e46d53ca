import { describe, expect, it } from "vitest";
import type { Column } from "../../src/format/columns.js";
import { renderCsv } from "../../src/format/delimited.js";
import { renderMarkdown } from "../../src/format/markdown.js";

type Mode = { readonly name: string; readonly peak: number };
const COLUMNS: ReadonlyArray<Column<Mode, number | string>> = [
  { name: "jitter", value: (row) => row.name, align: "left" },
  { name: "peak_load", value: (row) => row.peak },
];
const ROWS: Mode[] = [
  { name: "none", peak: 1000 },
  { name: "full", peak: 2 ** 53 },
];

describe("a column of words beside numbers (simulate's jitter modes)", () => {
  it("CSV writes the words as they are and numbers as msField does", () => {
    expect([...renderCsv(ROWS, COLUMNS)].join("")).toBe("jitter,peak_load\nnone,1000\nfull,>9007199254740991\n");
  });

  it("Markdown aligns the words left and the numbers right", () => {
    expect([...renderMarkdown(ROWS, COLUMNS, () => ["One line."])].join("")).toBe(
      "| jitter | peak_load |\n|:---|---:|\n| none | 1000 |\n| full | >9007199254740991 |\n\nOne line.\n",
    );
  });
});
