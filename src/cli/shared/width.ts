import type { Io } from "./io.js";

/**
 * The width output is fitted to: the terminal's columns when standard output is a
 * terminal that knows its size, else COLUMNS when it is set to a positive whole number,
 * else null: a pipe or file gets the full-width output, byte for byte as always (CSV
 * minded users and scripts see no change). Decided here, once, and handed to the pure
 * renderers in src/format as a number.
 */
export function outputWidth(io: Pick<Io, "stdout" | "env">): number | null {
  const { columns, isTTY } = io.stdout;
  if (isTTY === true && columns !== undefined && columns > 0) return columns;
  const text = io.env["COLUMNS"]?.trim();
  if (text !== undefined && /^\d+$/.test(text) && Number(text) > 0) return Number(text);
  return null;
}
