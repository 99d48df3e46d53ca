import { describe, expect, it } from "vitest";
import { ratioGrant } from "../../../../src/core/chain/budgets/ratio.js";
import { callOutcome } from "../../../../src/core/chain/granted.js";
import { context } from "../../../support/chain.js";

const budget = { kind: "ratio", percent: 20 } as const;

function triesWith(tries: number, tryFailure: number): number {
  const { grant } = ratioGrant(budget, context(tries, tryFailure));
  return callOutcome(tries, tryFailure, grant!).tries;
}

describe("a plain budget: retries ≤ R% of requests", () => {
  it("at a full outage 20% lets a 3-try layer send 1.2 calls per call instead of 3", () => {
    // Σ g^i for i = 1, 2 must be 0.2: g + g² = 0.2, g = (−1 + √1.8) / 2 = 0.17082…
    const { grant } = ratioGrant(budget, context(3, 1));
    expect(grant).toBeCloseTo((-1 + Math.sqrt(1.8)) / 2, 14);
    expect(triesWith(3, 1)).toBeCloseTo(1.2, 14);
  });

  it("at P = 0.5 the layer asks for 0.5 + 0.25 = 0.75 retries per call and gets 0.2", () => {
    expect(triesWith(3, 0.5)).toBeCloseTo(1.2, 14);
  });

  it("binds only when the layer asks for more: at P = 0.1, 0.1 + 0.01 = 0.11 ≤ 0.2, every retry goes ahead", () => {
    expect(ratioGrant(budget, context(3, 0.1))).toEqual({ grant: 1 });
  });
});
