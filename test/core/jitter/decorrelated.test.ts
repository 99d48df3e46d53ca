/** Decorrelated jitter (src/core/jitter/decorrelated.ts): min(cap, U{B..3·previous}), its bounds and its mean. */
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { seededRandom } from "../../support/random.js";
import { runCli } from "../../support/cli.js";
import { MAX_EXACT_MS } from "../../../src/core/limits.js";
import { DecorrelatedSchedule, decorrelatedRange } from "../../../src/core/jitter/decorrelated.js";

describe("decorrelated jitter: min(cap, U{B..3·previous})", () => {
  // base 100, cap 10 s: M_n = min(10000, 100·3^n).
  const model = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 10_000 }), { kind: "decorrelated" });
  it("bounds over every history", () => {
    expect(model.bounds(1)).toEqual({ minMs: 100, maxMs: 300 }); // 100·3
    expect(model.bounds(2)).toEqual({ minMs: 100, maxMs: 900 }); // 100·9
    expect(model.bounds(3)).toEqual({ minMs: 100, maxMs: 2700 });
    expect(model.bounds(4)).toEqual({ minMs: 100, maxMs: 8100 });
    expect(model.bounds(5)).toEqual({ minMs: 100, maxMs: 10_000 }); // 24300 > cap
    expect(model.bounds(500)).toEqual({ minMs: 100, maxMs: 10_000 });
  });
  it("closed-form mean while the cap cannot bite: m_n = (B + 3·m_(n−1)) / 2", () => {
    expect(model.meanMs(1)).toBe(200); // (100 + 300) / 2
    expect(model.meanMs(2)).toBe(350); // (100 + 3·200) / 2
    expect(model.meanMs(3)).toBe(575); // (100 + 3·350) / 2
    expect(model.meanMs(4)).toBe(912.5); // (100 + 3·575) / 2
  });
  it("computed mean once the cap bites, checked by hand on a tiny case", () => {
    // B = 1, cap 5. Attempt 1: U{1..3}, mean 2. Attempt 2 from each previous p ∈ {1, 2, 3} (1/3 each):
    //   p = 1: U{1..3} → mean 2; p = 2: U{1..6} → 1,2,3,4,5,5 → 20/6; p = 3: U{1..9} → 1,2,3,4 and five 5s → 35/9.
    //   mean = (2 + 20/6 + 35/9) / 3 = 83/27 = 3.0740…, shown to 3 decimals.
    const tiny = jitteredPolicyModel(normalizePolicy({ baseMs: 1, capMs: 5 }), { kind: "decorrelated" });
    expect(tiny.bounds(1)).toEqual({ minMs: 1, maxMs: 3 });
    expect(tiny.bounds(2)).toEqual({ minMs: 1, maxMs: 5 });
    expect(tiny.meanMs(1)).toBe(2);
    expect(tiny.meanMs(2)).toBe(Math.round((83 / 27) * 1000) / 1000);
  });
  it("the computed mean agrees with 200,000 sampled sequences", () => {
    const random = seededRandom(2024);
    const runs = 200_000;
    let sum = 0;
    for (let i = 0; i < runs; i++) {
      const sample = model.sampler(random);
      let last = 0;
      for (let a = 1; a <= 8; a++) last = sample(a);
      sum += last;
    }
    // The delay's standard deviation is below 3,000 ms, so the standard error is below 7 ms.
    expect(Math.abs(sum / runs - model.meanMs(8))).toBeLessThan(30);
  });
  it("with more values below the cap than are computed exactly, the mean on relative-width cells still agrees with sampling", () => {
    // base 10 ms, cap 1000 s: 999,990 whole milliseconds below the cap, more than EXACT_MEAN_VALUES.
    const wide = jitteredPolicyModel(normalizePolicy({ baseMs: 10, capMs: 1_000_000 }), { kind: "decorrelated" });
    expect(wide.meanMs(5)).toBe(141.875); // closed form: 2·10·1.5^5 − 10 (10·3^5 = 2430 ≤ cap)
    const random = seededRandom(11);
    const runs = 100_000;
    let sum = 0;
    for (let i = 0; i < runs; i++) {
      const sample = wide.sampler(random);
      for (let a = 1; a < 15; a++) sample(a);
      sum += sample(15);
    }
    expect(Math.abs(sum / runs / wide.meanMs(15) - 1)).toBeLessThan(0.03);
  });
  it("becomes steady once bounds and mean stop moving", () => {
    const steady = model.steadyFrom();
    expect(steady).not.toBeNull();
    expect(model.meanMs(steady! + 1000)).toBe(model.meanMs(steady!));
  });
  it("needs a cap", () => {
    expect(() => jitteredPolicyModel(normalizePolicy({ baseMs: 100 }), { kind: "decorrelated" })).toThrow(/needs a cap/);
  });
});

