/** How every jitter mode draws (src/core/jitter/uniform.ts): bounds, exact means and draws of min(U{lo..hi}, ceiling). */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/core/random.js";
import { SATURATED_RANGE, ceilingOf, draw, drawBounds, drawMean, rangeUpTo } from "../../../src/core/jitter/uniform.js";
import { MAX_EXACT_MS, SATURATED_MS } from "../../../src/core/limits.js";
import { runCli } from "../../support/cli.js";

const highest = { integer: (_min: number, max: number) => max, fraction: () => 1 - 2 ** -53 };

describe("min(U{lo..hi}, ceiling), by hand", () => {

  it("the ceiling is the cap, or 2^53 without one (nothing a double holds exactly is clamped)", () => {
    expect([ceilingOf(5000), ceilingOf(null)]).toEqual([5000, SATURATED_MS]);
  });

  it("rangeUpTo keeps a top past 2^53 − 1 in hiBeyond", () => {
    expect(rangeUpTo(1, 10n, 5)).toEqual({ lo: 1, hi: 10, ceiling: 5 });
    expect(rangeUpTo(1, 2n ** 53n, 5)).toEqual({ lo: 1, hi: MAX_EXACT_MS, ceiling: 5, hiBeyond: 2n ** 53n });
  });

  it("bounds: both ends under the ceiling", () => {
    expect(drawBounds({ lo: 24_000, hi: 36_000, ceiling: 30_000 })).toEqual({ minMs: 24_000, maxMs: 30_000 });
    expect(drawBounds({ lo: 5, hi: 9, ceiling: 3 })).toEqual({ minMs: 3, maxMs: 3 });
  });

  it("mean: (lo + hi) / 2 below the ceiling; U{1..4} under 3 is 1, 2, 3, 3 → 9/4; all past it is the ceiling", () => {
    expect(drawMean({ lo: 0, hi: 1000, ceiling: SATURATED_MS })).toBe(500);
    expect(drawMean({ lo: 1, hi: 4, ceiling: 3 })).toBe(2.25);
    // U{1..3} under 2 is 1, 2, 2 → 5/3, as 1 + 4/6 (whole part and remainder: within an ulp).
    expect(drawMean({ lo: 1, hi: 3, ceiling: 2 })).toBeCloseTo(5 / 3, 15);
    expect(drawMean({ lo: 5, hi: 9, ceiling: 3 })).toBe(3);
    expect(drawMean(SATURATED_RANGE)).toBe(SATURATED_MS);
  });

  it("a draw: clamped to the ceiling; a single value takes no random number", () => {
    expect(draw({ lo: 0, hi: 10, ceiling: 4 }, highest)).toBe(4);
    expect(draw({ lo: 0, hi: 10, ceiling: 40 }, highest)).toBe(10);
    const untouched = { integer: () => { throw new Error("drew"); }, fraction: () => { throw new Error("drew"); } };
    expect(draw({ lo: 7, hi: 7, ceiling: 40 }, untouched)).toBe(7);
  });
});

// Issue 16, item 5: a jitter range whose top passes 2^53 − 1 keeps its true top, so the
// share of draws clamped to the cap, and with it the mean, is exact.

const MAX = 2n ** 53n - 1n;

/** E[min(U{lo..hi}, c)] as an exact fraction, by the textbook sum (BigInt throughout). */
function exactMean(lo: bigint, hi: bigint, c: bigint): { num: bigint; den: bigint } {
  const below = ((c - lo) * (lo + c - 1n)) / 2n; // Σ_{v=lo}^{c−1} v (the product is even)
  return { num: below + c * (hi - c + 1n), den: hi - lo + 1n };
}

