import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFigures } from "../../support/check-figures.js";
import { find, problem } from "../../support/recognise.js";

// Envoy Gateway main, commit d32f2829: api/v1alpha1/retry_types.go, internal/gatewayapi/clustersettings.go
// buildRetry, internal/xds/translator/route.go buildRetryPolicy (retryDefaultNumRetries = 2).
const DIR = "test/fixtures/policies/envoy-gateway";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Envoy Gateway (shapes/envoy-gateway.ts)", () => {
  it("backend-traffic-policy.yaml: each BackendTrafficPolicy's retry, at its key; the HTTPRoute beside them holds none", () => {
    // The retry keys are at 25:3, 48:3 and 62:3.
    expect(find(fixture("backend-traffic-policy.yaml"), "yaml", "btp.yaml")).toEqual({
      policies: [
        { at: "25:3", system: "envoy-gateway", name: "retry-for-route", options: { attempts: "5", attemptTime: "250ms", base: "100ms", cap: "10s" } },
        { at: "48:3", system: "envoy-gateway", name: "retry-defaults", options: {} },
        { at: "62:3", system: "envoy-gateway", name: "no-retries", options: { attempts: "0" }, disabled: true },
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
    expect(find(btp("{timeout: 0s, backOff: {baseInterval: 1m30s}}")).policies[0]!.options).toEqual({ base: "90s" });
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
      "retry-for-route": { retries: 5, worst: 4_595, best: 1_500, largest: 1_599 },
      // numRetries 2 and Envoy's 25 ms base: 24 + 49 = 73 ms.
      "retry-defaults": { retries: 2, worst: 73, best: 0, largest: 49 },
    });
    expect(disabled).toEqual(["no-retries"]);
  });
});
