import type { Column } from "./columns.js";
import { SATURATED_TEXT, msField } from "./numbers.js";

/** Below this, String() takes V8's small-integer path; above it, the general double printer (about 2.5× slower). */
const SMALL_INTEGER_LIMIT = 2 ** 31;
const BILLION = 1e9;
const NINE_ZEROS = "000000000";

/**
 * msField, faster for the large values of long schedules (cumulative totals): a whole
 * number from 2^31 up to 2^53 − 1 is printed as two small integers, the billions and the
 * last nine digits zero-padded. Both parts are exact (fmod and an exact division), so the
 * text is exactly String(ms). Anything else (saturated, fractional) goes to msField.
 */
export function integerField(ms: number): string {
  if (ms > Number.MAX_SAFE_INTEGER) return SATURATED_TEXT; // as msField: saturated
  if (ms < SMALL_INTEGER_LIMIT && ms >= 0 && Number.isInteger(ms)) return String(ms);
  if (ms > 0 && Number.isInteger(ms)) {
    const low = ms % BILLION;
    const high = (ms - low) / BILLION;
    const lowText = String(low);
    return String(high) + NINE_ZEROS.slice(lowText.length) + lowText;
  }
  return msField(ms);
}

/** A cell: a number as integerField writes it, words as they are, nothing for no value. */
function cellField(value: number | string | null): string {
  return typeof value === "number" ? integerField(value) : (value ?? "");
}

/**
 * CSV (RFC 4180 fields; LF line ends, as Unix tools expect) or TSV, one line per row,
 * generated lazily. Every field is a plain integer, the saturation marker or a word (a
 * jitter mode's name), none of which needs quoting.
 */
export function* renderDelimited<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>, separator: "," | "\t"): Generator<string> {
  yield columns.map((column) => column.name).join(separator) + "\n";
  const count = columns.length;
  // Lines go out a batch at a time: one generator step and one join per batch, not per row.
  let batch: string[] = [];
  for (const row of rows) {
    let line = count > 0 ? cellField(columns[0]!.value(row)) : "";
    for (let i = 1; i < count; i++) line += separator + cellField(columns[i]!.value(row));
    batch.push(line, "\n");
    if (batch.length >= LINES_PER_BATCH * 2) {
      yield batch.join("");
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join("");
}

/** About 40 KB of CSV: small enough that `| head` stops after little work. */
const LINES_PER_BATCH = 1024;

export function renderCsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>): Generator<string> {
  return renderDelimited(rows, columns, ",");
}

export function renderTsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>): Generator<string> {
  return renderDelimited(rows, columns, "\t");
}