// Issue 16, item 1: the decorrelated mean, far from the base. Every expected value here is
// computed independently of src/: by hand (the closed form), by an exact per-millisecond
// propagation written below, or by sampling with a stated tolerance.

/** The CSV's rows as records. */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split("\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i]!, value])));
}

/** 2B·(3/2)^n − B: the mean of U{B..3·previous} chained n times while no draw can reach the cap. */
function uncappedMean(B: number, n: number): number {
  return 2 * B * 1.5 ** n - B;
}

/**
 * The exact distribution of min(E, U{B..3p}) carried forward one whole millisecond at a
 * time (doubles, suffix sums of positive terms only): the reference for caps small enough
 * to hold every millisecond. Returns the mean after each attempt 1..n.
 */
function perMillisecondMeans(B: number, E: number, n: number): number[] {
  const size = E - B; // values B..E−1, index v − B
  let f = new Float64Array(size);
  let atCap = 0;
  f[0] = 1; // before attempt 1: previous = B
  const means: number[] = [];
  for (let step = 1; step <= n; step++) {
    // g[p] = P(p) / (3p − B + 1): what each value below the cap gives every millisecond it reaches.
    const reach = new Float64Array(size + 1); // reach[i]: sum of g over histories whose range ends at value B + i (i = size: at or past the cap)
    let nextCap = atCap * (2 * E + 1) / (3 * E - B + 1);
    for (let i = 0; i < size; i++) {
      const p = B + i;
      if (f[i] === 0) continue;
      const g = f[i]! / (3 * p - B + 1);
      const top = 3 * p;
      if (top >= E) {
        reach[size]! += g;
        nextCap += g * (top - E + 1);
      } else reach[top - B]! += g;
    }
    const next = new Float64Array(size);
    let running = atCap / (3 * E - B + 1) + reach[size]!;
    for (let i = size - 1; i >= 0; i--) {
      running += reach[i]!; // every range ending at B + i or above covers the value B + i
      next[i] = running;
    }
    f = next;
    atCap = nextCap;
    let mean = atCap * E;
    for (let i = 0; i < size; i++) mean += f[i]! * (B + i);
    means.push(mean);
  }
  return means;
}

