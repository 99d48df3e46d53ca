/** Exact rational arithmetic (src/core/exact.ts), by hand. */
import { describe, expect, it } from "vitest";
import { add, compare, floorSum, fractionOf, integer, multiply, nearestDouble, power, powerBits, roundHalfUp } from "../../src/core/exact.js";

const f = (num: bigint, den: bigint) => ({ num, den });

describe("fractions", () => {
  it("fractionOf reads the decimal as written: 1.6 is 16/10, 1e-7 is 1/10^7, 1.5e21 and −3 whole", () => {
    expect(fractionOf(1.6)).toEqual(f(16n, 10n));
    expect(fractionOf(1e-7)).toEqual(f(1n, 10_000_000n));
    expect(fractionOf(1.5e21)).toEqual(f(1_500_000_000_000_000_000_000n, 1n));
    expect(fractionOf(-3)).toEqual(f(-3n, 1n));
    expect(() => fractionOf(Infinity)).toThrow(new RangeError("not a finite number: Infinity"));
  });

  it("multiply, add, power, integer (unreduced), compare", () => {
    expect(multiply(f(1n, 2n), f(3n, 4n))).toEqual(f(3n, 8n));
    expect(add(f(1n, 2n), f(1n, 3n))).toEqual(f(5n, 6n));
    expect(power(f(3n, 2n), 3)).toEqual(f(27n, 8n));
    expect(integer(5)).toEqual(f(5n, 1n));
    expect([compare(f(1n, 2n), f(2n, 4n)), compare(f(1n, 3n), f(1n, 2n)), compare(f(2n, 3n), f(1n, 2n))]).toEqual([0, -1, 1]);
  });

  it("roundHalfUp: 5/2 → 3, 1/2 → 1, 7/3 → 2, 5/3 → 2", () => {
    expect([f(5n, 2n), f(1n, 2n), f(7n, 3n), f(5n, 3n)].map(roundHalfUp)).toEqual([3n, 1n, 2n, 2n]);
  });

  it("powerBits: the wider of numerator and denominator, times the exponent", () => {
    expect(powerBits(f(5n, 1n), 3)).toBe(9); // 101: 3 bits
    expect(powerBits(f(-8n, 3n), 2)).toBe(8); // 1000: 4 bits
  });
});

describe("floorSum", () => {
  it("Σ_{i<4} ⌊(2i + 1)/3⌋ = 0 + 1 + 1 + 2 = 4; Σ_{i<5} ⌊3/2⌋ = 5; nothing for n = 0", () => {
    expect(floorSum(4n, 3n, 2n, 1n)).toBe(4n);
    expect(floorSum(5n, 2n, 0n, 3n)).toBe(5n);
    expect(floorSum(0n, 7n, 3n, 2n)).toBe(0n);
  });

  it("agrees with the sum written out for a thousand terms", () => {
    let sum = 0n;
    for (let i = 0n; i < 1000n; i++) sum += (37n * i + 11n) / 91n;
    expect(floorSum(1000n, 91n, 37n, 11n)).toBe(sum);
  });
});

describe("nearestDouble", () => {
  it("rounds num / den once, ties to even: exact where a double holds the quotient", () => {
    expect([nearestDouble(0n, 7n), nearestDouble(9n, 4n), nearestDouble(1n, 3n), nearestDouble(2n, 3n)]).toEqual([0, 2.25, 1 / 3, 2 / 3]);
    // 2^53 + 1 over 2: 2^52 + 0.5 is a double exactly.
    expect(nearestDouble(2n ** 53n + 1n, 2n)).toBe(2 ** 52 + 0.5);
    // (2^54 + 1) / 2 = 2^53 + 0.5 lies halfway between 2^53 and 2^53 + 2: ties to even, 2^53.
    expect(nearestDouble(2n ** 54n + 1n, 2n)).toBe(2 ** 53);
    // (2^53 + 3) / 2 = 2^52 + 1.5: held exactly.
    expect(nearestDouble(2n ** 53n + 3n, 2n)).toBe(2 ** 52 + 1.5);
  });

  it("where the whole part and remainder added up made three roundings: 1207295294717008 exactly", () => {
    // A whole number over 1 and over a den that divides it stay whole.
    expect(nearestDouble(1207295294717008n * 3n, 3n)).toBe(1207295294717008);
    // 2^60 + 1 over 2^10 + 1: its nearest double, checked by bounding the error by half an ulp in BigInt.
    const num = 2n ** 60n + 1n;
    const den = 2n ** 10n + 1n;
    const x = nearestDouble(num, den);
    const scaled = BigInt(x * 2 ** 10); // x's ulp at ~2^50 is 2^−2, so x·2^10 is a whole number
    // |x − num/den| ≤ ulp/2 = 2^−3  ⇔  |scaled·den − num·2^10| ≤ den·2^10 / 8
    const error = scaled * den - num * 2n ** 10n;
    expect((error < 0n ? -error : error) * 8n <= den * 2n ** 10n).toBe(true);
  });
});