describe("proportional jitter at 2^53 (issue 16, item 5)", () => {
  it("--base 4s --attempts 42..42 --jitter 1 (issue 39): max past 2^53 is the marker, the mean the exact 8796093022208000", async () => {
    const { code, stdout } = await runCli(["--base", "4s", "--attempts", "42..42", "--jitter", "1", "--format", "csv"]);
    expect(code).toBe(0);
    const [header, line] = stdout.trim().split("\n");
    const row = Object.fromEntries(line!.split(",").map((v, i) => [header!.split(",")[i]!, v]));
    // d = 4000 × 2^41 = 8796093022208000 (below 2^53); ±100 %: U{0..2d}, no cap. 2d = 17592186044416000 is past
    // 2^53 − 1, so the max is the marker; the mean is (0 + 2d) / 2 = d, which a double holds exactly.
    const d = 4000n * 2n ** 41n;
    expect(d).toBe(8796093022208000n);
    expect(2n * d > MAX).toBe(true);
    expect([row["delay_ms"], row["min_ms"], row["max_ms"], row["mean_ms"]]).toEqual([String(d), "0", ">9007199254740991", String(d)]);
  });

  it("without a cap a draw past 2^53 − 1 is saturated (shown as the marker), never clamped to 2^53 − 1", () => {
    const range = rangeUpTo(0, 2n ** 54n, ceilingOf(null));
    expect(drawBounds(range)).toEqual({ minMs: 0, maxMs: SATURATED_MS });
    // The middle of U{0..2^54} is 2^53: saturated.
    expect(drawMean(range)).toBe(SATURATED_MS);
    expect(drawMean(rangeUpTo(2, 2n ** 53n + 4n, ceilingOf(null)))).toBe(2 ** 52 + 3);
    // Half the draws of U{0..2^54} are from 2^53 up: each is SATURATED_MS, the others whole numbers below it.
    const random = seededRandom(39);
    const draws = Array.from({ length: 100 }, () => draw(range, random));
    expect(draws.every((value) => value === SATURATED_MS || (Number.isSafeInteger(value) && value >= 0))).toBe(true);
    expect(draws.filter((value) => value === SATURATED_MS).length).toBeGreaterThan(0);
  });

  it("--base 2^53−1 --cap 2^53−1 --jitter 0.5: the mean is ≈ 7881299347898367.4, not 6755399441055744", async () => {
    const { code, stdout } = await runCli(["--base", String(MAX), "--cap", String(MAX), "--jitter", "0.5", "--attempts", "1", "--format", "csv"]);
    expect(code).toBe(0);
    const [header, line] = stdout.trim().split("\n");
    const row = Object.fromEntries(line!.split(",").map((v, i) => [header!.split(",")[i]!, v]));
    // d = 2^53 − 1: lo = ⌈d/2⌉, hi = ⌊3d/2⌋, and every draw from d up counts as d.
    const d = MAX;
    const { num, den } = exactMean((d + 1n) / 2n, (3n * d) / 2n, d);
    const nearest = (2n * num + den) / (2n * den); // the integer nearest the exact mean (a double has no finer step here)
    expect(nearest).toBe(7881299347898367n);
    expect(row["mean_ms"]).toBe(String(nearest));
    expect(row["min_ms"]).toBe("4503599627370496");
    expect(row["max_ms"]).toBe(String(MAX));
  });

  it("drawMean with the top past 2^53 − 1 agrees with the exact fraction", () => {
    const lo = 2 ** 52;
    const ceiling = 2 ** 53 - 101;
    const top = 2n ** 53n + 12345n;
    const { num, den } = exactMean(BigInt(lo), top, BigInt(ceiling));
    const mean = drawMean({ lo, hi: Number(MAX), ceiling, hiBeyond: top });
    expect(BigInt(Math.round(mean))).toBe((2n * num + den) / (2n * den));
  });

  it("sampling from such a range stays within [lo, ceiling] and hits the ceiling as often as the top's share says", () => {
    const lo = 2 ** 53 - 10;
    const ceiling = 2 ** 53 - 1;
    const top = 2n ** 53n + 10n; // 21 values, lo..lo+8 below the ceiling, 12 at or past it
    const random = seededRandom(53);
    const runs = 21_000;
    let atCeiling = 0;
    for (let i = 0; i < runs; i++) {
      const value = draw({ lo, hi: ceiling, ceiling, hiBeyond: top }, random);
      expect(value).toBeGreaterThanOrEqual(lo);
      expect(value).toBeLessThanOrEqual(ceiling);
      if (value === ceiling) atCeiling++;
    }
    // Expected 12/21 of the runs (12,000); the binomial standard deviation is about 72: allow five.
    expect(Math.abs(atCeiling - 12_000)).toBeLessThan(5 * 72);
  });
});
