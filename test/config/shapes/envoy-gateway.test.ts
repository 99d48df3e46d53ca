import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFigures } from "../../support/check-figures.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";


// Envoy Gateway main, commit d32f2829: api/v1alpha1/retry_types.go, internal/gatewayapi/clustersettings.go
// buildRetry, internal/xds/translator/route.go buildRetryPolicy (retryDefaultNumRetries = 2); the deadline:
// clustersettings.go buildClusterSettingsTimeout (RequestTimeout by time.ParseDuration), route.go
// getEffectiveRequestTimeout (the route's Timeout; none written when unset, so Envoy's 15 s).
const DIR = "test/fixtures/policies/envoy-gateway";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Envoy Gateway (shapes/envoy-gateway.ts)", () => {
  it("backend-traffic-policy.yaml: each BackendTrafficPolicy's retry, at its key; the HTTPRoute beside them holds none", () => {
    // The retry keys are at 25:3, 48:3 and 62:3.
    expect(find(fixture("backend-traffic-policy.yaml"), "yaml", "btp.yaml")).toEqual({
      policies: [
        { at: "25:3", system: "envoy-gateway", name: "retry-for-route", options: { attempts: "5", attemptTime: "250ms", base: "100ms", cap: "10s", deadline: "15s" } },
        { at: "48:3", system: "envoy-gateway", name: "retry-defaults", options: { deadline: "15s" } },
        { at: "62:3", system: "envoy-gateway", name: "no-retries", options: { attempts: "0", deadline: "15s" }, disabled: true },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("traffic-only.yaml: a policy with a circuit breaker and a timeout, an EnvoyProxy: nothing", () => {
    expect(find(fixture("traffic-only.yaml"), "yaml", "traffic-only.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const btp = (perRetry: string) =>
    `apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendTrafficPolicy\nmetadata: {name: p}\nspec:\n  retry:\n    perRetry: ${perRetry}\n`;

  it("Gateway API durations: 1m30s is 90 s; a 0s timeout is no per-try timeout", () => {
    expect(find(btp("{timeout: 0s, backOff: {baseInterval: 1m30s}}")).policies[0]!.options).toEqual({ base: "90s", deadline: "15s" });
  });

  const timed = (timeout: string) =>
    `apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendTrafficPolicy\nmetadata: {name: p}\nspec:\n  timeout: ${timeout}\n  retry:\n    perRetry: {timeout: 500ms}\n`;
  const timeouts = (yaml: string) => recogniseFile({ name: "f.yaml", text: yaml, kind: "yaml", named: false }).policies[0]!.timeouts;

  it("spec.timeout.http.requestTimeout is the deadline, 0s none; without it Envoy's 15 s; perRetry.timeout the try time", () => {
    expect(find(timed("{http: {requestTimeout: 1m30s}}")).policies[0]!.options).toEqual({ attemptTime: "500ms", deadline: "90s" });
    expect(find(timed("{http: {requestTimeout: 0s}}")).policies[0]!.options).toEqual({ attemptTime: "500ms" });
    for (const other of ["{tcp: {connectTimeout: 5s}}", "{http: {connectionIdleTimeout: 5s}}"]) {
      expect(find(timed(other)).policies[0]!.options).toEqual({ attemptTime: "500ms", deadline: "15s" });
    }
    const yaml = timed("{http: {requestTimeout: 2s}}");
    // "  timeout: {http: {" is 19 characters: requestTimeout's key at 5:20; "    perRetry: {" is 15: timeout's at 7:16.
    expect(timeouts(yaml)).toEqual([
      { role: "deadline", field: "timeout.http.requestTimeout", line: 5, column: 20 },
      { role: "attempt-time", field: "perRetry.timeout", line: 7, column: 16 },
    ]);
    expect(timeouts(timed("{http: {idle: 5s}}"))![0]).toEqual({ role: "deadline", field: "Envoy's default route timeout (15 s)", line: null, column: null });
    expect(timeouts(timed("{http: {requestTimeout: 0s}}"))).toEqual([{ role: "attempt-time", field: "perRetry.timeout", line: 7, column: 16 }]);
  });

  it("a requestTimeout that is no Gateway API duration, or a timeout that is no map, at the value", () => {
    // "  timeout: {http: {requestTimeout: " is 35 characters: the value at 5:36.
    expect(problem(timed("{http: {requestTimeout: 1.5s}}"))).toBe(
      'f.yaml:5:36: timeout.http.requestTimeout of BackendTrafficPolicy "p" must be a Gateway API duration such as "100ms" or "1m30s" (whole numbers of h, m, s or ms), got the string "1.5s"',
    );
    expect(problem(timed("10s"))).toBe('f.yaml:5:12: timeout of BackendTrafficPolicy "p" must be a map, got the string "10s"');
    expect(problem(timed("{http: [1]}"))).toBe('f.yaml:5:19: timeout.http of BackendTrafficPolicy "p" must be a map, got a list');
  });

  it("refuses what Envoy Gateway marks Invalid, and what the CRD has no field for, at the value", () => {
    // Columns: "    perRetry: {" is 15 characters, "backOff: {" 10 more, "baseInterval: " 14 more: the value at 40.
    expect(problem(btp("{backOff: {baseInterval: 0s}}"))).toBe('f.yaml:6:40: retry.perRetry.backOff.baseInterval of BackendTrafficPolicy "p" cannot be set to 0s (Envoy Gateway marks the policy Invalid)');
    expect(problem(btp("{backOff: {baseInterval: 2s, maxInterval: 1s}}"))).toBe('f.yaml:6:57: retry.perRetry.backOff.maxInterval of BackendTrafficPolicy "p" cannot be less than baseInterval (2s), got 1s');
    expect(problem(btp("{backOff: {maxInterval: 1s}}"))).toBe(
      'f.yaml:6:39: retry.perRetry.backOff.maxInterval of BackendTrafficPolicy "p" is given without baseInterval; Envoy Gateway then writes a retry_back_off without the base_interval Envoy requires',
    );
    expect(problem(btp("{backOff: {baseInterval: 1.5s}}"))).toBe(
      'f.yaml:6:40: retry.perRetry.backOff.baseInterval of BackendTrafficPolicy "p" must be a Gateway API duration such as "100ms" or "1m30s" (whole numbers of h, m, s or ms), got the string "1.5s"',
    );
    expect(problem(btp("{backoff: {baseInterval: 1s}}"))).toBe('f.yaml:6:16: retry.perRetry.backoff of BackendTrafficPolicy "p" is no field of BackendTrafficPolicy; the field is backOff (the API server refuses or drops backoff)');
  });

  it("check reports each policy with Envoy's back-off under it", async () => {
    const { byName, disabled } = await checkFigures(`${DIR}/backend-traffic-policy.yaml`);
    expect(byName).toEqual({
      // Intervals 100, 200, 400, 800, 1600 (all below 10 s / 2): waits at most 99 + 199 + 399 + 799 + 1599 = 3095 ms; 6 tries × 250 ms = 1500 ms.
      // The best case, tries that fail at once and every wait at its low end (0 ms): 0 ms; 6 tries × 250 ms = 1.5 s with the tries.
      "retry-for-route": { retries: 5, worst: 4_595, best: 0, bestWithTries: 1_500, largest: 1_599 },
      // numRetries 2 and Envoy's 25 ms base: 24 + 49 = 73 ms.
      "retry-defaults": { retries: 2, worst: 73, best: 0, largest: 49 },
    });
    expect(disabled).toEqual(["no-retries"]);
  });
});

describe("Envoy Gateway: keys a retry does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "btp.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const policy = (retry: string) => `apiVersion: gateway.envoyproxy.io/v1alpha1\nkind: BackendTrafficPolicy\nmetadata: {name: b}\nspec:\n  retry:\n${retry}`;
  it("numRetires and a misspelt maxInterval, named with the field meant; backoff in lowercase stays its own problem", () => {
    expect(keys(policy("    numRetires: 5\n    perRetry:\n      backOff: {baseInterval: 100ms, maxIntervall: 1s}\n"))).toEqual([
      '6:5: unknown key "numRetires" in an Envoy Gateway retry; did you mean "numRetries"? Envoy Gateway uses its default, 2 retries',
      '8:38: unknown key "maxIntervall" in an Envoy Gateway backOff; did you mean "maxInterval"? the cap is 10 × baseInterval',
    ]);
    expect(keys(policy("    numRetries: 5\n    perRetry:\n      backoff: {baseInterval: 100ms}\n"))).toEqual([]);
    expect(keys(policy("    numRetries: 5\n    retryOn: {triggers: [reset]}\n    perRetry:\n      timeout: 1s\n      backOff: {baseInterval: 100ms, maxInterval: 1s}\n"))).toEqual([]);
  });
});
