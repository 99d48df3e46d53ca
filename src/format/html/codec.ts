/**
 * A column of whole numbers in few bytes, so that a page for 10,000 attempts stays well
 * under 250 KB. A column is first turned into small residuals by one of four transforms:
 * the values themselves, their first or second differences (a capped delay repeats, a
 * linear one grows by a step), or what is left after a geometric prediction
 * v[i] ≈ v[i−1]² ÷ v[i−2] (an exponential delay grows by a factor); the residuals are then
 * run-length encoded and written as a JSON array or, shorter for large values, as
 * base-64 variable-length digits in a string. The encoder tries every combination and
 * keeps the shortest whose decoding gives back every value exactly (the plain JSON array
 * always does), so the page reads the very numbers the CLI computed.
 */
export type Transform = 0 | 1 | 2 | "g";

export interface EncodedColumn {
  /** How the residuals came from the values. */
  readonly t: Transform;
  /** The residuals' runs [value, count, value, count, …] as JSON numbers… */
  readonly n?: readonly number[];
  /** …or as base-64 digits (see writeRuns). */
  readonly s?: string;
}

/** The geometric prediction from the two values before; both engines compute the same double. */
function predict(previous: number, before: number): number {
  return before === 0 ? previous : Math.round(previous * (previous / before));
}

function residuals(values: readonly number[], transform: Transform): number[] {
  if (transform === "g") return values.map((value, i) => (i < 2 ? value : value - predict(values[i - 1]!, values[i - 2]!)));
  let current = [...values];
  for (let pass = 0; pass < transform; pass++) current = current.map((value, i) => (i === 0 ? value : value - current[i - 1]!));
  return current;
}

function restore(residual: number[], transform: Transform): number[] {
  const values = residual;
  if (transform === "g") {
    for (let i = 2; i < values.length; i++) values[i] = values[i]! + predict(values[i - 1]!, values[i - 2]!);
    return values;
  }
  for (let pass = 0; pass < transform; pass++) {
    for (let i = 1; i < values.length; i++) values[i] = values[i - 1]! + values[i]!;
  }
  return values;
}

function runsOf(values: readonly number[]): number[] {
  const runs: number[] = [];
  for (const value of values) {
    const last = runs.length - 2;
    if (last >= 0 && runs[last] === value) runs[last + 1]!++;
    else runs.push(value, 1);
  }
  return runs;
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The rest of a number after its first character: base-32 groups, low first, each with a "more follows" bit. */
function writeRest(rest: number, out: string[]): void {
  while (rest >= 32) {
    out.push(DIGITS[32 + (rest % 32)]!);
    rest = Math.floor(rest / 32);
  }
  out.push(DIGITS[rest]!);
}

/**
 * Runs as digits, one number after another: the first character of a run holds "more
 * follows", three bits of the magnitude, the sign and "a count follows" (a run longer
 * than one); the magnitude goes on in base 32. Only divisions by powers of two and
 * remainders: exact for every whole number up to 2^53.
 */
function writeRuns(runs: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const value = runs[i]!;
    const count = runs[i + 1]!;
    const magnitude = Math.abs(value);
    const rest = Math.floor(magnitude / 8);
    out.push(DIGITS[(rest > 0 ? 32 : 0) + (magnitude % 8) * 4 + (value < 0 ? 2 : 0) + (count > 1 ? 1 : 0)]!);
    if (rest > 0) writeRest(rest, out);
    if (count > 1) writeRest(count, out);
  }
  return out.join("");
}

function readRuns(text: string): number[] {
  const runs: number[] = [];
  let i = 0;
  const digit = () => {
    const found = DIGITS.indexOf(text[i++] ?? "");
    if (found < 0) throw new RangeError("a column's digits end in the middle of a number");
    return found;
  };
  const rest = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const next = digit();
      value += (next % 32) * scale;
      if (next < 32) return value;
      scale *= 32;
    }
  };
  while (i < text.length) {
    const head = digit();
    const magnitude = ((head % 32) >> 2) + (head >= 32 ? 8 * rest() : 0);
    const count = head % 2 === 1 ? rest() : 1;
    runs.push(head & 2 ? -magnitude : magnitude, count);
  }
  return runs;
}

export function decodeColumn(column: EncodedColumn): number[] {
  const runs = column.n ?? readRuns(column.s ?? "");
  const values: number[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    for (let count = 0; count < runs[i + 1]!; count++) values.push(runs[i]!);
  }
  return restore(values, column.t);
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

function size(column: EncodedColumn): number {
  return column.n === undefined ? (column.s ?? "").length + 2 : JSON.stringify(column.n).length;
}

export function encodeColumn(values: readonly number[]): EncodedColumn {
  const candidates: Array<{ column: EncodedColumn; size: number }> = [];
  for (const t of [0, 1, 2, "g"] as const) {
    const runs = runsOf(residuals(values, t));
    candidates.push({ column: { t, n: runs }, size: size({ t, n: runs }) });
    // Digits only for whole numbers (a saturated 2^53 included).
    if (runs.every((value) => Number.isInteger(value) && Math.abs(value) <= 2 ** 53)) {
      const digits: EncodedColumn = { t, s: writeRuns(runs) };
      candidates.push({ column: digits, size: size(digits) });
    }
  }
  // The shortest that decodes exactly; the plain values as JSON numbers (the first) always do.
  const ordered = candidates.slice(1).sort((a, b) => a.size - b.size);
  return ordered.find(({ column, size: candidateSize }) => candidateSize < candidates[0]!.size && sameValues(decodeColumn(column), values))?.column ?? candidates[0]!.column;
}
