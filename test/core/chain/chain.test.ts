import { describe, expect, it } from "vitest";
import { analyseChain } from "../../../src/core/chain/chain.js";
import { findFailureKind } from "../../../src/core/chain/failure.js";
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

  describe("with a failure named (--failure)", () => {
    // Three layers of 2 retries (3 tries), 1 s fixed waits, tries at the bottom of 100 ms: the top retries
    // every 5xx and connection failures, the middle connection failures, 502 and 504 (the fixed
    // VirtualService of issue 41: never 503), the bottom every error.
    const top = layer(2, { name: "top", model: fixedWaits(1000), retryOn: { words: [], from: "test", isDefault: false, conditions: [{ kind: "5xx" }, { kind: "connection" }] } });
    const middle = layer(2, {
      name: "middle",
      model: fixedWaits(1000),
      retryOn: { words: [], from: "test", isDefault: false, conditions: [{ kind: "connection" }, { kind: "status", code: 502 }, { kind: "status", code: 504 }] },
    });
    const bottom = layer(2, { name: "bottom", model: fixedWaits(1000), retryOn: { words: [], from: "test", isDefault: false, conditions: [{ kind: "every-error" }] } });
    const chain = [top, middle, bottom];
    const inputs = { rps: null, attemptMs: 100 };

    it("503s: the middle passes each one on once, 3 × 1 × 3 = 9 calls at worst instead of 27", () => {
      const report = analyseChain(chain, { failureRate: 1, ...inputs, failure: findFailureKind("503")! });
      expect(report.layers.map((one) => [one.tries, one.retries, one.retried?.retried])).toEqual([
        [3, 2, "yes"],
        [1, 0, "no"],
        [3, 2, "yes"],
      ]);
      expect(report.layers.map((one) => one.layer.retries)).toEqual([2, 2, 2]);
      expect(report.layers.map((one) => one.worstCaseCalls)).toEqual([3n, 3n, 9n]);
      // Give-up: bottom 3 × 100 ms + 2 × 1 s = 2.3 s; the middle's one try 2.3 s; the top 3 × 2.3 s + 2 s = 8.9 s.
      expect(report.layers.map((one) => one.giveUp.giveUp.nominalMs)).toEqual([8900, 2300, 2300]);
      expect(report.verdicts).toEqual([{ kind: "stacked-retries", layers: [0, 2] }]);
    });

    it("connection resets: every layer retries them, 3 × 3 × 3 = 27", () => {
      const report = analyseChain(chain, { failureRate: 1, ...inputs, failure: findFailureKind("connection")! });
      expect(report.layers.map((one) => one.worstCaseCalls)).toEqual([3n, 9n, 27n]);
      // 2.3 s, then 3 × 2.3 s + 2 s = 8.9 s, then 3 × 8.9 s + 2 s = 28.7 s.
      expect(report.layers.map((one) => one.giveUp.giveUp.nominalMs)).toEqual([28700, 8900, 2300]);
    });

    it("at a failure rate of 50%: 503s give 1.99609375 calls at the backend, connection resets 1.999999985…", () => {
      // 503: bottom 1 + 0.5 + 0.25 = 1.75 tries, failing 0.5³ = 0.125; the middle 1 try, failing 0.125; the top
      // 1 + 0.125 + 0.125² = 1.140625. Calls: 1.140625, 1.140625, 1.140625 × 1.75 = 1.99609375.
      const overload = analyseChain(chain, { failureRate: 0.5, ...inputs, failure: findFailureKind("503")! });
      expect(overload.layers.map((one) => one.expected.callsSent)).toEqual([1.140625, 1.140625, 1.99609375]);
      // Connection: the middle 1 + 0.125 + 0.125² = 1.140625, failing 0.125³ = 2^−9; the top 1 + 2^−9 + 2^−18 =
      // 262657/262144. Calls: 262657/262144, × 73/64 = 19173961/16777216, × 7/4 = 134217727/67108864 (exact doubles).
      const reset = analyseChain(chain, { failureRate: 0.5, ...inputs, failure: findFailureKind("connection")! });
      expect(reset.layers.map((one) => one.expected.callsSent)).toEqual([262657 / 262144, 19173961 / 16777216, 134217727 / 67108864]);
      expect(reset.bottom.limited).toBe(134217727 / 67108864);
    });

    it("a budget on a layer that passes the failure on has nothing to limit", () => {
      const report = analyseChain([top, { ...middle, budget: { kind: "ratio", percent: 10 } }, bottom], { failureRate: 1, ...inputs, failure: findFailureKind("503")! });
      expect(report.layers[1]!.limited!.grant).toBe(1);
      expect(report.bottom).toEqual({ worstCase: 9n, expected: 9, limited: 9 });
    });

    it("without a failure named every layer retries, as before", () => {
      const report = analyseChain(chain, { failureRate: 1, ...inputs });
      expect(report.layers.map((one) => one.retried)).toEqual([null, null, null]);
      expect(report.bottom.worstCase).toBe(27n);
    });
  });

  it("refuses an empty chain", () => {
    expect(() => analyseChain([], { failureRate: 1, rps: null, attemptMs: null })).toThrow(RangeError);
  });
});
