/**
 * The p-retry preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("p-retry (index.js, v7)", () => {
  it("min(round(minTimeout × factor^(a−1)), maxTimeout)", () => {
    expect(delays("p-retry", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 700 × 1.5^2 = 1575
    expect(delays("p-retry", { baseMs: 700, factor: 1.5 }, [1, 2, 3])).toEqual([700, 1050, 1575]);
  });

  it("randomize bounds at the first attempt and one past the cap", () => {
    const m = model("p-retry", { baseMs: 700, factor: 1.5, capMs: 3000, jitter: "true" });
    expect(m.bounds(1)).toEqual({ minMs: 700, maxMs: 1400 });
    // 700 × 1.5^3 = 2362.5 → 2363 < 3000; 700 × 1.5^4 = 3543.75 ≥ 3000
    expect(m.capReachedAt()).toBe(5);
    expect(m.bounds(6)).toEqual({ minMs: 3000, maxMs: 3000 });
    assertSamplesInBounds(m, 10);
  });

  it("maxRetryTime ends the schedule where p-retry gives up, and says why", () => {
    // 1000 + 2000 + 4000 = 7000; 10000 − 7000 = 3000 left for the fourth wait
    const m = model("p-retry", { maxElapsedMs: 10_000 });
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 3000]);
    expect(m.stop?.lastAttempt).toBe(4);
    expect(m.stop?.reason).toMatch(/maxRetryTime \(10 s\)/);
    const jittered = model("p-retry", { maxElapsedMs: 10_000, jitter: "on" });
    assertSamplesInBounds(jittered, jittered.stop!.lastAttempt);
  });
});
