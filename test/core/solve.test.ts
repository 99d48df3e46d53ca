import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { policyModel } from "../../src/core/policy-model.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { SOLVE_TOLERANCE, bisect, exponentialTotal, solveAttempts, solveBase, solveFactor } from "../../src/core/solve.js";

const HOUR = 3_600_000;

describe("exponentialTotal", () => {
  it("sums min(base × f^(i−1), cap)", () => {
    // 1 + 2 + 4 + 8 = 15; with a cap of 5: 1 + 2 + 4 + 5 = 12.
    expect(exponentialTotal(1, 2, null, 4)).toBe(15);
    expect(exponentialTotal(1, 2, 5, 4)).toBe(12);
    // Once a term reaches the cap, the rest are the cap: 1 + 10 + 10 + 10.
    expect(exponentialTotal(1, 1e6, 10, 4)).toBe(31);
  });
});

describe("bisect", () => {
  it("finds the smallest x with f(x) ≥ target to the stated tolerance", () => {
    // x² = 2 on [1, 2]: √2.
    const x = bisect((v) => v * v, 2, 1, 2);
    expect(Math.abs(x - Math.SQRT2)).toBeLessThanOrEqual(SOLVE_TOLERANCE * 2);
    expect(x * x).toBeGreaterThanOrEqual(2);
  });
});

