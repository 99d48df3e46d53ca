import { describe, expect, it } from "vitest";
import { analyseChain } from "../../../src/core/chain/chain.js";
import { checkChain } from "../../../src/core/chain/check.js";
import { layer } from "../../support/chain.js";

const OPTIONS = { failureRate: 1, rps: null, attemptMs: null };

describe("checkChain", () => {
  it("three layers of 3 tries: 27 calls break a limit of 10 and hold one of 27; all three retry", () => {
    const report = analyseChain([layer(2), layer(2), layer(2)], OPTIONS);
    expect(checkChain(report, { maxAmplification: 10 })).toEqual({
      assertions: [{ limit: "max-amplification", limitValue: 10, actual: 27n, ok: false }],
      warnings: [{ lint: "stacked-retries", layers: [0, 1, 2] }],
    });
    expect(checkChain(report, { maxAmplification: 27 }).assertions[0]!.ok).toBe(true);
    // 26.9: a whole count of calls is above 26.9 exactly when it is above 26.
    expect(checkChain(report, { maxAmplification: 26.9 }).assertions[0]!.ok).toBe(false);
  });

  it("one retrying layer under one that passes calls on: no warning, no limit without one given", () => {
    expect(checkChain(analyseChain([layer(0), layer(3)], OPTIONS), {})).toEqual({ assertions: [], warnings: [] });
  });
});
