/**
 * A column of numbers in a few bytes of JSON, so that a page for 10,000 attempts stays
 * small: the values, or their first or second differences, run-length encoded as
 * [value, count, value, count, …]. Schedules are made of runs (a capped delay repeats,
 * a linear delay grows by one step, a doubling total grows by the delay), so one of the
 * three orders is short. The encoder keeps an order only when decoding it gives back
 * every value exactly (differences of whole milliseconds up to 2^53 are exact; the check
 * also covers anything else), so the page reads the very numbers the CLI computed.
 */
export interface EncodedColumn {
  /** How many times the decoded runs are summed up (0: the runs are the values). */
  readonly order: 0 | 1 | 2;
  /** [value, count, value, count, …] */
  readonly runs: readonly number[];
}

function differences(values: readonly number[]): number[] {
  return values.map((value, index) => (index === 0 ? value : value - values[index - 1]!));
}

function runsOf(values: readonly number[]): number[] {
  const runs: number[] = [];
  for (const value of values) {
    const last = runs.length - 2;
    if (last >= 0 && Object.is(runs[last], value)) runs[last + 1]!++;
    else runs.push(value, 1);
  }
  return runs;
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export function encodeColumn(values: readonly number[]): EncodedColumn {
  let best: EncodedColumn = { order: 0, runs: runsOf(values) };
  let size = JSON.stringify(best.runs).length;
  let current: readonly number[] = values;
  for (const order of [1, 2] as const) {
    current = differences(current);
    const candidate: EncodedColumn = { order, runs: runsOf(current) };
    const candidateSize = JSON.stringify(candidate.runs).length;
    if (candidateSize < size && sameValues(decodeColumn(candidate), values)) {
      best = candidate;
      size = candidateSize;
    }
  }
  return best;
}

export function decodeColumn(column: EncodedColumn): number[] {
  const values: number[] = [];
  const { runs } = column;
  for (let i = 0; i + 1 < runs.length; i += 2) {
    for (let count = 0; count < runs[i + 1]!; count++) values.push(runs[i]!);
  }
  for (let pass = 0; pass < column.order; pass++) {
    for (let i = 1; i < values.length; i++) values[i] = values[i - 1]! + values[i]!;
  }
  return values;
}
