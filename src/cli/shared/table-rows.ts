import { groupDigits } from "../../core/text/digits.js";
import { UsageError } from "./errors.js";

/**
 * The most rows a box table draws. A table is for reading: cli-table3 measures every cell
 * (about 150 µs a row on this project's machine, against a few µs for a CSV row), so
 * 100,000 rows already take some 15 s, and `--attempts 100000000` would print 15 GB over
 * hours. CSV and TSV stream any length.
 */
export const MAX_TABLE_ROWS = 100_000;

/** Refuses a table of more than MAX_TABLE_ROWS rows (attempts `first`..`last`), before anything is written. */
export function checkTableRows(first: number, last: number): void {
  const rows = last - first + 1;
  if (rows <= MAX_TABLE_ROWS) return;
  throw new UsageError(
    `a table shows at most ${groupDigits(MAX_TABLE_ROWS)} rows, got ${groupDigits(rows)} (attempts ${first}..${last}); ` +
      "use --format csv or --format tsv, which stream any length, or --attempts A..B for the part to read",
  );
}
