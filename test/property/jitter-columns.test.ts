/**
 * The jitter columns of random policies near 2^53 (fast-check, fixed seed) against an exact
 * reference worked out here in BigInt, from nothing but the row's own un-jittered delay_ms:
 * ±j jitter is U{⌈d(1−j)⌉..⌊d(1+j)⌋} clamped to the cap (full jitter U{0..d}), so min, max and
 * mean are exact rationals. What the CSV must say of each: a whole number exactly up to
 * 2^53 − 1 and the marker past it; the mean to a thousandth below 2^53 / 1000, the double
 * nearest it from there to 2^53 − 1, the marker past it. Issue 39 found 8 of 500 such
 * policies with a mean rounded through × 1000 past 2^53 (1207295294717007.8 for
 * 1207295294717008) and a max clamped to 2^53 − 1 where it was past it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

const MAX = 2n ** 53n - 1n;
const MARKER = `>${MAX}`;

interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

/** A decimal as written ("0.66441", "2938.1") as an exact fraction. */
function decimal(text: string): Ratio {
  const [whole, fraction = ""] = text.split(".");
  return { num: BigInt(whole! + fraction), den: 10n ** BigInt(fraction.length) };
}

/** A finite double as the exact fraction it is (a whole number times a power of two). */
function exactDouble(x: number): Ratio {
  let den = 1n;
  let scaled = x;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    den *= 2n;
  }
  return { num: BigInt(scaled), den };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** E[min(U{lo..hi}, c)], exactly: Σ_{v=lo}^{c−1} v + c·(hi − c + 1), over hi − lo + 1; c null for no cap. */
function clampedMean(lo: bigint, hi: bigint, c: bigint | null): Ratio {
  if (c === null || hi <= c) return { num: lo + hi, den: 2n };
  if (lo >= c) return { num: c, den: 1n };
  return { num: (c - lo) * (lo + c - 1n) + 2n * c * (hi - c + 1n), den: 2n * (hi - lo + 1n) };
}

/** |a − b| ≤ bound, all exact. */
function within(a: Ratio, b: Ratio, bound: Ratio): boolean {
  const diff = a.num * b.den - b.num * a.den;
  const abs = diff < 0n ? -diff : diff;
  return abs * bound.den <= bound.num * a.den * b.den;
}

/** Half an ulp of a double near r (r ≥ 1): 2^(⌊log2 r⌋ − 53). */
function halfUlp(r: Ratio): Ratio {
  const exponent = (r.num / r.den).toString(2).length - 1;
  return exponent >= 53 ? { num: 2n ** BigInt(exponent - 53), den: 1n } : { num: 1n, den: 2n ** BigInt(53 - exponent) };
}

/** What a whole-number column must say. */
const wholeText = (value: bigint) => (value > MAX ? MARKER : String(value));

/** Asserts what mean_ms must say of the exact mean. */
function expectMean(printed: string, mean: Ratio): void {
  if (mean.num > MAX * mean.den) {
    expect(printed).toBe(MARKER);
    return;
  }
  expect(printed).not.toBe(MARKER);
  const shown = exactDouble(Number(printed));
  // Below 2^53 / 1000 a thousandth is the last place, so the text is within half of one.
  if (mean.num * 1000n < MAX * mean.den) {
    expect(within(shown, mean, { num: 1n, den: 2000n })).toBe(true);
    expect(/^\d+(\.\d{1,3})?$/.test(printed)).toBe(true);
  } else {
    // From there the mean is the double nearest it: within half an ulp of it (ties either side).
    expect(within(shown, mean, halfUlp(mean))).toBe(true);
  }
}

const digits = (whole: fc.Arbitrary<number>, places: number) =>
  fc.tuple(whole, fc.integer({ min: 0, max: 10 ** places - 1 })).map(([w, f]) => (f === 0 ? String(w) : `${w}.${String(f).padStart(places, "0")}`.replace(/0+$/, "")));

