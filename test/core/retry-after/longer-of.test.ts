import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../src/core/jitter/jittered-policy-model.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { longerOfRule } from "../../../src/core/retry-after/longer-of.js";
import { retryAfterModel } from "../../../src/core/retry-after/model.js";
import type { Jitter } from "../../../src/core/jitter/mode.js";

function rule(jitter: Jitter, capMs: number | null = null) {
  const policy = normalizePolicy({ baseMs: 1000, capMs });
  return retryAfterModel(jitteredPolicyModel(policy, jitter), { ms: 3000, attempts: null }, longerOfRule(policy, jitter), "max").model;
}

describe("a client of its own: max(delay, Retry-After)", () => {
  it("without jitter: 1 s and 2 s become 3 s, 4 s and 8 s stand", () => {
    const model = rule({ kind: "none" });
    expect([1, 2, 3, 4].map((a) => model.delay(a))).toEqual([
      { rawMs: 3000, delayMs: 3000, clamped: false },
      { rawMs: 3000, delayMs: 3000, clamped: false },
      { rawMs: 4000, delayMs: 4000, clamped: false },
      { rawMs: 8000, delayMs: 8000, clamped: false },
    ]);
  });

  it("the cap does not shorten the header: a 2 s cap still waits 3 s, and the cap stays the client's own", () => {
    const model = rule({ kind: "none" }, 2000);
    expect([1, 4].map((a) => model.delay(a))).toEqual([
      { rawMs: 3000, delayMs: 3000, clamped: false },
      // 8 s capped to 2 s, then raised to the header's 3 s: the wait is the header's, which no cap touched
      { rawMs: 3000, delayMs: 3000, clamped: false },
    ]);
    expect(model.capMs).toBe(2000);
  });

  it("equal jitter: [d/2, d] raised to 3 s; the mean from the values below the header counted as 3 s", () => {
    const model = rule({ kind: "equal" });
    // Attempt 3: d = 4 s, draws 2000..4000 (2001 values): 1000 of them below 3 s count 3000, then Σ 3000..4000 = 3,503,500.
    expect(model.bounds(3)).toEqual({ minMs: 3000, maxMs: 4000 });
    expect(model.meanMs(3)).toBe((1000 * 3000 + 3_503_500) / 2001);
    // Attempt 4: d = 8 s, draws 4000..8000 are all above 3 s: unchanged.
    expect([model.bounds(4), model.meanMs(4)]).toEqual([{ minMs: 4000, maxMs: 8000 }, 6000]);
  });

  it("a ±20 % jitter around 4 s (3200..4800) never falls below 3 s: unchanged", () => {
    const model = rule({ kind: "proportional", fraction: 0.2 });
    expect([model.bounds(3), model.meanMs(3)]).toEqual([{ minMs: 3200, maxMs: 4800 }, 4000]);
  });

  it("decorrelated jitter is not modelled (its next draw grows from the previous wait)", () => {
    expect(() => longerOfRule(normalizePolicy({ baseMs: 1000, capMs: 10_000 }), { kind: "decorrelated" })).toThrow(RangeError);
  });
});
