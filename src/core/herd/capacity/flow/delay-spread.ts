import { isSaturated } from "../../../limits.js";
import type { Policy } from "../../../policy.js";
import { jitterPlan } from "../../../jitter/plan.js";
import type { Jitter } from "../../../jitter/mode.js";
import type { DrawRange } from "../../../jitter/uniform.js";

/**
 * The distribution of one retry's wait, in whole milliseconds, as pieces: each piece is
 * the whole milliseconds lo..hi, every value equally likely, holding `weight` of the
 * probability (the weights sum to 1). What the flow model spreads a millisecond's
 * failures with: full, equal and proportional jitter are one uniform piece (and a point
 * at the cap where their draw passes it); no jitter is a point.
 */
export interface DelaySpread {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly weight: Float64Array;
}

/** Pieces from [lo, hi, weight] triples. */
export function delaySpread(pieces: readonly (readonly [number, number, number])[]): DelaySpread {
  return {
    lo: Float64Array.from(pieces, (p) => p[0]),
    hi: Float64Array.from(pieces, (p) => p[1]),
    weight: Float64Array.from(pieces, (p) => p[2]),
  };
}

/** The longest wait a spread can give. */
export function longestWait(spread: DelaySpread): number {
  let most = 0;
  for (const hi of spread.hi) most = Math.max(most, hi);
  return most;
}

/**
 * min(U{lo..hi}, ceiling) (src/core/jitter/uniform.ts, the draw every mode makes) as
 * pieces: lo..min(hi, ceiling − 1) evenly, and what is drawn from the ceiling up at the
 * ceiling itself.
 */
export function rangeSpread(range: DrawRange): DelaySpread {
  const { lo, ceiling: c } = range;
  const hi = range.hiBeyond === undefined ? range.hi : Number(range.hiBeyond);
  if (lo >= c) return delaySpread([[c, c, 1]]);
  if (hi <= c) return delaySpread([[lo, hi, 1]]);
  const n = hi - lo + 1;
  return delaySpread([
    [lo, c - 1, (c - lo) / n],
    [c, c, (hi - c + 1) / n],
  ]);
}

/** Cells the decorrelated marginal is carried on, at most (each cell's values equally likely). */
export const DECORRELATED_CELLS = 2048;

/**
 * Each retry's wait under decorrelated jitter, min(cap, U{B..3·previous}) with the base
 * as attempt 1's previous (src/core/jitter/decorrelated.ts), over every history: the
 * marginal of retry n, carried from retry n − 1's. On whole milliseconds B..cap when there
 * are at most DECORRELATED_CELLS of them (exact, up to floating-point sums); otherwise on
 * cells of equal width, each taken at its middle for the next draw's range. The flow model
 * spreads each retry's failures by its marginal: it does not follow one request's history,
 * which the expectation per millisecond does not need.
 */
export function decorrelatedSpreads(baseMs: number, capMs: number, retries: number): DelaySpread[] {
  const B = baseMs;
  const C = Math.max(capMs, B);
  const values = C - B + 1;
  const width = values <= DECORRELATED_CELLS ? 1 : Math.ceil(values / DECORRELATED_CELLS);
  const cells = Math.ceil(values / width);
  const cellLo = (i: number) => B + i * width;
  const cellHi = (i: number) => Math.min(C, B + (i + 1) * width - 1);
  let mass = new Float64Array(cells);
  const spreads: DelaySpread[] = [];
  // Attempt 1's previous delay is the base: one point.
  let previous: Float64Array | null = null;
  for (let n = 1; n <= retries; n++) {
    const next = new Float64Array(cells);
    const steps = new Float64Array(cells + 1);
    const draw = (p: number, m: number) => {
      // min(U{B..3p}, C): 3p − B + 1 values, those from C up counted at C.
      const top = 3 * p;
      const count = top - B + 1;
      if (top < C) {
        // Values B..top: spread over the cells they cover (partial cells by their share).
        spreadValues(B, top, m, steps, next, width, B, cells);
      } else {
        spreadValues(B, C - 1, (m * (C - B)) / count, steps, next, width, B, cells);
        next[cells - 1]! += (m * (top - C + 1)) / count;
      }
    };
    if (previous === null) draw(B, 1);
    else for (let i = 0; i < cells; i++) if (previous[i]! > 0) draw(Math.round((cellLo(i) + cellHi(i)) / 2), previous[i]!);
    let density = 0;
    for (let i = 0; i < cells; i++) {
      density += steps[i]!;
      next[i]! += density;
    }
    mass = next;
    previous = next;
    const pieces: [number, number, number][] = [];
    for (let i = 0; i < cells; i++) {
      if (next[i]! <= 0) continue;
      // The cap is a point of its own when it sits in the last cell with others.
      pieces.push([cellLo(i), cellHi(i), next[i]!]);
    }
    spreads.push(coarsened(pieces, SPREAD_PIECES));
  }
  void mass;
  return spreads;
}

