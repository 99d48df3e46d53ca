/**
 * gRPC service configs (shapes/grpc.ts). Lines and columns are read off the texts; what a
 * client accepts is held against @grpc/grpc-js 1.14.7's own validateServiceConfig
 * (src/service-config.ts), which refuses the same service configs the shape calls problems.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";
import { ROOT } from "../../support/paths.js";

const require = createRequire(import.meta.url);
const { validateServiceConfig } = require("@grpc/grpc-js/build/src/service-config.js") as { validateServiceConfig: (config: unknown) => unknown };

const FIXTURES = join(ROOT, "test/fixtures/policies/grpc");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/** A one-method service config with this retryPolicy, as JSON text (the policy's key on line 3, column 5). */
const config = (retryPolicy: string, extra = "") => `{\n  "methodConfig": [{"name": [{"service": "a.B"}],\n    "retryPolicy": ${retryPolicy}}]${extra}\n}\n`;
const POLICY = '{"maxAttempts": 3, "initialBackoff": "0.2s", "maxBackoff": "2s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}';

describe("gRPC service configs (shapes/grpc.ts)", () => {
  it("service-config.json: each methodConfig's retryPolicy, maxAttempts − 1 retries (10 treated as 5), retryThrottling named; the hedging method reports nothing", () => {
    expect(validateServiceConfig(JSON.parse(fixture("service-config.json")))).toBeTruthy();
    expect(find(fixture("service-config.json"), "json", "service-config.json")).toEqual({
      policies: [
        {
          at: "7:7",
          system: "grpc",
          name: "helloworld.Greeter/SayHello [retryThrottling maxTokens 10, tokenRatio 0.1]",
          options: { attempts: "3", base: "100ms", cap: "1s", deadline: "2s", factor: "2", jitter: "union" },
        },
        {
          at: "17:7",
          system: "grpc",
          name: "inventory.Stock (maxAttempts 10, treated as 5) [retryThrottling maxTokens 10, tokenRatio 0.1]",
          options: { attempts: "4", base: "500ms", cap: "3s", factor: "1.5", jitter: "union" },
        },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("client.yaml: a service config inside a client's YAML, and one as a JSON string (placed at the string)", () => {
    const text = fixture("client.yaml");
    const documents = text.split(/^---\n/m);
    expect(validateServiceConfig(JSON.parse(/\|\n([\s\S]*)$/.exec(documents[1]!)![1]!))).toBeTruthy();
    expect(find(text).policies).toEqual([
      { at: "14:9", system: "grpc", name: "payments.Payments/Charge, payments.Payments/Refund", options: { attempts: "4", base: "250ms", cap: "2s", factor: "3", jitter: "union" } },
      { at: "24:25", system: "grpc", name: "(every method) (defaultServiceConfig)", options: { attempts: "2", base: "50ms", cap: "400ms", factor: "2", jitter: "union" } },
    ]);
  });

  it("look-alikes hold no policy: hedging only, a method config without name, Envoy's retryPolicy, a string that is not JSON", () => {
    expect(validateServiceConfig(JSON.parse(fixture("hedging.json")))).toBeTruthy();
    expect(find(fixture("hedging.json"), "json").policies).toEqual([]);
    expect(find(`{"methodConfig": [{"retryPolicy": ${POLICY}}]}`, "json").policies).toEqual([]);
    // Envoy's retryPolicy is Envoy's (shapes/envoy.ts), not gRPC's.
    expect(find("route:\n  retryPolicy: {numRetries: 3, retryOn: 5xx}\nnote: methodConfig is documented elsewhere\n").policies.map((p) => p.system)).toEqual(["envoy"]);
    expect(find('notes: "{methodConfig: see the wiki}"\n').policies).toEqual([]);
  });

  it("a service config a client refuses is a problem at the value, as grpc-js refuses it", () => {
    const refused = (retryPolicy: string) => {
      expect(() => validateServiceConfig(JSON.parse(config(retryPolicy)))).toThrow();
      return problem(config(retryPolicy), "json");
    };
    expect(refused(POLICY.replace('"maxAttempts": 3', '"maxAttempts": 1'))).toBe("f.yaml:3:36: retryPolicy.maxAttempts of a.B must be at least 2 (it counts the first try), got 1");
    expect(refused(POLICY.replace('"initialBackoff": "0.2s", ', ""))).toBe("f.yaml:3:20: retryPolicy of a.B needs initialBackoff (gRPC clients refuse the service config without it)");
    expect(refused(POLICY.replace('"0.2s"', '"200ms"'))).toBe('f.yaml:3:57: retryPolicy.initialBackoff of a.B must be a duration in seconds such as "0.1s", got the string "200ms"');
    expect(refused(POLICY.replace('"backoffMultiplier": 2', '"backoffMultiplier": 0'))).toBe("f.yaml:3:106: retryPolicy.backoffMultiplier of a.B must be greater than 0, got 0");
    expect(refused(POLICY.replace('["UNAVAILABLE"]', "[]"))).toBe("f.yaml:3:133: retryPolicy.retryableStatusCodes of a.B must be a non-empty list, got a list");
    const throttled = config(POLICY, ',\n  "retryThrottling": {"maxTokens": 2000, "tokenRatio": 0.1}');
    expect(() => validateServiceConfig(JSON.parse(throttled))).toThrow("maxTokens must be a number in (0, 1000]");
    expect(problem(throttled, "json")).toBe("f.yaml:4:36: retryThrottling.maxTokens must be in (0, 1000], got 2000");
  });

  it("a problem inside a service config string is placed at the string", () => {
    const text = `grpc:\n  serviceConfig: '${config(POLICY.replace('"0.2s"', '"fast"')).replace(/\n/g, " ")}'\n`;
    expect(problem(text)).toBe('f.yaml:2:18: retryPolicy.initialBackoff of a.B must be a duration in seconds such as "0.1s", got the string "fast" (in the service config string "serviceConfig")');
  });

  it("check on the fixtures: the bounds every client holds to, 0.8 to 1.2 × min(initialBackoff × multiplier^(a−1), maxBackoff) (issue 36, item 5)", async () => {
    const result = await runCli(["check", "test/fixtures/policies/grpc", "--format", "json"]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    const figures = JSON.parse(result.stdout).policies.map((p: Record<string, unknown>) => [p["name"], p["line"], p["retries"], p["best_total_ms"], p["worst_total_ms"], p["worst_delay_ms"]]);
    // Every client draws ±20 % at its newest release: grpc-java since v1.71.0 (#11858; RetriableStream.java
    // intervalWithJitter at v1.83.1: 0.4 × random.nextDouble() + 0.8), grpc-go 1.69+, grpc-js, C-core. The
    // figures are the ones worked by hand in the next test (the sum of min(b, maxBackoff) × 0.8 and × 1.2).
    expect(figures).toEqual([
      ["payments.Payments/Charge, payments.Payments/Refund", 14, 4, 4000, 6000, 2400],
      ["(every method) (defaultServiceConfig)", 24, 2, 120, 180, 120],
      ["helloworld.Greeter/SayHello [retryThrottling maxTokens 10, tokenRatio 0.1]", 7, 3, 560, 840, 480],
      ["inventory.Stock (maxAttempts 10, treated as 5) [retryThrottling maxTokens 10, tokenRatio 0.1]", 17, 4, 3250, 4875, 2025],
    ]);
  });

  it("check --grpc-client names one client: java, go, js and core each ±20 % around min(initialBackoff × multiplier^(a−1), maxBackoff)", async () => {
    const figuresOf = async (client: string) => {
      const result = await runCli(["check", "test/fixtures/policies/grpc", "--format", "json", "--grpc-client", client]);
      expect([result.code, result.stderr]).toEqual([0, ""]);
      return JSON.parse(result.stdout).policies.map((p: Record<string, unknown>) => [p["name"], p["line"], p["retries"], p["best_total_ms"], p["worst_total_ms"], p["worst_delay_ms"]]);
    };
    const figures = await figuresOf("go");
    expect(await figuresOf("js")).toEqual(figures);
    expect(await figuresOf("core")).toEqual(figures);
    // grpc-java since v1.71.0 draws ±20 % as well (RetriableStream.java intervalWithJitter, v1.83.1).
    expect(await figuresOf("java")).toEqual(figures);
    expect(figures).toEqual([
      // 250, 750, then 2250 capped at 2000, 2000: 5000 ms; × 0.8 and × 1.2; the largest 2000 × 1.2.
      ["payments.Payments/Charge, payments.Payments/Refund", 14, 4, 4000, 6000, 2400],
      // 50, 100: 150 ms.
      ["(every method) (defaultServiceConfig)", 24, 2, 120, 180, 120],
      // 100, 200, 400: 700 ms.
      ["helloworld.Greeter/SayHello [retryThrottling maxTokens 10, tokenRatio 0.1]", 7, 3, 560, 840, 480],
      // maxAttempts 10 treated as 5: 500, 750, 1125, 1687.5 = 4062.5 ms; the largest 1687.5 × 1.2 = 2025.
      ["inventory.Stock (maxAttempts 10, treated as 5) [retryThrottling maxTokens 10, tokenRatio 0.1]", 17, 4, 3250, 4875, 2025],
    ]);
  });
});

describe("gRPC: keys a retryPolicy does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "sc.json", text, kind: "json", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const config = (policy: string) => `{"methodConfig": [{"name": [{"service": "a.B"}],\n  "retryPolicy": {${policy}}}]}`;
  it("a misspelt field is named with the field meant: a required one leaves the config refused", () => {
    expect(keys(config('"maxAttempt": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]'))).toEqual([
      '2:19: unknown key "maxAttempt" in a gRPC retryPolicy; did you mean "maxAttempts"? gRPC clients refuse the service config without maxAttempts',
    ]);
  });
  it("spelt right, in either spelling: nothing", () => {
    expect(keys(config('"maxAttempts": 4, "initial_backoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"], "perAttemptRecvTimeout": "1s"'))).toEqual([]);
  });
});
