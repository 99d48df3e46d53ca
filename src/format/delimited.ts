import type { Column } from "./columns.js";
import { BILLION, SATURATED_TEXT, SMALL_INTEGER_LIMIT, msField } from "./numbers.js";
import { TextBatch } from "./text-batch.js";

// Below SMALL_INTEGER_LIMIT, String() takes V8's small-integer path; above it, the general double printer (about 2.5× slower).
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

/**
 * CSV (RFC 4180 fields; LF line ends, as Unix tools expect) or TSV, one line per row,
 * generated lazily. Every field is a plain integer, the saturation marker or a word (a
 * jitter mode's name), none of which needs quoting; a number is written as integerField
 * prints it, text as it is, nothing for no value.
 */
export function* renderDelimited<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>, separator: "," | "\t"): Generator<string> {
  yield columns.map((column) => column.name).join(separator) + "\n";
  const count = columns.length;
  const separatorCode = separator.charCodeAt(0);
  // Lines go out a batch at a time: one generator step per batch, not per row. The batch's
  // fields are written as bytes and read back as one string (text-batch.ts): no string per
  // field or line to build, join and collect.
  const batch = new TextBatch(BATCH_CHARACTERS + 1024);
  for (const row of rows) {
    for (let i = 0; i < count; i++) {
      if (i > 0) batch.char(separatorCode);
      const value = columns[i]!.value(row);
      if (typeof value === "number") batch.integer(value);
      else if (typeof value === "string") batch.text(value);
      else if (value !== null && value !== undefined) batch.text(String(value));
    }
    batch.char(LINE_END);
    if (batch.size >= BATCH_CHARACTERS) yield batch.take();
  }
  if (batch.size > 0) yield batch.take();
}

const LINE_END = 10;

/**
 * A batch is one write's worth (64 KB, the chunk cli/shared/io.ts writes): the writer then
 * writes it as it is, where batches of 1,024 lines (about 40 KB) were joined a second time,
 * two to a chunk. Still small enough that `| head` stops after little work.
 */
const BATCH_CHARACTERS = 64 * 1024;

export function renderCsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>): Generator<string> {
  return renderDelimited(rows, columns, ",");
}

export function renderTsv<Row>(rows: Iterable<Row>, columns: ReadonlyArray<Column<Row, number | string | null>>): Generator<string> {
  return renderDelimited(rows, columns, "\t");
}
