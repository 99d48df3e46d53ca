import { describe, expect, it } from "vitest";
import { CHAIN_LAYERS, chainLayerFromSpec, layerBudget, retriesOf } from "../../../src/cli/shared/chain-layers.js";
import { policyFromSpec } from "../../../src/cli/shared/policy-spec.js";
import { UsageError } from "../../../src/config/errors.js";

// A chain's layers from what people write. The counts are the presets' own: aws-sdk's
// maxAttempts 3 (2 retries), istio's attempts 2 (2 retries), Envoy's num_retries 1; a strategy
// counts what attempts=N says, as retries. The default budgets: the AWS SDK's retry quota
// (500 tokens, 14 a retry: @smithy/core 3.41.1) and Envoy's max_retries breaker (3).

function refused(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("no error");
}

describe("chainLayerFromSpec: a preset", () => {
  it("aws-sdk: 2 retries and the SDK's retry quota, on by default", () => {
    const layer = chainLayerFromSpec("aws-sdk");
    expect({ name: layer.name, retries: layer.retries, tryTimeoutMs: layer.tryTimeoutMs, budget: layer.budget, byDefault: layer.budgetByDefault }).toEqual({
      name: "aws-sdk",
      retries: 2,
      tryTimeoutMs: null,
      budget: { kind: "aws-quota", tokens: 500, cost: 14 },
      byDefault: true,
    });
  });

  it("envoy: 1 retry under the max_retries breaker of 3", () => {
    const layer = chainLayerFromSpec("envoy");
    expect([layer.retries, layer.budget, layer.budgetByDefault]).toEqual([1, { kind: "envoy-max-retries", maxRetries: 3 }, true]);
  });

  it("istio: 2 retries and no budget (Istio sets max_retries to 2^32 − 1); no by-default mark at all", () => {
    const layer = chainLayerFromSpec("istio");
    expect([layer.retries, layer.budget]).toEqual([2, null]);
    expect("budgetByDefault" in layer).toBe(false);
  });

  it("a version variant's @ (grpc-retry@1.68: a digit follows) is the preset's; a budget's @ after it is the budget (issue 39, item 4)", () => {
    const plain = chainLayerFromSpec("grpc-retry@1.68");
    expect([plain.name, plain.retries, plain.budget]).toEqual(["grpc-retry@1.68", 3, null]);
    // Full jitter, as grpc-go before 1.69: attempt 1 waits 0 to 100 ms.
    expect(plain.model.bounds(1)).toEqual({ minMs: 0, maxMs: 100 });
    const budgeted = chainLayerFromSpec("grpc-retry@1.68:attempts=2@envoy");
    expect([budgeted.retries, budgeted.budget]).toEqual([2, { kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 }]);
  });

  it('"@none" turns the default budget off; "@envoy" gives the layer Envoy\'s retry budget at its defaults', () => {
    const none = chainLayerFromSpec("aws-sdk@none");
    expect([none.name, none.retries, none.budget, "budgetByDefault" in none]).toEqual(["aws-sdk@none", 2, null, false]);
    const envoy = chainLayerFromSpec("istio@envoy");
    expect([envoy.budget, "budgetByDefault" in envoy]).toEqual([{ kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 }, false]);
    expect(chainLayerFromSpec("aws-sdk@ratio:percent=10").budget).toEqual({ kind: "ratio", percent: 10 });
  });

  it("the name is the SPEC as written, trimmed; the per-try timeout is the caller's", () => {
    const layer = chainLayerFromSpec("  istio  ", 2000);
    expect([layer.name, layer.tryTimeoutMs]).toEqual(["istio", 2000]);
  });

  it("overrides of a preset change its count: istio:attempts=4 retries 4 times", () => {
    expect(chainLayerFromSpec("istio:attempts=4").retries).toBe(4);
  });
});

describe("chainLayerFromSpec: a strategy", () => {
  it("attempts=N is its retries, and its waits are the strategy's (fixed: 1 s each by default)", () => {
    const layer = chainLayerFromSpec("fixed:attempts=2");
    expect(layer.retries).toBe(2);
    expect([layer.model.delay(1).delayMs, layer.model.delay(2).delayMs]).toEqual([1000, 1000]);
    expect(chainLayerFromSpec("exponential:base=100ms,attempts=3").model.delay(3).delayMs).toBe(400);
  });

  it("attempts=0 is a layer that passes each call on once (the model built with one retry, never made)", () => {
    expect(chainLayerFromSpec("fixed:base=2s,attempts=0").retries).toBe(0);
    expect(chainLayerFromSpec("fixed:base=2s, attempts = 0").retries).toBe(0);
    expect(chainLayerFromSpec("fixed:base=2s,attempts=0").model.delay(1).delayMs).toBe(2000);
    expect(chainLayerFromSpec("istio:attempts=0").retries).toBe(0);
  });
});

