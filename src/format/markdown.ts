import type { Column } from "./columns.js";
import { msField } from "./numbers.js";

/** A GitHub table (numbers right-aligned), then the summary lines as a paragraph. */
export function* renderMarkdown<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row>>, summaryLines: () => readonly string[]): Generator<string> {
  yield `| ${columns.map((column) => column.name).join(" | ")} |\n`;
  yield `|${columns.map(() => "---:").join("|")}|\n`;
  for (const row of rows) {
    yield `| ${columns.map((column) => msField(column.value(row))).join(" | ")} |\n`;
  }
  const lines = summaryLines();
  if (lines.length > 0) yield `\n${lines.map((line) => `${line}  `).join("\n").trimEnd()}\n`;
}
