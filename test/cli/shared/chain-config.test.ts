import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readChainConfig } from "../../../src/cli/shared/chain-config.js";
import { triesOf } from "../../../src/core/chain/layer.js";
import { configTree } from "../../../src/config/schema.js";
import { tempFiles } from "../../support/files.js";

// A config's "chain" section read into layers. Tries are 1 + retries: istio's default is 2
// retries (3 tries), resilience4j's maxAttempts 3 (3 tries), the AWS SDK's 3 attempts (3 tries).

async function read(text: string, name = "chain.json") {
  const { root, body } = configTree(text, name);
  return readChainConfig(root, body, name);
}

async function refused(text: string, name = "chain.json"): Promise<string> {
  try {
    await read(text, name);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("read without an error");
}

const summary = (config: Awaited<ReturnType<typeof read>>) =>
  config.layers.map((layer) => ({ name: layer.name, tries: triesOf(layer.retries), timeout: layer.tryTimeoutMs, budget: layer.budget?.kind ?? null, byDefault: layer.budgetByDefault ?? false }));

describe("readChainConfig: the layers", () => {
  it("SPEC strings and objects, outermost first, with where the chain key is", async () => {
    const config = await read('{\n  "rps": 50,\n  "chain": [\n    "aws-sdk",\n    {"spec": "istio", "per-try-timeout": "2s", "name": "mesh"},\n    {"preset": "resilience4j", "budget": {"type": "ratio", "percent": 10}}\n  ]\n}');
    expect({ line: config.line, column: config.column, rps: config.rps }).toEqual({ line: 3, column: 3, rps: "50" });
    expect(summary(config)).toEqual([
      { name: "aws-sdk", tries: 3, timeout: null, budget: "aws-quota", byDefault: true },
      { name: "mesh", tries: 3, timeout: 2000, budget: null, byDefault: false },
      { name: "resilience4j", tries: 3, timeout: null, budget: "ratio", byDefault: false },
    ]);
  });

  it('a layer naming one of the file\'s "policies", and the inputs beside the chain', async () => {
    const config = await read('{"chain": [{"policy": "db"}], "policies": {"db": {"base": "1s", "attempts": 4}}, "attempt-time": "100ms", "failure-rate": "50%", "assert": {"max-amplification": 10}}');
    expect(summary(config)).toEqual([{ name: "db", tries: 5, timeout: null, budget: null, byDefault: false }]);
    expect({ attemptTime: config.attemptTime, failureRate: config.failureRate, maxAmplification: config.maxAmplification }).toEqual({ attemptTime: "100ms", failureRate: "50%", maxAmplification: "10" });
  });

  it("each mistake at its file:line:col", async () => {
    expect(await refused('{"chain": "istio"}')).toBe('chain.json:1:11: chain must be a list of layers, outermost first: ["aws-sdk", "istio", "resilience4j"]');
    expect(await refused('{"chain": []}')).toBe("chain.json:1:11: chain is empty; list at least one layer");
    expect(await refused('{"chain": [{"spec": "istio", "budgt": "envoy"}]}')).toBe('chain.json:1:30: unknown key "budgt" in chain[0]; did you mean "budget"?');
    expect(await refused('{"chain": ["istio", "istio"]}')).toBe('chain.json:1:21: chain[1] is named "istio" like an earlier layer; give each layer its own "name"');
    expect(await refused('{"chain": [{"policy": "db"}]}')).toBe('chain.json:1:23: chain[0].policy names "db", but the file has no "policies" (a policy check PATH finds is written FILE#NAME)');
    // The inputs beside the chain, at their values, by their keys (issue 38, item 8: they had no line:col).
    expect(await refused('{"chain": ["istio"], "attempt-time": "fast"}')).toBe('chain.json:1:38: attempt-time must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "fast"');
    expect(await refused('{"chain": ["istio"],\n "failure-rate": "150%"}')).toBe('chain.json:2:18: failure-rate must be at most 1 (100%), got "150%"');
    expect(await refused('{"chain": ["istio"], "rps": "-3"}')).toBe('chain.json:1:29: rps must be a number of calls per second such as 100, got "-3"');
    expect(await refused('{"chain": ["istio"], "assert": {"max-amplification": "lots"}}')).toBe('chain.json:1:54: assert.max-amplification must be a whole number such as 5, got "lots"');
  });
});

describe("readChainConfig: policies that check PATH finds (FILE#NAME)", () => {
  const VS = ["apiVersion: networking.istio.io/v1", "kind: VirtualService", "metadata:", "  name: reviews", "spec:", "  http:", "  - name: v1", "    retries:", "      attempts: 4", "      perTryTimeout: 2s", ""].join("\n");
  const APP = ["resilience4j:", "  retry:", "    instances:", "      ratings:", "        maxAttempts: 2", "        waitDuration: 500ms", "      off:", "        maxAttempts: 1", "      coded:", "        intervalBiFunction: com.example.Backoff", ""].join("\n");
  const dir = tempFiles({ "vs.yaml": VS, "application.yml": APP, "notes.txt": "x" });
  const at = (text: string) => read(text, join(dir, "chain.json"));
  const refusedAt = (text: string) => refused(text, join(dir, "chain.json"));

  it("the route's 4 retries (5 tries) and its perTryTimeout, the instance's maxAttempts 2 (2 tries); a layer's own keys win", async () => {
    const config = await at('{"chain": [{"policy": "vs.yaml#reviews/v1"}, {"policy": "application.yml#ratings", "name": "ratings", "per-try-timeout": "1s", "budget": {"type": "ratio", "percent": 10}}]}');
    expect(summary(config)).toEqual([
      { name: "vs.yaml#reviews/v1", tries: 5, timeout: 2000, budget: null, byDefault: false },
      { name: "ratings", tries: 2, timeout: 1000, budget: "ratio", byDefault: false },
    ]);
  });

  it("a policy whose file switches retries off (maxAttempts 1) is a layer that passes each call on once", async () => {
    expect(summary(await at('{"chain": [{"policy": "application.yml#off"}]}'))).toEqual([{ name: "application.yml#off", tries: 1, timeout: null, budget: null, byDefault: false }]);
  });

  it("a policy whose waits a class decides cannot be a layer: the error names the class", async () => {
    const file = join(dir, "chain.json");
    expect(await refusedAt('{"chain": [{"policy": "application.yml#coded"}]}')).toBe(
      `${file}:1:23: chain[0] (coded in ${join(dir, "application.yml")}): waits decided by com.example.Backoff (resilience4j.retry.instances.coded.intervalBiFunction): not computable from the file`,
    );
  });

  it("a reference that matches nothing, a file that is not there or not read by check: an error at the reference", async () => {
    const file = join(dir, "chain.json");
    expect(await refusedAt('{"chain": [\n  {"policy": "vs.yaml#reviews/v2"}\n]}')).toBe(`${file}:2:14: chain[0].policy: no policy named "reviews/v2" in ${join(dir, "vs.yaml")}; check finds "reviews/v1"`);
    expect(await refusedAt('{"chain": [{"policy": "gone.yaml#x"}]}')).toBe(`${file}:1:23: chain[0].policy: cannot read ${join(dir, "gone.yaml")}: no such file or directory`);
    expect(await refusedAt('{"chain": [{"policy": "notes.txt#x"}]}')).toBe(`${file}:1:23: chain[0].policy: ${join(dir, "notes.txt")} is not a file check reads: give a .json, .yaml, .yml, .properties, .asl or .toml file`);
  });
});