/** Pieces a spread keeps at most: each millisecond's failures cost one step per piece. */
export const SPREAD_PIECES = 64;

/**
 * At most `most` pieces: neighbours merged in runs of equal length (their weights summed,
 * evenly spread over their values together), the last piece (the cap's point, where the
 * draws above it go) kept on its own.
 */
export function coarsened(pieces: readonly (readonly [number, number, number])[], most: number): DelaySpread {
  if (pieces.length <= most) return delaySpread(pieces);
  const body = pieces.slice(0, -1);
  const run = Math.ceil(body.length / (most - 1));
  const merged: [number, number, number][] = [];
  for (let i = 0; i < body.length; i += run) {
    const group = body.slice(i, i + run);
    merged.push([group[0]![0], group.at(-1)![1], group.reduce((sum, p) => sum + p[2], 0)]);
  }
  merged.push([...pieces.at(-1)!]);
  return delaySpread(merged);
}

/** Adds mass m spread evenly over the values lo..hi to the cells: whole cells through `steps`, partial ones directly. */
function spreadValues(lo: number, hi: number, m: number, steps: Float64Array, direct: Float64Array, width: number, B: number, cells: number): void {
  if (hi < lo || m === 0) return;
  const perValue = m / (hi - lo + 1);
  const first = Math.floor((lo - B) / width);
  const last = Math.min(cells - 1, Math.floor((hi - B) / width));
  if (first === last) {
    direct[first]! += m;
    return;
  }
  direct[first]! += perValue * (B + (first + 1) * width - lo);
  direct[last]! += perValue * (hi - (B + last * width) + 1);
  if (last > first + 1) {
    steps[first + 1]! += perValue * width;
    steps[last]! -= perValue * width;
  }
}

/**
 * The spreads of retries 1..retries under the calculator's policy with its jitter: each
 * mode's own draw (none, full, equal, a fraction) from its range, decorrelated from its
 * marginal. A saturated delay (2^53 ms and up) never lands within a run: a point there.
 */
export function policySpreads(policy: Policy, jitter: Jitter, retries: number): DelaySpread[] {
  const plan = jitterPlan(policy, jitter);
  if (jitter.kind === "decorrelated") {
    const first = plan.range(1, plan.firstPreviousMs);
    if (isSaturated(first.lo)) return Array.from({ length: retries }, () => delaySpread([[first.lo, first.lo, 1]]));
    return decorrelatedSpreads(first.lo, first.ceiling, retries);
  }
  const spreads: DelaySpread[] = [];
  let last: DrawRange | null = null;
  let lastSpread: DelaySpread | null = null;
  for (let n = 1; n <= retries; n++) {
    const range = plan.range(n, 0);
    if (range !== last) {
      last = range;
      lastSpread = rangeSpread(range);
    }
    spreads.push(lastSpread!);
  }
  return spreads;
}
