import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Policy,
  SATURATED_MS,
  cumulativeMs,
  delayMs,
  linearComparison,
  normalizePolicy,
  policyModel,
  scheduleRows,
} from "../../src/core/index.js";

/**
 * Properties of the delay function over random policies, checked against an exact
 * reference written here with BigInt from the decimal strings a user would type.
 * Fixed seeds: a failure prints its seed and counterexample and reproduces.
 */

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** A decimal as a user writes it: whole part, then up to `decimals` fraction digits. */
const decimalText = (minWhole: number, maxWhole: number, decimals: number) =>
  fc
    .tuple(fc.integer({ min: minWhole, max: maxWhole }), fc.integer({ min: 0, max: decimals }), fc.nat({ max: 10 ** decimals - 1 }))
    .map(([whole, digits, fraction]) => (digits === 0 ? String(whole) : `${whole}.${String(fraction % 10 ** digits).padStart(digits, "0")}`))
    .filter((text) => Number(text) > 0);

/** n / 10^scale for a decimal text. */
interface Dec {
  readonly num: bigint;
  readonly den: bigint;
}
function dec(text: string): Dec {
  const [whole, fraction = ""] = text.split(".");
  return { num: BigInt(whole! + fraction), den: 10n ** BigInt(fraction.length) };
}
/** Round half up of a non-negative fraction: floor(x + 1/2) = floor((2n + d) / 2d). */
function roundHalfUp(x: Dec): bigint {
  return (2n * x.num + x.den) / (2n * x.den);
}
function saturate(ms: bigint): number {
  return ms > MAX ? SATURATED_MS : Number(ms);
}

interface Case {
  readonly strategy: "exponential" | "linear" | "fixed";
  readonly base: string;
  readonly factor: string;
  readonly step: string;
  /** null: uncapped; otherwise a multiplier text applied to the base for a cap ≥ base. */
  readonly cap: string | null;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  strategy: fc.constantFrom("exponential" as const, "linear" as const, "fixed" as const),
  base: decimalText(0, 100_000, 3),
  factor: fc.oneof(decimalText(1, 3, 3), decimalText(1, 10, 1), fc.constant("1")),
  step: decimalText(0, 50_000, 3),
  cap: fc.option(decimalText(0, 10_000_000, 3), { nil: null }),
});

/** The policy, with a cap raised to the base when drawn below it (a cap below the base is refused). */
function policyOf(c: Case): { policy: Policy; cap: Dec | null } {
  const base = dec(c.base);
  let cap = c.cap === null ? null : dec(c.cap);
  let capText = c.cap;
  if (cap !== null && cap.num * base.den < base.num * cap.den) {
    cap = base;
    capText = c.base;
  }
  const policy = normalizePolicy({
    strategy: c.strategy,
    baseMs: Number(c.base),
    factor: Number(c.factor),
    stepMs: Number(c.step),
    capMs: capText === null ? null : Number(capText),
  });
  return { policy, cap };
}

/** The exact delay: round half up of min(raw, cap), raw from the decimal strings. */
function referenceDelay(c: Case, cap: Dec | null, attempt: number): number {
  const base = dec(c.base);
  let raw: Dec;
  if (c.strategy === "exponential") {
    const f = dec(c.factor);
    const e = BigInt(attempt - 1);
    raw = { num: base.num * f.num ** e, den: base.den * f.den ** e };
  } else if (c.strategy === "linear") {
    const s = dec(c.step);
    const k = BigInt(attempt - 1);
    raw = { num: base.num * s.den + s.num * k * base.den, den: base.den * s.den };
  } else {
    raw = base;
  }
  const capped = cap !== null && raw.num * cap.den > cap.num * raw.den ? cap : raw;
  return saturate(roundHalfUp(capped));
}

const attemptArb = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 1_000_000 }));