describe("chainLayerFromSpec: what cannot be counted is refused, not guessed", () => {
  it("a strategy without attempts", () => {
    expect(refused(() => chainLayerFromSpec("fixed"))).toBe('chain "fixed": how many retries does it make? write attempts=N (retries after the first try), as in fixed:attempts=2');
    expect(refused(() => chainLayerFromSpec("fixed:base=1s"))).toBe('chain "fixed:base=1s": how many retries does it make? write attempts=N (retries after the first try), as in fixed:base=1s,attempts=2');
  });

  it("a range of attempts", () => {
    expect(refused(() => chainLayerFromSpec("fixed:attempts=2..4"))).toBe('chain "fixed:attempts=2..4": attempts is a count of retries here, not a range; write attempts=4');
  });

  it("a preset that retries forever, in the library's words", () => {
    expect(refused(() => chainLayerFromSpec("grpc"))).toBe(
      'chain "grpc": grpc retries forever (connection backoff never gives up), so its calls have no count; give a policy that stops, such as exponential:base=100ms,attempts=4',
    );
  });

  it("the label names the command that reads the SPEC", () => {
    expect(refused(() => chainLayerFromSpec("fixed", null, "check"))).toMatch(/^check "fixed": how many retries/);
  });
});

describe("retriesOf and layerBudget", () => {
  it("retriesOf: a layer asked to make no retry has none, whatever its policy says", () => {
    const built = policyFromSpec("istio", undefined, "chain");
    expect(retriesOf(built, false, "chain istio")).toBe(2);
    expect(retriesOf(built, false, "chain istio", true)).toBe(0);
    expect(retriesOf(policyFromSpec("fixed:attempts=5", undefined, "chain"), true, "chain x")).toBe(5);
  });

  it("layerBudget: the layer's own budget (or none) wins; else the preset's default; else none", () => {
    const ratio = { kind: "ratio", percent: 10 } as const;
    expect(layerBudget("aws-sdk", null)).toEqual({ budget: { kind: "aws-quota", tokens: 500, cost: 14 }, byDefault: true });
    expect(layerBudget("envoy", null)).toEqual({ budget: { kind: "envoy-max-retries", maxRetries: 3 }, byDefault: true });
    expect(layerBudget("aws-sdk", { budget: null })).toEqual({ budget: null, byDefault: false });
    expect(layerBudget("envoy", { budget: ratio })).toEqual({ budget: ratio, byDefault: false });
    expect(layerBudget("istio", null)).toEqual({ budget: null, byDefault: false });
    expect(layerBudget(null, null)).toEqual({ budget: null, byDefault: false });
  });
});

describe("CHAIN_LAYERS: how a chain's config file builds a layer's policy", () => {
  it("the values' own count, a preset's count and default budget, no retry when asked; a budget given wins", () => {
    // fixed 1 s, attempts 4: 4 retries; aws-sdk: 2 retries under its retry quota (500 tokens, 14 a retry).
    const own = CHAIN_LAYERS.policy("db", { strategy: "fixed", attempts: "4" }, "chain[0] (db)", false, null);
    expect({ retries: own.retries, waits: [own.model.delay(1).delayMs, own.model.delay(4).delayMs], budget: own.budget, byDefault: own.budgetByDefault }).toEqual({ retries: 4, waits: [1000, 1000], budget: null, byDefault: undefined });
    const sdk = CHAIN_LAYERS.policy("sdk", { preset: "aws-sdk" }, "chain[0] (sdk)", false, null);
    expect({ retries: sdk.retries, budget: sdk.budget, byDefault: sdk.budgetByDefault }).toEqual({ retries: 2, budget: { kind: "aws-quota", tokens: 500, cost: 14 }, byDefault: true });
    expect(CHAIN_LAYERS.policy("sdk", { preset: "aws-sdk", attempts: "0" }, "chain[0] (sdk)", true, { budget: null })).toMatchObject({ retries: 0, budget: null });
    expect(refused(() => CHAIN_LAYERS.policy("db", { strategy: "fixed" }, "chain[0] (db)", false, null))).toMatch(/^chain\[0\] \(db\): how many retries does it make\?/);
  });

  it("a SPEC as chainLayerFromSpec reads it, with the layer's per-try timeout", () => {
    expect(CHAIN_LAYERS.spec("istio:attempts=4", 2000)).toMatchObject({ name: "istio:attempts=4", retries: 4, tryTimeoutMs: 2000, budget: null });
  });
});
