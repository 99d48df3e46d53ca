import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../../../../src/core/policy.js";
import { coarsened, decorrelatedSpreads, policySpreads, rangeSpread } from "../../../../../src/core/herd/capacity/flow/delay-spread.js";

const pieces = (s: { lo: Float64Array; hi: Float64Array; weight: Float64Array }) => Array.from(s.lo, (lo, i) => [lo, s.hi[i]!, s.weight[i]!]);

describe("each retry's wait as pieces", () => {
  it("min(U{lo..hi}, ceiling): evenly below the ceiling, the draws from it up at it", () => {
    expect(pieces(rangeSpread({ lo: 0, hi: 100, ceiling: 1000 }))).toEqual([[0, 100, 1]]);
    // U{500..1500} capped at 1000: 500 values below it, 501 from it up.
    expect(pieces(rangeSpread({ lo: 500, hi: 1500, ceiling: 1000 }))).toEqual([
      [500, 999, 500 / 1001],
      [1000, 1000, 501 / 1001],
    ]);
    expect(pieces(rangeSpread({ lo: 2000, hi: 2000, ceiling: 1000 }))).toEqual([[1000, 1000, 1]]);
  });

  it("the calculator's policy: none a point, full U{0..d}, equal U{⌈d/2⌉..d}, per retry (src/core/jitter)", () => {
    const policy = normalizePolicy({ baseMs: 100, capMs: 1000 });
    expect(policySpreads(policy, { kind: "none" }, 3).map(pieces)).toEqual([[[100, 100, 1]], [[200, 200, 1]], [[400, 400, 1]]]);
    expect(policySpreads(policy, { kind: "full" }, 5).map(pieces)).toEqual([[[0, 100, 1]], [[0, 200, 1]], [[0, 400, 1]], [[0, 800, 1]], [[0, 1000, 1]]]);
    expect(policySpreads(policy, { kind: "equal" }, 2).map(pieces)).toEqual([[[50, 100, 1]], [[100, 200, 1]]]);
  });

  it("decorrelated: the marginal of each retry over every history, by hand for base 1, cap 3", () => {
    // Retry 1: U{1..3}. Retry 2: from 1, U{1..3}; from 2, U{1..6} capped (1, 2: 1/6 each, 3: 4/6); from 3, U{1..9} (1, 2: 1/9, 3: 7/9).
    // P(1) = P(2) = (1/3 + 1/6 + 1/9)/3 = 11/54; P(3) = (1/3 + 4/6 + 7/9)/3 = 32/54.
    const [first, second] = decorrelatedSpreads(1, 3, 2).map(pieces);
    expect(first).toEqual([
      [1, 1, 1 / 3],
      [2, 2, 1 / 3],
      [3, 3, 1 / 3],
    ]);
    expect(second!.map(([lo, hi]) => [lo, hi])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(second!.map(([, , w]) => w! * 54)).toEqual([expect.closeTo(11, 12), expect.closeTo(11, 12), expect.closeTo(32, 12)]);
  });

  it("decorrelated with base 100 ms and cap 1 s: at most 64 pieces, weights summing to 1, the cap a point of its own once reached", () => {
    const spreads = decorrelatedSpreads(100, 1000, 3);
    for (const spread of spreads) {
      expect(spread.lo.length).toBeLessThanOrEqual(64);
      expect(spread.weight.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    // Retry 1 draws U{100..300}; retry 2 reaches the cap from a previous wait above 333 ms.
    expect(spreads.map((spread) => [spread.lo[0], spread.hi.at(-1)])).toEqual([
      [100, 300],
      [100, 1000],
      [100, 1000],
    ]);
    expect(spreads.slice(1).map((spread) => spread.lo.at(-1))).toEqual([1000, 1000]);
    // Retry 1: U{100..300}, never capped: its mean is 200 (src/core/jitter/decorrelated.ts: m_1 = (B + 3B)/2).
    const first = spreads[0]!;
    const mean = Array.from(first.lo, (lo, i) => ((lo + first.hi[i]!) / 2) * first.weight[i]!).reduce((a, b) => a + b, 0);
    expect(mean).toBeCloseTo(200, 9);
  });

  it("coarsened: neighbours merged in equal runs, their weights summed, the last piece alone", () => {
    const five: [number, number, number][] = [
      [0, 0, 0.1],
      [1, 1, 0.2],
      [2, 2, 0.3],
      [3, 3, 0.1],
      [9, 9, 0.3],
    ];
    expect(pieces(coarsened(five, 3))).toEqual([
      [0, 1, expect.closeTo(0.3, 12)],
      [2, 3, expect.closeTo(0.4, 12)],
      [9, 9, 0.3],
    ]);
  });
});
