/** Full jitter (src/core/jitter/full.ts): U{0..d}, by hand. */
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { fullRange } from "../../../src/core/jitter/full.js";

// base 1 s, factor 2, cap 30 s: un-jittered delays 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("full jitter: U{0..d}", () => {
  const model = jitteredPolicyModel(policy, { kind: "full" });
  it("bounds are 0 and d, the mean d/2", () => {
    expect(model.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(model.meanMs(1)).toBe(500); // (0 + 1000) / 2
    expect(model.bounds(3)).toEqual({ minMs: 0, maxMs: 4000 });
    expect(model.meanMs(3)).toBe(2000);
    expect(model.bounds(6)).toEqual({ minMs: 0, maxMs: 30_000 }); // d = min(32000, 30000)
    expect(model.meanMs(6)).toBe(15_000);
    expect(model.bounds(1000)).toEqual({ minMs: 0, maxMs: 30_000 });
  });
  it("keeps the un-jittered delay as the delay", () => {
    expect(model.delay(6)).toEqual({ rawMs: 32_000, delayMs: 30_000, clamped: true });
    expect(model.jittered).toBe(true);
    expect(model.mayExceedCap).toBe(false);
  });
});

describe("fullRange", () => {
  it("0 to the delay, under the ceiling given", () => {
    expect(fullRange(1000, 30_000)).toEqual({ lo: 0, hi: 1000, ceiling: 30_000 });
  });
});
