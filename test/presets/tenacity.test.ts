/**
 * The tenacity preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("tenacity (tenacity/wait.py wait_exponential)", () => {
  it("multiplier × exp_base^(a−1) s, clamped to max", () => {
    expect(delays("tenacity", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 0.5 × 3^2 = 4.5 s
    expect(delays("tenacity", { baseMs: 500, factor: 3 }, [1, 2, 3])).toEqual([500, 1500, 4500]);
    const m = model("tenacity", { capMs: 10_000 });
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    expect(m.capReachedAt()).toBe(5); // 16 ≥ 10
    expect(m.bounds(6)).toEqual({ minMs: 10_000, maxMs: 10_000 });
    expect(() => model("tenacity", { jitter: "full" })).toThrow(/no jitter/);
    assertSamplesInBounds(m, 10);
  });
});
