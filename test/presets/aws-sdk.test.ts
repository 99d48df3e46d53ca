/**
 * The aws-sdk preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("aws-sdk (@smithy/core util-retry DefaultRetryBackoffStrategy.ts)", () => {
  it("ceilings min(50 × 2^(a−1), 20000): 50, 100, 200; waits floor(r × U) in [0, U − 1], delay_ms the ceiling", () => {
    // delay_ms is the jitter-free value U (issue 39, item 3), though no wait is U itself; the mean (U − 1) / 2 beside it.
    expect(delays("aws-sdk", {}, [1, 2, 3, 10, 11])).toEqual([50, 100, 200, 20_000, 20_000]);
    const m = model("aws-sdk");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 49 });
    expect(m.capReachedAt()).toBe(10); // 50 × 2^9 = 25600 ≥ 20000; 12800 below
    expect(m.bounds(11)).toEqual({ minMs: 0, maxMs: 19_999 });
    // throttling base 1000: [0, 999]
    expect(model("aws-sdk", { baseMs: 1000 }).bounds(1)).toEqual({ minMs: 0, maxMs: 999 });
    // E[floor(U × 50)] = 24.5
    expect(m.meanMs(1)).toBeCloseTo(24.5, 9);
    assertSamplesInBounds(m, 15);
  });
});

describe("aws-sdk: the mean wait under a Retry-After hint", () => {
  it("hintedMean equals the mean of max(d, min(hint, d + 5000)) over d = 0..U − 1, value by value", async () => {
    const { hintedMean } = await import("../../src/presets/aws-sdk.js");
    for (const u of [50, 400, 6400, 20_000]) {
      for (const hint of [0, 1, 49, 3000, 5000, 7000, 19_999, 25_000, 60_000]) {
        let sum = 0;
        for (let d = 0; d < u; d++) sum += Math.max(d, Math.min(hint, d + 5000));
        expect(hintedMean(u, hint), `U ${u}, hint ${hint}`).toBeCloseTo(sum / u, 9);
      }
    }
  });
});
