import { describe, expect, it } from "vitest";
import type { ChainLayer } from "../../src/core/chain/layer.js";
import type { ScheduleModel } from "../../src/core/model.js";
import { type LayerBuilder, type ReferencedFile, asksNoRetries, chainReferences, hasChainSection, readChainSection } from "../../src/config/chain-config.js";
import { UsageError } from "../../src/config/errors.js";
import type { OptionValues } from "../../src/config/option-values.js";
import { recogniseFile } from "../../src/config/recognise.js";
import { configTree } from "../../src/config/schema.js";

// A config's "chain" section read from its text (src/config/chain-config.ts). The policies are
// built by the builder the caller hands over; here one that records what it is asked and
// refuses any SPEC starting "bad", so what is tested is the reading: the keys, the order, the
// values handed on, and where each error is placed. test/cli/shared/chain-config.test.ts reads
// the same files with the presets and real files.

const MODEL = { delay: () => ({ delayMs: 7 }) } as unknown as ScheduleModel;

function builder() {
  const calls: Array<{ kind: "spec"; text: string; tryTimeoutMs: number | null } | { kind: "policy"; name: string; values: OptionValues; label: string; noRetries: boolean; given: unknown }> = [];
  const build: LayerBuilder = {
    spec: (text, tryTimeoutMs): ChainLayer => {
      calls.push({ kind: "spec", text, tryTimeoutMs });
      if (text.startsWith("bad")) throw new UsageError(`chain "${text}": no preset`);
      return { name: text.trim(), retries: 2, model: MODEL, tryTimeoutMs, budget: null, ...(text === "aws-sdk" ? { budget: { kind: "aws-quota", tokens: 500, cost: 14 }, budgetByDefault: true } : {}) };
    },
    policy: (name, values, label, noRetries, given) => {
      calls.push({ kind: "policy", name, values, label, noRetries, given });
      if (values.preset === "bad") throw new UsageError("no preset \"bad\"");
      return { retries: noRetries ? 0 : Number(values.attempts ?? 3), model: MODEL, budget: given === null ? null : given.budget };
    },
  };
  return { build, calls };
}

function read(text: string, files: Readonly<Record<string, ReferencedFile>> = {}, name = "chain.json") {
  const { root, body } = configTree(text, name);
  const { build, calls } = builder();
  const config = readChainSection(root, body, name, build, (file) => files[file]);
  return { config, calls };
}

