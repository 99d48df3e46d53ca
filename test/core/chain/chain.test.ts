import { describe, expect, it } from "vitest";
import { analyseChain } from "../../../src/core/chain/chain.js";
import type { ChainLayer } from "../../../src/core/chain/layer.js";
import { awsSdk } from "../../../src/presets/aws-sdk.js";
import { istio } from "../../../src/presets/istio.js";
import { resilience4j } from "../../../src/presets/resilience4j.js";
import { fixedWaits, layer, withBudget } from "../../support/chain.js";

/** A preset at its defaults as a layer: its own retry count and waits. */
function presetLayer(name: string, build: () => { retries: number | null } & ChainLayer["model"]): ChainLayer {
  const model = build();
  return { name, retries: model.retries!, model, tryTimeoutMs: null, budget: null };
}

describe("analyseChain", () => {
  it("five layers of fixed:attempts=2 (2 retries, 3 tries each): 243 calls at the bottom", () => {
    const report = analyseChain(Array.from({ length: 5 }, () => layer(2, { model: fixedWaits(1000) })), { failureRate: 1, rps: null, attemptMs: null });
    expect(report.bottom).toEqual({ worstCase: 243n, expected: 243, limited: 243 });
    expect(report.layers.map((one) => [one.tries, one.retries])).toEqual(Array.from({ length: 5 }, () => [3, 2]));
  });

  it("aws-sdk (maxAttempts 3) over istio (2 retries) over resilience4j (maxAttempts 3): 3 × 3 × 3 = 27", () => {
    // Each preset's default retry count, from the libraries: aws-sdk DEFAULT_MAX_ATTEMPTS 3 (2 retries),
    // istio's default policy attempts 2 (retries), resilience4j maxAttempts 3 (2 retries).
    const layers = [presetLayer("aws-sdk", () => awsSdk.build({})), presetLayer("istio", () => istio.build({})), presetLayer("resilience4j", () => resilience4j.build({}))];
    expect(layers.map((one) => one.retries)).toEqual([2, 2, 2]);
    const report = analyseChain(layers, { failureRate: 1, rps: null, attemptMs: null });
    expect(report.layers.map((one) => one.worstCaseCalls)).toEqual([3n, 9n, 27n]);
    expect(report.verdicts).toEqual([{ kind: "stacked-retries", layers: [0, 1, 2] }]);
  });

  it("reports the budgets: the AWS quota's full bucket at cost 14 and its steady state at a full outage", () => {
    const report = analyseChain([layer(2), withBudget(2, { kind: "aws-quota", tokens: 500, cost: 14 })], { failureRate: 1, rps: 100, attemptMs: 100 });
    expect(report.layers[1]!.budget).toEqual({ binds: true, fullBucketRetries: 35 });
    // The top still makes 3 tries; the bottom, refused every retry, 1: 3 at the backend instead of 9.
    expect(report.bottom).toEqual({ worstCase: 9n, expected: 9, limited: 3 });
  });

  it("the top's give-up time comes from the bottom's attempt time up", () => {
    // Bottom 3 × 100 ms + 2 s = 2.3 s; top 3 × 2.3 s + 2 s = 8.9 s.
    const report = analyseChain([layer(2, { model: fixedWaits(1000) }), layer(2, { model: fixedWaits(1000) })], { failureRate: 1, rps: null, attemptMs: 100 });
    expect(report.layers[0]!.giveUp.giveUp.nominalMs).toBe(8900);
  });

  it("refuses an empty chain", () => {
    expect(() => analyseChain([], { failureRate: 1, rps: null, attemptMs: null })).toThrow(RangeError);
  });
});
