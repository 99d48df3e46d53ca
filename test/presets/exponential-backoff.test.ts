/**
 * The exponential-backoff preset against values computed by hand from the library's own
 * formula (the source file is named in the describe title): its exact bounds at the first
 * attempt and one past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("exponential-backoff (src/delay/delay.base.ts, src/jitter/full/full.jitter.ts)", () => {
  it("min(startingDelay × timeMultiple^(a−1), maxDelay); nine delays sum to 51,100 ms", () => {
    expect(delays("exponential-backoff", {}, [1, 2, 3])).toEqual([100, 200, 400]);
    // 100 × (2^9 − 1) = 51100
    expect(delays("exponential-backoff", {}, [1, 2, 3, 4, 5, 6, 7, 8, 9]).reduce((x, y) => x + y)).toBe(51_100);
    // unrounded in the library: 100 × 1.5^3 = 337.5 → shown 338
    expect(delays("exponential-backoff", { factor: 1.5 }, [4])).toEqual([338]);
  });

  it("full jitter: round(r × d) in [0, d], after the cap", () => {
    const m = model("exponential-backoff", { jitter: "full", capMs: 1000 });
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 100 });
    expect(m.capReachedAt()).toBe(5); // 1600 ≥ 1000; 800 below
    expect(m.bounds(6)).toEqual({ minMs: 0, maxMs: 1000 });
    // round(U × 100): 0 and 100 at half weight → mean exactly 50
    expect(m.meanMs(1)).toBeCloseTo(50, 9);
    assertSamplesInBounds(m, 12);
  });
});
