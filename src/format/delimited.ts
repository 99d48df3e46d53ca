import type { Column } from "./columns.js";
import { msField } from "./numbers.js";

/**
 * CSV (RFC 4180 fields; LF line ends, as Unix tools expect) or TSV, one line per row,
 * generated lazily. Every field is a plain integer or the saturation marker, neither of
 * which needs quoting.
 */
export function* renderDelimited<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row>>, separator: "," | "\t"): Generator<string> {
  yield columns.map((column) => column.name).join(separator) + "\n";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) line += separator;
      line += msField(columns[i]!.value(row));
    }
    yield line + "\n";
  }
}

export function renderCsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row>>): Generator<string> {
  return renderDelimited(rows, columns, ",");
}

export function renderTsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row>>): Generator<string> {
  return renderDelimited(rows, columns, "\t");
}