describe("delayMs over random policies (fast-check, fixed seeds)", () => {
  it("is a safe non-negative integer (or exactly SATURATED_MS, uncapped) and never above the rounded cap", () => {
    fc.assert(
      fc.property(caseArb, attemptArb, (c, attempt) => {
        const { policy, cap } = policyOf(c);
        const delay = delayMs(policy, attempt);
        if (delay === SATURATED_MS) {
          expect(cap).toBeNull();
        } else {
          expect(Number.isSafeInteger(delay) && delay >= 0).toBe(true);
        }
        if (cap !== null) expect(delay).toBeLessThanOrEqual(Number(roundHalfUp(cap)));
      }),
      { seed: 42, numRuns: 5000 },
    );
  });

  it("is non-decreasing in the attempt for exponential and linear", () => {
    fc.assert(
      fc.property(
        caseArb.filter((c) => c.strategy !== "fixed"),
        attemptArb,
        fc.integer({ min: 0, max: 1_000 }),
        (c, attempt, gap) => {
          const { policy } = policyOf(c);
          const later = Math.min(attempt + gap, 1_000_000);
          expect(delayMs(policy, attempt)).toBeLessThanOrEqual(delayMs(policy, attempt + 1));
          expect(delayMs(policy, attempt)).toBeLessThanOrEqual(delayMs(policy, later));
        },
      ),
      { seed: 43, numRuns: 5000 },
    );
  });

  it("waits round(min(base, cap)) after attempt 1", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { policy, cap } = policyOf(c);
        const base = dec(c.base);
        const first = cap !== null && base.num * cap.den > cap.num * base.den ? cap : base;
        expect(delayMs(policy, 1)).toBe(Number(roundHalfUp(first)));
      }),
      { seed: 44, numRuns: 5000 },
    );
  });

  it("agrees with an exact BigInt reference (round half up of the decimal inputs) for moderate attempts", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 300 }), (c, attempt) => {
        const { policy, cap } = policyOf(c);
        expect(delayMs(policy, attempt)).toBe(referenceDelay(c, cap, attempt));
      }),
      { seed: 45, numRuns: 5000 },
    );
  });

  it("agrees with the reference on values near a half-millisecond tie", () => {
    // base = k + 0.5 exactly with factor 1 or linear step 1: every raw value is a tie, which
    // the double decides only through the exact fallback.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom("exponential" as const, "linear" as const), fc.integer({ min: 1, max: 500 }), (k, strategy, attempt) => {
        const c: Case = { strategy, base: `${k}.5`, factor: "1", step: "1", cap: null };
        const { policy, cap } = policyOf(c);
        expect(delayMs(policy, attempt)).toBe(referenceDelay(c, cap, attempt));
      }),
      { seed: 46, numRuns: 3000 },
    );
  });

  it("cumulativeMs and scheduleRows' cumulative equal the sum of the delays", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 40 }), (c, last, width) => {
        const { policy } = policyOf(c);
        let sum = 0n;
        const sums: number[] = [0];
        for (let a = 1; a <= last; a++) {
          const d = delayMs(policy, a);
          sum = d === SATURATED_MS || sum > MAX ? MAX + 1n : sum + BigInt(d);
          sums.push(saturate(sum));
        }
        expect(cumulativeMs(policy, last)).toBe(sums[last]);
        const first = Math.max(1, last - width);
        const rows = [...scheduleRows(policyModel(policy), policyModel(linearComparison(policy)), { first, last })];
        expect(rows.map((row) => row.cumulativeMs)).toEqual(sums.slice(first, last + 1));
        expect(rows.map((row) => row.delayMs)).toEqual(rows.map((row) => delayMs(policy, row.attempt)));
      }),
      { seed: 47, numRuns: 1500 },
    );
  });

  it("cumulativeMs steps by exactly the delay at large attempts", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 2, max: 1_000_000 }), (c, attempt) => {
        const { policy } = policyOf(c);
        const before = cumulativeMs(policy, attempt - 1);
        const delay = delayMs(policy, attempt);
        const expected = saturate(before === SATURATED_MS || delay === SATURATED_MS ? MAX + 1n : BigInt(before) + BigInt(delay));
        expect(cumulativeMs(policy, attempt)).toBe(expected);
      }),
      { seed: 48, numRuns: 200 },
    );
  });
});
