import { describe, expect, it } from "vitest";
import { readLayerSpec } from "../../src/config/chain-layer-spec.js";

// src/config/chain-layer-spec.ts: a chain layer's SPEC read from its text, the policy's SPEC
// apart from its budget after "@" (test/cli/shared/chain-layers.test.ts builds the layers).

describe("readLayerSpec", () => {
  it("a SPEC without a budget: the policy as written, no budget given, the name trimmed", () => {
    expect(readLayerSpec("  istio  ")).toEqual({ name: "istio", label: 'chain "istio"', policy: "  istio  ", attemptsGiven: false, noRetries: false, given: null });
  });

  it('the budget after "@": Envoy\'s retry budget at its defaults (20 %, 3 concurrent), "none" a null budget', () => {
    expect(readLayerSpec("istio:attempts=4@envoy")).toEqual({
      name: "istio:attempts=4@envoy",
      label: 'chain "istio:attempts=4@envoy"',
      policy: "istio:attempts=4",
      attemptsGiven: true,
      noRetries: false,
      given: { budget: { kind: "envoy-budget", budgetPercent: 20, minRetryConcurrency: 3 } },
    });
    expect(readLayerSpec("aws-sdk@none").given).toEqual({ budget: null });
    expect(readLayerSpec("aws-sdk@ratio:percent=10").given).toEqual({ budget: { kind: "ratio", percent: 10 } });
  });

  it("a version's @ is followed by a digit and stays in the policy (grpc-retry@1.68)", () => {
    expect(readLayerSpec("grpc-retry@1.68")).toMatchObject({ policy: "grpc-retry@1.68", given: null });
    expect(readLayerSpec("grpc-retry@1.68:attempts=2@envoy")).toMatchObject({ policy: "grpc-retry@1.68:attempts=2", attemptsGiven: true });
  });

  it("attempts=0 asks for no retry: the policy is written with attempts=1, its other overrides kept", () => {
    expect(readLayerSpec("fixed:base=2s, attempts = 0")).toMatchObject({ policy: "fixed:base=2s,attempts=1", attemptsGiven: true, noRetries: true });
    expect(readLayerSpec("istio:attempts=0@none")).toMatchObject({ policy: "istio:attempts=1", noRetries: true, given: { budget: null } });
  });

  it("the label names the command; a bad SPEC is refused after it", () => {
    expect(readLayerSpec("fixed", "check").label).toBe('check "fixed"');
    expect(() => readLayerSpec("fixed:bse=1s")).toThrow('chain "fixed:bse=1s": unknown option "bse"; did you mean base?');
  });
});

// Issue 41, item 5: a layer's conditions as the chain names them, in the words --failure takes
// (core/chain/failure.ts), 5xx, every and none.
describe("retry-on in a layer's SPEC", () => {
  it("is taken out of the policy's SPEC and read into the conditions' vocabulary", () => {
    const spec = readLayerSpec("fixed:attempts=2,retry-on=connection+502+504@envoy");
    expect(spec.policy).toBe("fixed:attempts=2");
    expect(spec.attemptsGiven).toBe(true);
    expect(spec.retryOn).toEqual({
      words: ["connection", "502", "504"],
      from: "retry-on",
      isDefault: false,
      conditions: [{ kind: "connection" }, { kind: "status", code: 502 }, { kind: "status", code: 504 }],
    });
    // Alone after the head, the head is left; aliases and the other words.
    expect(readLayerSpec("istio:retry-on=overload+reset").policy).toBe("istio");
    expect(readLayerSpec("istio:retry-on=overload+reset").retryOn!.conditions).toEqual([{ kind: "status", code: 503 }, { kind: "connection" }]);
    expect(readLayerSpec("fixed:retry-on=5xx+every,attempts=1").retryOn!.conditions).toEqual([{ kind: "5xx" }, { kind: "every-error" }]);
    expect(readLayerSpec("fixed:attempts=1,retry-on=none").retryOn!.conditions).toEqual([]);
    expect(readLayerSpec("istio").retryOn).toBeUndefined();
  });

  it("refuses a word it does not know, none beside another, an empty value, and a second retry-on", () => {
    expect(() => readLayerSpec("fixed:attempts=1,retry-on=404")).toThrow('chain "fixed:attempts=1,retry-on=404": retry-on takes 503, 429, 500, 502, 504, connection, timeout, unavailable, resource-exhausted, 5xx, every, none; got "404"');
    expect(() => readLayerSpec("fixed:attempts=1,retry-on=none+503")).toThrow("retry-on none stands alone");
    expect(() => readLayerSpec("fixed:attempts=1,retry-on=")).toThrow("retry-on needs a value, such as retry-on=connection+502+504");
    expect(() => readLayerSpec("fixed:retry-on=503,retry-on=502")).toThrow("retry-on is given twice");
  });
});
