/** The best and worst totals of a jittered schedule (src/core/jitter/totals.ts), by hand. */
import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { SATURATED_MS } from "../../../src/core/limits.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { modelTotals } from "../../../src/core/schedule.js";
import { closedFormTotals, jitterBoundsTotals } from "../../../src/core/jitter/totals.js";

// base 1 s, factor 2, cap 30 s: un-jittered delays 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("totals with jitter", () => {
  it("best and worst case add up the bounds, also past the steady point", () => {
    const model = jitteredPolicyModel(policy, { kind: "proportional", fraction: 0.2 });
    // min: 800 + 1600 + 3200 + 6400 + 12800 = 24800, then 24000 per attempt from attempt 6.
    // max: 1200 + 2400 + 4800 + 9600 + 19200 = 37200, then 30000 per attempt.
    expect(modelTotals(model, 5)).toEqual({ cumulativeMs: 31_000, minMs: 24_800, maxMs: 37_200 });
    expect(modelTotals(model, 1_000_000)).toEqual({
      cumulativeMs: 31_000 + 30_000 * 999_995,
      minMs: 24_800 + 24_000 * 999_995,
      maxMs: 37_200 + 30_000 * 999_995,
    });
  });
  it("a saturated delay stays saturated under jitter", () => {
    const model = jitteredPolicyModel(normalizePolicy({ baseMs: 1000 }), { kind: "full" });
    // 1000·2^53 is far beyond 2^53 ms.
    expect(model.bounds(54)).toEqual({ minMs: SATURATED_MS, maxMs: SATURATED_MS });
  });
});

describe("jitterBoundsTotals: the closed forms", () => {
  it("full jitter: best 0, worst the un-jittered total (1000 + 2000 + 4000 + 8000 + 16000 = 31000)", () => {
    const totals = jitterBoundsTotals(policy, { kind: "full" })!;
    expect(totals(5)).toEqual({ minMs: 0, maxMs: 31_000 });
    expect(totals(7)).toEqual({ minMs: 0, maxMs: 91_000 }); // + 30000 + 30000
  });

  it("full jitter: a saturated total stays saturated at the best too", () => {
    // 1000 × 2^53 is past 2^53 ms.
    expect(jitterBoundsTotals(normalizePolicy({ baseMs: 1000 }), { kind: "full" })!(54).minMs).toBe(SATURATED_MS);
  });

  it("equal jitter on a linear schedule: Σ⌈d/2⌉ below the cap, then ⌈cap/2⌉ per attempt", () => {
    // linear 1000 + 1000(a−1), cap 3500: 1000, 2000, 3000, 3500, 3500; halves 500, 1000, 1500, 1750, 1750.
    const linear = normalizePolicy({ strategy: "linear", baseMs: 1000, stepMs: 1000, capMs: 3500 });
    const totals = jitterBoundsTotals(linear, { kind: "equal" })!;
    expect(totals(2)).toEqual({ minMs: 1500, maxMs: 3000 });
    expect(totals(5)).toEqual({ minMs: 6500, maxMs: 13_000 });
    expect(totals(0)).toEqual({ minMs: 0, maxMs: 0 });
    // Odd delays, no cap: 999, 1998, 2997 → ⌈⌉ 500, 999, 1499.
    const odd = jitterBoundsTotals(normalizePolicy({ strategy: "linear", baseMs: 999 }), { kind: "equal" })!;
    expect(odd(3)).toEqual({ minMs: 2998, maxMs: 5994 });
  });

  it("no closed form for equal jitter on an exponential schedule, proportional or decorrelated: walked instead", () => {
    expect(jitterBoundsTotals(policy, { kind: "equal" })).toBeNull();
    expect(jitterBoundsTotals(policy, { kind: "proportional", fraction: 0.2 })).toBeNull();
    expect(jitterBoundsTotals(policy, { kind: "decorrelated" })).toBeNull();
    expect(closedFormTotals(policy, { kind: "proportional", fraction: 0.2 })).toEqual({});
    expect(Object.keys(closedFormTotals(policy, { kind: "full" }))).toEqual(["boundsTotals"]);
  });
});