describe("solveFactor", () => {
  it("node-retry #54: 5 attempts spanning 1 h from a base of 1 s → f ≈ 7.47", () => {
    // 1 s × (1 + f + f² + f³ + f⁴) = 3600 s.
    // f = 7.47: 1 + 7.47 + 55.8009 + 416.8327 + 3113.74 = 3594.84 < 3600.
    // f = 7.48: 1 + 7.48 + 55.9504 + 418.509 + 3130.45 = 3613.39 > 3600. So 7.47 < f < 7.48.
    const solved = solveFactor({ baseMs: 1000, capMs: null, attempts: 5, targetMs: HOUR });
    expect(solved.ok).toBe(true);
    if (!solved.ok) return;
    const f = solved.value;
    expect(f).toBeGreaterThan(7.47);
    expect(f).toBeLessThan(7.48);
    // And it is a root to the tolerance: the polynomial at f is 3600 within 1e-8 relative.
    expect(Math.abs(1 + f + f ** 2 + f ** 3 + f ** 4 - 3600) / 3600).toBeLessThan(1e-8);
  });

  it("with a cap: base 1 s, cap 10 s, 3 attempts, total 12 s → f = 3", () => {
    // 1 + f + min(f², 10) = 12. If f² ≥ 10 (f ≥ 3.162): 11 + f = 12 → f = 1, contradiction.
    // So f² < 10: 1 + f + f² = 12 → f = (−1 + √45)/2 = 2.8541.
    const solved = solveFactor({ baseMs: 1000, capMs: 10_000, attempts: 3, targetMs: 12_000 });
    expect(solved.ok && solved.value).toBeCloseTo((-1 + Math.sqrt(45)) / 2, 9);
  });

  it("no solution: the cap makes the total unreachable", () => {
    // Largest possible: 1 s, then 4 × 10 min = 2,401,000 ms < 1 h.
    expect(solveFactor({ baseMs: 1000, capMs: 600_000, attempts: 5, targetMs: HOUR })).toEqual({ ok: false, reason: { why: "cap-limits-total", maximumMs: 2_401_000 } });
  });

  it("no solution: even factor 1 waits longer; or one attempt, where the factor plays no part", () => {
    // 5 × 1 min = 5 min > 2 min.
    expect(solveFactor({ baseMs: 60_000, capMs: null, attempts: 5, targetMs: 120_000 })).toEqual({ ok: false, reason: { why: "target-below-minimum", minimumMs: 300_000 } });
    expect(solveFactor({ baseMs: 1000, capMs: null, attempts: 1, targetMs: 5000 })).toEqual({ ok: false, reason: { why: "factor-irrelevant", totalMs: 1000 } });
    // Exactly N × base: factor 1.
    expect(solveFactor({ baseMs: 1000, capMs: null, attempts: 4, targetMs: 4000 })).toEqual({ ok: true, value: 1 });
  });

  it("property: the factor found reproduces the target total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 30 }), fc.double({ min: 1.01, max: 4, noNaN: true }), (baseMs, attempts, factor) => {
        const targetMs = exponentialTotal(baseMs, factor, null, attempts);
        fc.pre(Number.isFinite(targetMs));
        const solved = solveFactor({ baseMs, capMs: null, attempts, targetMs });
        expect(solved.ok).toBe(true);
        if (solved.ok) expect(Math.abs(solved.value - factor) / factor).toBeLessThan(1e-9);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("solveBase", () => {
  it("without a cap: base = total ÷ (1 + f + … + f^(N−1))", () => {
    // f = 3, 5 attempts: 1 + 3 + 9 + 27 + 81 = 121; 3,600,000 / 121 = 29,752.066… ms.
    const solved = solveBase({ factor: 3, capMs: null, attempts: 5, targetMs: HOUR });
    expect(solved.ok && solved.value).toBeCloseTo(3_600_000 / 121, 6);
  });

  it("with a cap: factor 2, cap 10 s, 5 attempts, total 40 s → base 10/3 s", () => {
    // Try 4b ≥ 10 s: b + 2b + 3 × 10 = 40 → b = 10/3 s = 3333.3 ms; check 2b = 6.67 s < 10 ≤ 4b = 13.3 s. ✓
    const solved = solveBase({ factor: 2, capMs: 10_000, attempts: 5, targetMs: 40_000 });
    expect(solved.ok && solved.value).toBeCloseTo(10_000 / 3, 6);
  });

  it("no solution: the cap bounds the total at N × cap", () => {
    // 3 × 10 s = 30 s < 1 min.
    expect(solveBase({ factor: 2, capMs: 10_000, attempts: 3, targetMs: 60_000 })).toEqual({ ok: false, reason: { why: "cap-limits-total", maximumMs: 30_000 } });
  });
});

describe("solveAttempts", () => {
  it("10 min budget, base 1 s, factor 2, cap 1 min → 14 attempts", () => {
    // Delays 1, 2, 4, 8, 16, 32, then 60 s: cumulative 1, 3, 7, 15, 31, 63, 123, 183, …,
    // 63 + 60k after 6 + k attempts: 63 + 60 × 8 = 543 s (14 attempts) ≤ 600 < 603 s (15).
    const model = policyModel(normalizePolicy({ baseMs: 1000, capMs: 60_000 }));
    expect(solveAttempts(model, 600_000)).toEqual({ ok: true, value: 14 });
    // A budget of exactly 543 s still fits 14; 542 s fits 13 (483 s).
    expect(solveAttempts(model, 543_000)).toEqual({ ok: true, value: 14 });
    expect(solveAttempts(model, 542_999)).toEqual({ ok: true, value: 13 });
  });

  it("a fixed delay fits floor(budget ÷ delay), found without walking a million attempts", () => {
    const model = policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1 }));
    // 1 ms each: a day holds 86,400,000.
    expect(solveAttempts(model, 86_400_000)).toEqual({ ok: true, value: 86_400_000 });
  });

  it("no solution: the first delay alone is over the budget; or every delay is 0 ms", () => {
    expect(solveAttempts(policyModel(normalizePolicy({ baseMs: 60_000 })), 30_000)).toEqual({ ok: false, reason: { why: "first-delay-over-budget", firstMs: 60_000 } });
    // 0.4 ms rounds to 0 ms, and a fixed delay never grows.
    expect(solveAttempts(policyModel(normalizePolicy({ strategy: "fixed", baseMs: 0.4 })), 1000)).toEqual({ ok: false, reason: { why: "delays-are-zero" } });
  });
});