describe("decorrelated mean with the cap far above the base (issue 16, item 1)", () => {
  it("--base 1 --cap 365d --attempts 23..23: inside [min, max] and the closed form to the printed precision", async () => {
    const { code, stdout } = await runCli(["--jitter", "decorrelated", "--base", "1", "--cap", "365d", "--attempts", "23..23", "--format", "csv"]);
    expect(code).toBe(0);
    const [row] = csvRows(stdout);
    const mean = Number(row!["mean_ms"]);
    expect(mean).toBeGreaterThanOrEqual(Number(row!["min_ms"]));
    expect(mean).toBeLessThanOrEqual(Number(row!["max_ms"]));
    // The cap (3.1536e10) can only matter if the draws of attempts 1..22 all land near their top:
    // X_22 > cap/3 needs Π U_i > 1/3 over 22 uniform ratios, P(Gamma(22) < ln 3) ≈ 1.0986^22/22! ≈ 7e-21,
    // so the mean is the uncapped 2·1.5^23 − 1 = 22444.4829… to far below a thousandth.
    expect(mean).toBe(Math.round(uncappedMean(1, 23) * 1000) / 1000);
  });

  it("--cap 9007199254740991: the mean stays below max_ms and agrees with the closed form where the cap is unreachable", async () => {
    const { stdout } = await runCli(["--jitter", "decorrelated", "--base", "1", "--cap", "9007199254740991", "--attempts", "30..40", "--format", "csv"]);
    const rows = csvRows(stdout);
    for (const row of rows) {
      const mean = Number(row["mean_ms"]);
      expect(mean).toBeGreaterThanOrEqual(1);
      expect(mean).toBeLessThanOrEqual(Number(row["max_ms"]));
    }
    // Attempt 34 (the first computed one): X_33 > cap/3 needs P(Gamma(33) < ln(3^33·3/cap) = 0.615) ≈ 1e-44.
    expect(Number(rows.find((r) => r["attempt"] === "34")!["mean_ms"])).toBe(Math.round(uncappedMean(1, 34) * 1000) / 1000);
  });

  it("agrees with the exact per-millisecond distribution at cap 100000 (more values than are computed one by one)", () => {
    const B = 1;
    const E = 100_000;
    const reference = perMillisecondMeans(B, E, 40);
    const schedule = new DecorrelatedSchedule(B, E);
    for (const n of [11, 12, 15, 20, 30, 40]) {
      // The cells' error is of second order in their relative width (about 2^-14 here): well under 10^-6 of the mean.
      expect(Math.abs(schedule.meanMs(n) - reference[n - 1]!)).toBeLessThan(reference[n - 1]! * 1e-6 + 0.001);
    }
  });

  it.each([
    [1, 100_000],
    [1, 10_000_000],
    [10, 100_000_000_000],
  ])("agrees with 20,000 sampled sequences, base %i and cap %i, before and after the cap bites", (B, E) => {
    const schedule = new DecorrelatedSchedule(B, E);
    const attempts = [5, 15, 40, 150];
    const runs = 20_000;
    const sums = new Map<number, { sum: number; squares: number }>(attempts.map((a) => [a, { sum: 0, squares: 0 }]));
    const random = seededRandom(B * 7919 + E); // the unbiased uniform integers of pure-rand (tested in their own right)
    for (let r = 0; r < runs; r++) {
      let previous = B;
      for (let a = 1; a <= 150; a++) {
        const hi = 3 * previous;
        previous = Math.min(E, random.integer(B, hi));
        const entry = sums.get(a);
        if (entry) {
          entry.sum += previous;
          entry.squares += previous * previous;
        }
      }
    }
    for (const a of attempts) {
      const { sum, squares } = sums.get(a)!;
      const sampleMean = sum / runs;
      const standardError = Math.sqrt((squares / runs - sampleMean * sampleMean) / runs);
      const mean = schedule.meanMs(a);
      expect(mean).toBeGreaterThanOrEqual(B);
      expect(mean).toBeLessThanOrEqual(E);
      // Five standard errors (a false alarm once in 1.7 million runs, and the seed is fixed), but at
      // least 2% of the mean: while the delays still grow the distribution is close to log-normal,
      // and its sample standard error from 20,000 runs is itself unreliable.
      const tolerance = Math.max(5 * standardError, 0.02 * mean);
      expect(Math.abs(mean - sampleMean)).toBeLessThanOrEqual(tolerance);
    }
  });
});

describe("decorrelatedRange", () => {
  it("base to 3 × previous, the true top kept past 2^53 − 1", () => {
    expect(decorrelatedRange(100, 300, 10_000)).toEqual({ lo: 100, hi: 900, ceiling: 10_000 });
    // 3 × 2^52 = 13,510,798,882,111,488 > 2^53 − 1
    expect(decorrelatedRange(100, 2 ** 52, MAX_EXACT_MS)).toEqual({ lo: 100, hi: MAX_EXACT_MS, ceiling: MAX_EXACT_MS, hiBeyond: 13_510_798_882_111_488n });
  });
});
