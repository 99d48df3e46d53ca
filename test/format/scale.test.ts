import { describe, expect, it } from "vitest";
import { defaultScaleKind, makeScale, niceStep, valueSpan } from "../../src/format/scale.js";

describe("scale", () => {
  it("measures the span from the smallest positive value, ignoring zeros", () => {
    expect(valueSpan([0, 2, 50, 400])).toBe(200); // 400 / 2
    expect(valueSpan([0])).toBe(1);
  });

  it("defaults to log only above 100×", () => {
    expect(defaultScaleKind([10, 1000])).toBe("linear"); // exactly 100×
    expect(defaultScaleKind([10, 1001])).toBe("log");
  });

  it("picks the smallest nice duration step", () => {
    expect(niceStep(30_000, 6)).toBe(5000); // 5 s × 6 = 30 s
    expect(niceStep(40_000, 6)).toBe(10_000); // 5 s × 6 = 30 s is short; 10 s × 6 = 60 s
    expect(niceStep(512_000, 4)).toBe(300_000); // 2 min × 4 = 8 min is short; 5 min × 4 = 20 min
  });

  it("maps linearly from 0, rounding the end up to a whole step when asked", () => {
    const scale = makeScale({ kind: "linear", values: [1000, 37_000], roundUp: true, tickCount: 6, logStart: "decade" });
    expect(scale.hi).toBe(40_000); // steps of 10 s
    expect(scale.ticks).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(scale.fraction(10_000)).toBe(0.25);
    expect(scale.fraction(80_000)).toBe(1);
  });

  it("maps logarithmically between duration labels", () => {
    // 1 s..512 s: from the label at or below 1 s (1 s) to the one at or above 512 s (10 min).
    const scale = makeScale({ kind: "log", values: [1000, 512_000], roundUp: true, tickCount: 6, logStart: "decade" });
    expect([scale.lo, scale.hi]).toEqual([1000, 600_000]);
    expect(scale.ticks).toEqual([1000, 10_000, 60_000, 600_000]);
    expect(scale.fraction(10_000)).toBeCloseTo(1 / Math.log10(600), 12);
    expect(scale.fraction(0)).toBe(0);
  });

  it("starts a bar chart's log axis at half the smallest value", () => {
    const scale = makeScale({ kind: "log", values: [1000, 64_000], roundUp: false, tickCount: 4, logStart: "half" });
    expect([scale.lo, scale.hi]).toEqual([500, 64_000]);
    expect(scale.fraction(1000)).toBeCloseTo(1 / 7, 12); // log2(2) / log2(128)
  });

  it("labels a narrow log range with nice steps", () => {
    const scale = makeScale({ kind: "log", values: [1000, 2000], roundUp: false, tickCount: 4, logStart: "half" });
    expect(scale.ticks).toEqual([500, 1000, 2000]);
  });
});