function refused(text: string, files: Readonly<Record<string, ReferencedFile>> = {}): string {
  try {
    read(text, files);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("read without an error");
}

const layers = (config: ReturnType<typeof read>["config"]) => config.layers.map(({ name, retries, tryTimeoutMs, budget, budgetByDefault }) => ({ name, retries, tryTimeoutMs, budget, byDefault: budgetByDefault ?? false }));

describe("hasChainSection", () => {
  it("an object with a chain key", () => {
    expect(hasChainSection(configTree('{"chain": []}', "a.json").root)).toBe(true);
    expect(hasChainSection(configTree('{"base": "1s"}', "a.json").root)).toBe(false);
  });
});

describe("readChainSection: the layers", () => {
  it("SPEC strings and objects, outermost first, with where the chain key is and the inputs beside it", () => {
    const { config, calls } = read('{\n  "rps": 50,\n  "chain": [\n    "aws-sdk",\n    {"spec": "istio", "per-try-timeout": "2s", "name": "mesh"},\n    {"preset": "resilience4j", "attempts": 2, "budget": {"type": "ratio", "percent": 10}}\n  ],\n  "failure-rate": "50%",\n  "assert": {"max-amplification": 10, "attempt-time": "100ms"}\n}');
    expect({ name: config.name, line: config.line, column: config.column, rps: config.rps, failureRate: config.failureRate, attemptTime: config.attemptTime, maxAmplification: config.maxAmplification }).toEqual({
      name: "chain.json",
      line: 3,
      column: 3,
      rps: "50",
      failureRate: "50%",
      attemptTime: "100ms",
      maxAmplification: "10",
    });
    expect(layers(config)).toEqual([
      { name: "aws-sdk", retries: 2, tryTimeoutMs: null, budget: { kind: "aws-quota", tokens: 500, cost: 14 }, byDefault: true },
      { name: "mesh", retries: 2, tryTimeoutMs: 2000, budget: null, byDefault: false },
      { name: "resilience4j", retries: 2, tryTimeoutMs: null, budget: { kind: "ratio", percent: 10 }, byDefault: false },
    ]);
    expect(calls).toEqual([
      { kind: "spec", text: "aws-sdk", tryTimeoutMs: null },
      { kind: "spec", text: "istio", tryTimeoutMs: 2000 },
      { kind: "policy", name: "resilience4j", values: { preset: "resilience4j", attempts: "2" }, label: "chain[2] (resilience4j)", noRetries: false, given: { budget: { kind: "ratio", percent: 10 } } },
    ]);
  });

  it('a budget given to a SPEC layer replaces its default; "none" is no budget', () => {
    expect(layers(read('{"chain": [{"spec": "aws-sdk", "budget": "none"}, {"spec": "envoy", "budget": {"type": "aws", "cost": 5}}]}').config)).toEqual([
      { name: "aws-sdk", retries: 2, tryTimeoutMs: null, budget: null, byDefault: false },
      { name: "envoy", retries: 2, tryTimeoutMs: null, budget: { kind: "aws-quota", tokens: 500, cost: 5 }, byDefault: false },
    ]);
  });

  it('a layer naming one of the file\'s "policies" hands on its values; attempts 0 asks for no retry; an attempt time at the top wins over assert\'s', () => {
    const { config, calls } = read('{"chain": [{"policy": "db"}, {"strategy": "fixed", "attempts": 0}], "policies": {"db": {"base": "1s", "attempts": 4}}, "attempt-time": "1s", "assert": {"attempt-time": "2s"}}');
    expect(layers(config)).toEqual([
      { name: "db", retries: 4, tryTimeoutMs: null, budget: null, byDefault: false },
      { name: "layer 2", retries: 0, tryTimeoutMs: null, budget: null, byDefault: false },
    ]);
    expect(calls).toEqual([
      { kind: "policy", name: "db", values: { base: "1s", attempts: "4" }, label: "chain[0] (db)", noRetries: false, given: null },
      { kind: "policy", name: "layer 2", values: { strategy: "fixed", attempts: "0" }, label: "chain[1] (layer 2)", noRetries: true, given: null },
    ]);
    expect(config.attemptTime).toBe("1s");
  });

  it("each mistake at its file:line:col", () => {
    expect(refused('{"chain": "istio"}')).toBe('chain.json:1:11: chain must be a list of layers, outermost first: ["aws-sdk", "istio", "resilience4j"]');
    expect(refused('{"chain": []}')).toBe("chain.json:1:11: chain is empty; list at least one layer");
    expect(refused('{"chain": [{"spec": "istio", "budgt": "envoy"}]}')).toBe('chain.json:1:30: unknown key "budgt" in chain[0]; did you mean "budget"?');
    expect(refused('{"chain": ["istio", "istio"]}')).toBe('chain.json:1:21: chain[1] is named "istio" like an earlier layer; give each layer its own "name"');
    expect(refused('{"chain": [{"policy": "db"}]}')).toBe('chain.json:1:23: chain[0].policy names "db", but the file has no "policies" (a policy check PATH finds is written FILE#NAME)');
    expect(refused('{"chain": [{"spec": "istio@envoy", "budget": "none"}]}')).toBe('chain.json:1:36: chain[0] gives a budget twice: after "@" in its spec and as "budget"');
    expect(refused('{"chain": [{"spec": "istio", "preset": "envoy"}]}')).toBe('chain.json:1:12: chain[0] gives both "spec" and "preset"; give the policy one way');
    expect(refused('{"chain": ["istio"], "rps": [1]}')).toBe("chain.json:1:29: rps must be a number or a string, got an array");
  });

  it("the builder's refusal is placed at the value it came from, in the order of the layers", () => {
    expect(refused('{"chain": ["istio", "bad-one"]}')).toBe('chain.json:1:21: chain "bad-one": no preset');
    expect(refused('{"chain": [{"spec": "bad"}]}')).toBe('chain.json:1:21: chain "bad": no preset');
    expect(refused('{"chain": [{"preset": "bad"}]}')).toBe('chain.json:1:12: no preset "bad"');
    // The first layer's refusal comes before the second's unknown key and the repeated name.
    expect(refused('{"chain": ["bad", {"spec": "bad", "zzz": 1}]}')).toBe('chain.json:1:12: chain "bad": no preset');
  });
});

describe("readChainSection: policies that check PATH finds (FILE#NAME)", () => {
  const VS = ["apiVersion: networking.istio.io/v1", "kind: VirtualService", "metadata:", "  name: reviews", "spec:", "  http:", "  - name: v1", "    retries:", "      attempts: 4", "      perTryTimeout: 2s", ""].join("\n");
  const APP = ["resilience4j:", "  retry:", "    instances:", "      ratings:", "        maxAttempts: 2", "        waitDuration: 500ms", "      off:", "        maxAttempts: 1", "      coded:", "        intervalBiFunction: com.example.Backoff", ""].join("\n");
  const FILES: Record<string, ReferencedFile> = {
    "vs.yaml": { name: "deploy/vs.yaml", result: recogniseFile({ name: "deploy/vs.yaml", text: VS, kind: "yaml", named: true }) },
    "application.yml": { name: "application.yml", result: recogniseFile({ name: "application.yml", text: APP, kind: "yaml", named: true }) },
    "gone.yaml": { name: "gone.yaml", error: "cannot read gone.yaml: no such file" },
  };

  it("chainReferences: the files of the references, as written, in order", () => {
    expect(chainReferences(configTree('{"chain": [{"policy": "vs.yaml#reviews/v1"}, "istio", {"policy": "db"}, {"policy": "#x"}, {"policy": "application.yml#ratings"}, {"policy": "vs.yaml#a"}]}', "c.json").root)).toEqual([
      "vs.yaml",
      "application.yml",
      "vs.yaml",
    ]);
    expect(chainReferences(configTree('{"chain": "istio"}', "c.json").root)).toEqual([]);
  });

  // Istio's attempts 4 are 4 retries; resilience4j's maxAttempts counts the first call (2: 1
  // retry; 1: none, the instance switched off).
  it("the route's values with its system's preset and its perTryTimeout; a layer's own keys win; retries switched off in the file are none", () => {
    const { config, calls } = read('{"chain": [{"policy": "vs.yaml#reviews/v1"}, {"policy": "application.yml#ratings", "name": "ratings", "per-try-timeout": "1s", "budget": "none"}, {"policy": "application.yml#off"}]}', FILES);
    expect(layers(config)).toEqual([
      { name: "vs.yaml#reviews/v1", retries: 4, tryTimeoutMs: 2000, budget: null, byDefault: false },
      { name: "ratings", retries: 1, tryTimeoutMs: 1000, budget: null, byDefault: false },
      { name: "application.yml#off", retries: 0, tryTimeoutMs: null, budget: null, byDefault: false },
    ]);
    expect(calls.map((call) => (call.kind === "policy" ? [call.name, call.values.preset, call.values.attempts, call.label, call.noRetries, call.given] : call))).toEqual([
      ["vs.yaml#reviews/v1", "istio", "4", "chain[0] (reviews/v1 in deploy/vs.yaml)", false, null],
      ["ratings", "resilience4j", "1", "chain[1] (ratings in application.yml)", false, { budget: null }],
      ["application.yml#off", "resilience4j", "0", "chain[2] (off in application.yml)", true, null],
    ]);
  });

  it("what cannot be a layer, and a file that could not be read, at the reference", () => {
    expect(refused('{"chain": [{"policy": "application.yml#coded"}]}', FILES)).toBe(
      "chain.json:1:23: chain[0] (coded in application.yml): waits decided by com.example.Backoff (resilience4j.retry.instances.coded.intervalBiFunction): not computable from the file",
    );
    expect(refused('{"chain": [\n  {"policy": "vs.yaml#reviews/v2"}\n]}', FILES)).toBe('chain.json:2:14: chain[0].policy: no policy named "reviews/v2" in deploy/vs.yaml; check finds "reviews/v1"');
    expect(refused('{"chain": [{"policy": "gone.yaml#x"}]}', FILES)).toBe("chain.json:1:23: chain[0].policy: cannot read gone.yaml: no such file");
    expect(refused('{"chain": [{"policy": "other.yaml#x"}]}', FILES)).toBe("chain.json:1:23: chain[0].policy: other.yaml was not read");
    expect(refused('{"chain": [{"policy": "#x"}]}', FILES)).toMatch(/^chain\.json:1:23: chain\[0\]\.policy: "#x" names no file before "#"/);
  });
});

describe("asksNoRetries", () => {
  it('is "0", spaces aside', () => {
    expect(asksNoRetries("0")).toBe(true);
    expect(asksNoRetries(" 0 ")).toBe(true);
    expect(asksNoRetries("1")).toBe(false);
    expect(asksNoRetries("00")).toBe(false);
    expect(asksNoRetries(undefined)).toBe(false);
  });
});

// Issue 41, item 5: a layer's "retry-on" names what it retries on for chain --failure, over its
// preset's or file's conditions (config/chain-retry-on.ts reads the names).
describe("readChainSection: a layer's retry-on", () => {
  it("a list or a string joined by + or commas, on a spec, a policy's keys or a named policy", () => {
    const { config } = read(
      '{"chain": [{"spec": "istio", "retry-on": ["connection", "502", "504"]}, {"preset": "resilience4j", "retry-on": "503+reset"}, {"spec": "x", "retry-on": "every"}, "aws-sdk"]}',
    );
    expect(config.layers.map((layer) => layer.retryOn?.conditions)).toEqual([
      [{ kind: "connection" }, { kind: "status", code: 502 }, { kind: "status", code: 504 }],
      [{ kind: "status", code: 503 }, { kind: "connection" }],
      [{ kind: "every-error" }],
      undefined,
    ]);
    expect(config.layers[0]!.retryOn!.words).toEqual(["connection", "502", "504"]);
  });

  it("placed at its value: a word it does not know, an empty list, a number", () => {
    // The value of "retry-on" starts at column 42 of the line.
    expect(refused('{"chain": [{"spec": "istio", "retry-on": ["conection"]}]}')).toBe(
      'chain.json:1:42: chain[0]: retry-on takes 503, 429, 500, 502, 504, connection, timeout, unavailable, resource-exhausted, 5xx, every, none; got "conection"',
    );
    expect(refused('{"chain": [{"spec": "istio", "retry-on": []}]}')).toBe('chain.json:1:42: chain[0].retry-on must be a list of failures such as ["connection", "502", "504"], or one such as "connection"');
    expect(refused('{"chain": [{"spec": "istio", "retry-on": 503}]}')).toContain("chain[0].retry-on must be a list of failures");
  });
});
