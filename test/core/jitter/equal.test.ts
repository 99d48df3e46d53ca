/** Equal jitter (src/core/jitter/equal.ts): U{⌈d/2⌉..d}, by hand. */
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { equalRange } from "../../../src/core/jitter/equal.js";

// base 1 s, factor 2, cap 30 s: un-jittered delays 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("equal jitter: U{⌈d/2⌉..d}", () => {
  it("even delays: d/2..d, mean 3d/4", () => {
    const model = jitteredPolicyModel(policy, { kind: "equal" });
    expect(model.bounds(1)).toEqual({ minMs: 500, maxMs: 1000 });
    expect(model.meanMs(1)).toBe(750); // (500 + 1000) / 2
    expect(model.bounds(6)).toEqual({ minMs: 15_000, maxMs: 30_000 });
    expect(model.meanMs(6)).toBe(22_500);
  });
  it("odd delays: the half millisecond rounds up to the next whole one", () => {
    // base 999: d1 = 999, d2 = 1998, d3 = 3996; ⌈999/2⌉ = ⌈499.5⌉ = 500.
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 999, capMs: 100_000 }), { kind: "equal" });
    expect(model.bounds(1)).toEqual({ minMs: 500, maxMs: 999 });
    expect(model.meanMs(1)).toBe(749.5); // (500 + 999) / 2
    expect(model.bounds(2)).toEqual({ minMs: 999, maxMs: 1998 });
    expect(model.meanMs(2)).toBe(1498.5);
  });
});

describe("equalRange", () => {
  it("⌈d/2⌉ to d: 500..1000 for 1000, 500..999 for 999 (⌈499.5⌉ = 500)", () => {
    expect(equalRange(1000, 30_000)).toEqual({ lo: 500, hi: 1000, ceiling: 30_000 });
    expect(equalRange(999, 100_000)).toEqual({ lo: 500, hi: 999, ceiling: 100_000 });
  });
});
