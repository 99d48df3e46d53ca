/** The per-attempt draws a simulation samples from (src/core/jitter/plan.ts), by hand. */
import { describe, expect, it } from "vitest";
import { jitterPlan } from "../../../src/core/jitter/plan.js";
import { SATURATED_RANGE } from "../../../src/core/jitter/uniform.js";
import { normalizePolicy } from "../../../src/core/policy.js";

// base 1 s, factor 2, cap 30 s: 1000, 2000, 4000, 8000, 16000, then 30000 from attempt 6 (32000 capped).
const policy = normalizePolicy({ baseMs: 1000, factor: 2, capMs: 30_000 });

describe("jitterPlan", () => {
  it("stateless modes: the range of each attempt's un-jittered delay, under the cap", () => {
    const full = jitterPlan(policy, { kind: "full" });
    expect([full.stateful, full.firstPreviousMs]).toEqual([false, 1000]);
    expect(full.range(1, 0)).toEqual({ lo: 0, hi: 1000, ceiling: 30_000 });
    expect(full.range(6, 0)).toEqual({ lo: 0, hi: 30_000, ceiling: 30_000 });
    expect(jitterPlan(policy, { kind: "none" }).range(2, 0)).toEqual({ lo: 2000, hi: 2000, ceiling: 30_000 });
    expect(jitterPlan(policy, { kind: "equal" }).range(3, 0)).toEqual({ lo: 2000, hi: 4000, ceiling: 30_000 });
    expect(jitterPlan(policy, { kind: "proportional", fraction: 0.2 }).range(6, 0)).toEqual({ lo: 24_000, hi: 36_000, ceiling: 30_000 });
  });

  it("from the attempt the delay stops changing (6 here), one range object for every attempt", () => {
    const full = jitterPlan(policy, { kind: "full" });
    expect(full.range(7, 0)).toBe(full.range(6, 0));
    expect(full.range(1_000_000, 0)).toBe(full.range(6, 0));
  });

  it("decorrelated: stateful, from the base, 3 × the previous delay", () => {
    const plan = jitterPlan(normalizePolicy({ baseMs: 100, capMs: 10_000 }), { kind: "decorrelated" });
    expect([plan.stateful, plan.firstPreviousMs]).toEqual([true, 100]);
    expect(plan.range(1, 100)).toEqual({ lo: 100, hi: 300, ceiling: 10_000 });
    expect(plan.range(2, 250)).toEqual({ lo: 100, hi: 750, ceiling: 10_000 });
  });

  it("a saturated delay draws the saturated range", () => {
    // 1000 × 2^53 is past 2^53 ms.
    expect(jitterPlan(normalizePolicy({ baseMs: 1000 }), { kind: "full" }).range(54, 0)).toBe(SATURATED_RANGE);
  });

  it("refuses a fraction outside (0, 1] and decorrelated without a cap", () => {
    expect(() => jitterPlan(policy, { kind: "proportional", fraction: 0 })).toThrow(new RangeError("jitter fraction must be in (0, 1], got 0"));
    expect(() => jitterPlan(normalizePolicy({ baseMs: 100 }), { kind: "decorrelated" })).toThrow(
      new RangeError("decorrelated jitter needs a cap: its formula is min(cap, uniform(base, previous × 3))"),
    );
  });
});