/** A policy whose delay at the chosen attempt lies between 2^40 and 2^54 ms, where the columns' edges are. */
const policy = fc
  .record({
    base: digits(fc.integer({ min: 1, max: 5000 }), 1),
    factor: digits(fc.integer({ min: 1, max: 3 }), 6),
    jitter: fc.oneof(digits(fc.constant(0), 5).filter((j) => j !== "0"), fc.constant("1"), fc.constant("full")),
    capShare: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
  })
  .filter(({ factor }) => Number(factor) >= 1.5)
  .map((p) => {
    // The attempt where base × factor^(a−1) is nearest 2^52.5: half the policies fall past 2^53 at the top of their range.
    const attempt = 1 + Math.round((52.5 * Math.LN2 - Math.log(Number(p.base))) / Math.log(Number(p.factor)));
    return { ...p, attempt: Math.max(1, attempt) };
  });

describe("the jitter columns near 2^53 against an exact reference (fast-check)", () => {
  it("min, max and mean of ±j and full jitter, with and without a cap, 500 random policies", async () => {
    await fc.assert(
      fc.asyncProperty(policy, async (p) => {
        const argv = ["--base", p.base, "--factor", p.factor, "--jitter", p.jitter, "--attempts", `${p.attempt}..${p.attempt}`, "--format", "csv"];
        // A cap somewhere around the un-jittered delay: 1/100 to twice it, as a whole number of ms.
        const first = await runCli(argv);
        expect(first.code).toBe(0);
        const delayText = first.stdout.split("\n")[1]!.split(",")[2]!;
        if (delayText === MARKER) return;
        const raw = BigInt(delayText);
        const share = p.capShare === null ? null : (raw * BigInt(p.capShare)) / 100n;
        const capMs = share === null ? null : share > MAX ? MAX : share; // --cap takes at most 2^53 − 1
        const result = capMs === null || capMs < 1n ? first : await runCli([...argv, "--cap", String(capMs)]);
        expect(result.code).toBe(0);
        const [header, line] = result.stdout.trim().split("\n");
        const row = Object.fromEntries(line!.split(",").map((value, i) => [header!.split(",")[i]!, value]));
        const cap = capMs === null || capMs < 1n ? null : capMs;
        const d = BigInt(row["delay_ms"]!);
        expect(cap === null || d <= cap).toBe(true);
        let lo: bigint;
        let hi: bigint;
        if (p.jitter === "full") {
          lo = 0n;
          hi = d;
        } else {
          const j = decimal(p.jitter);
          lo = ceilDiv(d * (j.den - j.num), j.den);
          hi = (d * (j.den + j.num)) / j.den;
        }
        const clamp = (v: bigint) => (cap !== null && v > cap ? cap : v);
        expect(row["min_ms"]).toBe(wholeText(clamp(lo)));
        expect(row["max_ms"]).toBe(wholeText(clamp(hi)));
        expectMean(row["mean_ms"]!, clampedMean(lo, hi, cap));
      }),
      { seed: 39, numRuns: 500 },
    );
  }, 120_000);

  it("the issue's policy: --base 2938.1 --factor 2.692395 --jitter 0.66441 --attempts 28..28, mean 1207295294717008", async () => {
    const { stdout } = await runCli(["--base", "2938.1", "--factor", "2.692395", "--jitter", "0.66441", "--attempts", "28..28", "--format", "csv"]);
    const [header, line] = stdout.trim().split("\n");
    const row = Object.fromEntries(line!.split(",").map((value, i) => [header!.split(",")[i]!, value]));
    const d = BigInt(row["delay_ms"]!);
    const j = decimal("0.66441");
    const lo = ceilDiv(d * (j.den - j.num), j.den);
    const hi = (d * (j.den + j.num)) / j.den;
    // (lo + hi) / 2, worked out here: an integer, which the double holds exactly.
    expect((lo + hi) % 2n).toBe(0n);
    expect(row["mean_ms"]).toBe(String((lo + hi) / 2n));
    expect(row["mean_ms"]).toBe("1207295294717008");
  });
});
