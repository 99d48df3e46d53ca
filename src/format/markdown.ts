import type { Column } from "./columns.js";
import { msField } from "./numbers.js";

/** A cell: a number as msField writes it, words as they are, nothing for no value. */
function cellText(value: number | string | null): string {
  return typeof value === "number" ? msField(value) : (value ?? "");
}

/** A GitHub table (numbers right-aligned, words left), then the summary lines as a paragraph. */
export function* renderMarkdown<Row>(
  rows: Iterable<Row>,
  columns: ReadonlyArray<Column<Row, number | string | null>>,
  summaryLines: () => readonly string[],
): Generator<string> {
  yield `| ${columns.map((column) => column.name).join(" | ")} |\n`;
  yield `|${columns.map((column) => (column.align === "left" ? ":---" : "---:")).join("|")}|\n`;
  for (const row of rows) {
    yield `| ${columns.map((column) => cellText(column.value(row))).join(" | ")} |\n`;
  }
  const lines = summaryLines();
  if (lines.length > 0) yield `\n${lines.map((line) => `${line}  `).join("\n").trimEnd()}\n`;
}
