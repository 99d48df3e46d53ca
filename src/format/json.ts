import type { Column } from "./columns.js";
import { jsonText } from "./json-text.js";
import { msJson } from "./numbers.js";

/**
 * One JSON object, `{"policy": …, "rows": [ … ], "summary": …}`, written lazily one row
 * per line so a long schedule streams. The summary comes last because it is computed
 * once the rows are out; `summary()` is only called after the last row.
 */
export function* renderJson<Row>(
  policy: Record<string, unknown>,
  rows: Iterable<Row>,
  columns: ReadonlyArray<Column<Row, number | string | null>>,
  summary: () => Record<string, unknown>,
): Generator<string> {
  yield `{"policy":${jsonText(policy)},\n"rows":[`;
  let separator = "\n";
  for (const row of rows) {
    let object = "{";
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const value = column.value(row);
      object += `${i > 0 ? "," : ""}"${column.name}":${jsonText(typeof value === "number" ? msJson(value) : value)}`;
    }
    yield `${separator}${object}}`;
    separator = ",\n";
  }
  yield `\n],\n"summary":${jsonText(summary())}}\n`;
}
