/** The calculator's own policy without jitter as a schedule model (src/core/policy-model.ts), by hand. */
import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { seededRandom } from "../support/random.js";

describe("policyModel", () => {
  // base 1 s, factor 2, cap 30 s: 1000, 2000, 4000, 8000, 16000, then 30000 (32000 capped) from attempt 6.
  const model = policyModel(normalizePolicy({ baseMs: 1000, capMs: 30_000 }));

  it("the delay is the bounds, the mean and every sample", () => {
    expect(model.delay(6)).toEqual({ rawMs: 32_000, delayMs: 30_000, clamped: true });
    expect([model.bounds(3), model.meanMs(3), model.sampler(seededRandom(1))(5)]).toEqual([{ minMs: 4000, maxMs: 4000 }, 4000, 16_000]);
  });

  it("the cap and where it is reached, the steady attempt, the totals (seed vectors: 31,000 ms after 5)", () => {
    expect([model.jittered, model.capMs, model.capReachedAt(), model.steadyFrom(), model.mayExceedCap, model.monotone]).toEqual([false, 30_000, 6, 6, false, true]);
    expect(model.cumulativeMs!(5)).toBe(31_000);
    expect(policyModel(normalizePolicy({ strategy: "fixed", baseMs: 500 })).steadyFrom()).toBe(1);
    expect(policyModel(normalizePolicy({ baseMs: 500 })).capReachedAt()).toBeNull();
  });
});
