import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../../src/core/limits.js";
import { decodeColumn, encodeColumn } from "../../../src/format/html/codec.js";

const roundTrip = (values: number[]) => expect(decodeColumn(JSON.parse(JSON.stringify(encodeColumn(values))))).toEqual(values);
const encodedSize = (values: number[]) => JSON.stringify(encodeColumn(values)).length;

describe("the page's column codec", () => {
  it("gives back every value exactly, through JSON, for any whole numbers up to 2^53", () => {
    const whole = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.maxSafeNat(), fc.constant(SATURATED_MS), fc.integer({ min: -1000, max: 1000 }));
    fc.assert(fc.property(fc.array(whole, { maxLength: 300 }), (values) => {
      roundTrip(values);
    }), { seed: 14, numRuns: 500 });
  });

  it("gives back schedule-shaped columns exactly: doubling to a cap, rounded fractional growth, saturation", () => {
    const doubling = Array.from({ length: 60 }, (_, i) => Math.min(100 * 2 ** i, 10_000));
    const fractional = Array.from({ length: 2000 }, (_, i) => Math.floor(1000 * 1.0025 ** i + 0.5));
    const saturating = Array.from({ length: 80 }, (_, i) => Math.min(1000 * 2 ** i, SATURATED_MS));
    const totals = saturating.map((_, i) => Math.min(saturating.slice(0, i + 1).reduce((a, b) => a + b, 0), SATURATED_MS));
    for (const values of [doubling, fractional, saturating, totals, [], [0], [SATURATED_MS, SATURATED_MS]]) roundTrip(values);
  });

  it("writes a constant, a linear and a geometric column of 10,000 values in a few bytes", () => {
    // A capped delay: one run.
    expect(encodedSize(new Array(10_000).fill(30_000))).toBeLessThan(30);
    // 1000 + 700 × (a − 1): first differences are one run after the first value.
    expect(encodedSize(Array.from({ length: 10_000 }, (_, i) => 1000 + 700 * i))).toBeLessThan(40);
    // round(1000 × 1.0001^(a − 1)): residuals of the geometric prediction are 0 or ±1.
    const geometric = Array.from({ length: 10_000 }, (_, i) => Math.floor(1000 * 1.0001 ** i + 0.5));
    expect(encodedSize(geometric)).toBeLessThan(10_000 * 2);
  });
});
