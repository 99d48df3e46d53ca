/**
 * The resilience4j preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);
const R53 = 1 - 2 ** -53;

describe("resilience4j (IntervalFunction.java ofExponentialRandomBackoff)", () => {
  it("x(a+1) = (long)(x(a) × 1.5): 500, 750, 1125, 1687, 2530", () => {
    expect(delays("resilience4j", {}, [1, 2, 3, 4, 5])).toEqual([500, 750, 1125, 1687, 2530]);
  });

  it("(long) max(1.0, x(1−rf) + r × (2·rf·x + 1)) (2.3.0+), the max after", () => {
    const m = model("resilience4j");
    // randomize: min + (Math.random() * (max - min + 1)). At attempt 1, 250 + R53 × 501 is 750.99999999999994
    // on paper; in doubles it is a tie between 751 − 2^-43 and 751, which rounds to even: 751.
    expect(250 + R53 * 501).toBe(751);
    expect(m.bounds(1)).toEqual({ minMs: 250, maxMs: 751 });
    // attempt 3: x = 1125, [562.5, 1688.5) truncated: 562–1688, mean 1125; attempt 4: x = 1687, [843.5, 2531.5): 843–2531, mean 1687
    expect([m.bounds(3), m.meanMs(3)]).toEqual([{ minMs: 562, maxMs: 1688 }, 1125]);
    expect([m.bounds(4), m.meanMs(4)]).toEqual([{ minMs: 843, maxMs: 2531 }, 1687]);
    // Math.max(1.0, …) since 2.3.0: randomizationFactor 1 never waits less than 1 ms (x(1−rf) = 0).
    const full = model("resilience4j", { jitter: "1" });
    expect([1, 2, 5].map((a) => full.bounds(a).minMs)).toEqual([1, 1, 1]);
    const capped = model("resilience4j", { capMs: 5000 });
    // 3795 → (long)(3795 × 1.5) = 5692 ≥ 5000 at attempt 7; attempt 8: x = 8538 → [4269, min(12806, 5000)]
    expect(capped.capReachedAt()).toBe(7);
    expect(capped.bounds(8)).toEqual({ minMs: 4269, maxMs: 5000 });
    assertSamplesInBounds(capped, 12);
  });
});
