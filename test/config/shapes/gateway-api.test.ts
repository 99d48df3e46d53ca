import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { runCli } from "../../support/cli.js";
import { find, problem } from "../../support/recognise.js";

// Gateway API v1.6.1 apis/v1/httproute_types.go (HTTPRouteRetry, HTTPRouteTimeouts), as Envoy
// Gateway (internal/gatewayapi/route.go processRouteRetry, main d32f2829) and Istio
// (pilot/pkg/config/kube/gateway/conversion.go, 1.31) read it: attempts 2 when unset, backoff
// as Envoy's base_interval, timeouts.request the route timeout, timeouts.backendRequest the
// per-try timeout once retry is set.
const DIR = "test/fixtures/policies/gateway-api";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Gateway API (shapes/gateway-api.ts)", () => {
  it("httproute.yaml: each rule's retry, at its key, with the rule's timeouts; the Gateway, the Service and the rule without retry hold none", () => {
    // retry keys at 35:7, 50:7 and 83:7; request 10s at 33:9, backendRequest 2s at 34:9; request 0s (82:9) is no deadline.
    expect(find(fixture("httproute.yaml"), "yaml", "httproute.yaml")).toEqual({
      policies: [
        { at: "35:7", system: "gateway-api", name: "storefront/api", options: { attempts: "3", base: "100ms", deadline: "10s", attemptTime: "2s" } },
        { at: "50:7", system: "gateway-api", name: "storefront/rules[1]", options: {} },
        { at: "83:7", system: "gateway-api", name: "payments/charge", options: { attempts: "5", base: "1s" } },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("no-retry.yaml: timeouts alone, retry: null (an unset pointer), a GRPCRoute, another group's HTTPRoute: nothing", () => {
    expect(find(fixture("no-retry.yaml"), "yaml", "no-retry.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const route = (rule: string) => `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n  - ${rule}\n`;

  it("attempts 0 retries nothing (both implementations; the v1.6 CRD refuses it); 1m30s is 90 s; a 0s backendRequest is no try time", () => {
    expect(find(route("retry: {attempts: 0}")).policies).toEqual([{ at: "6:5", system: "gateway-api", name: "r/rules[0]", options: { attempts: "0" }, disabled: true }]);
    expect(find(route("{retry: {backoff: 1m30s}, timeouts: {backendRequest: 0s, request: 1h}}")).policies[0]!.options).toEqual({ base: "90s", deadline: "3600s" });
  });

  it("refuses what Envoy or the CRD refuses, at the value", () => {
    // "  - retry: {" is 12 characters: attempts' value at 23, backoff's at 22.
    expect(problem(route("retry: {backoff: 0s}"))).toBe("f.yaml:6:22: retry.backoff of r/rules[0] is 0s; Envoy refuses a base_interval of 0 (Envoy Gateway and Istio pass it on as one)");
    expect(problem(route("retry: {backoff: 1.5s}"))).toBe(
      'f.yaml:6:22: retry.backoff of r/rules[0] must be a Gateway API duration such as "100ms" or "1m30s" (whole numbers of h, m, s or ms), got the string "1.5s"',
    );
    expect(problem(route("retry: {attempts: three}"))).toBe('f.yaml:6:23: retry.attempts of r/rules[0] must be a whole number, got the string "three"');
    expect(problem(route("retry: {codes: [503, 302]}"))).toBe("f.yaml:6:26: retry.codes[] of r/rules[0] must be a status code from 400 to 599, got 302");
    expect(problem(route("retry: 3"))).toBe("f.yaml:6:12: retry of r/rules[0] must be a map, got 3");
    // "  - {retry: {}, timeouts: {request: 1s, backendRequest: " is 56 characters.
    expect(problem(route("{retry: {}, timeouts: {request: 1s, backendRequest: 2s}}"))).toBe(
      "f.yaml:6:57: timeouts.backendRequest of r/rules[0] (2s) cannot be longer than the request timeout (1s), as the CRD's validation says",
    );
    // A request timeout of 0s is none: the CRD's rule then allows any backendRequest.
    expect(find(route("{retry: {}, timeouts: {request: 0s, backendRequest: 2s}}")).policies[0]!.options).toEqual({ attemptTime: "2s" });
  });

  it("a placeholder leaves the policy unresolved", () => {
    expect(find(route("retry: {attempts: '${RETRIES}'}")).unresolved).toEqual(['6:23 r/rules[0]: retry.attempts of r/rules[0] is a placeholder, "${RETRIES}"; its value is known only where it is rendered']);
  });

  it("check reports each policy with Envoy's back-off under it", async () => {
    const { byName, disabled } = await checkFigures(`${DIR}/httproute.yaml`);
    expect(byName).toEqual({
      // Intervals 100, 200, 400 ms: waits at most 99 + 199 + 399 = 697 ms; 4 tries × 2 s = 8 s.
      // The best case, tries that fail at once and every wait 0 ms: 0 ms; 4 tries × 2 s = 8 s with the tries.
      "storefront/api": { retries: 3, worst: 8_697, best: 0, bestWithTries: 8_000, largest: 399 },
      // Two retries at Envoy's 25 ms: 24 + 49 = 73 ms.
      "storefront/rules[1]": { retries: 2, worst: 73, best: 0, largest: 49 },
      // 1, 2, 4, 8 s (each below 5 s doubles), then 10 s: 999 + 1999 + 3999 + 7999 + 9999 = 24,995 ms.
      "payments/charge": { retries: 5, worst: 24_995, best: 0, largest: 9_999 },
    });
    expect(disabled).toEqual([]);
  });

  it("deadlines/gateway-api/colliding.yaml: request 3s over tries of 1s and waits of 0–499, 0–999, 0–1999 ms", async () => {
    // Retry 1 starts at 1,000–1,499 ms (every run); retry 2 at 2,000 + 0–1,498 ms (before 3 s in some runs only);
    // retry 3 at 3,000 ms at the earliest: never. The policy is the retry key, 16:7; request at 14:9, backendRequest at 15:9.
    const result = await runCli(["check", "test/fixtures/deadlines/gateway-api/colliding.yaml"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")).toEqual([
      "test/fixtures/deadlines/gateway-api/colliding.yaml",
      "  ✓ reviews/v1 (Gateway API HTTPRoute, line 16:7)",
      // 4 tries × 1 s + 499 + 999 + 1999 ms.
      // The best case is tries that fail at once with every wait 0 ms: 0 ms; tries of 1 s make 4 s, which the request timeout ends at 3 s.
      "    3 retries: worst-case total 3 s (timeouts.request at line 14:9 ends every run; the schedule alone: 7.5 s, with 4 tries × 1 s), best case 0 ms (tries that fail at once; 3 s when each of the 4 tries takes 1 s, cut short by timeouts.request at line 14:9), largest delay 2 s (attempt 3), jittered",
      // No codes: the status codes retried are the implementation's (httproute_types.go sets no default).
      "    retries on connection failures, timeouts, the implementation's status codes (Gateway API sets none by default) (retry without codes)",
      "    ⚠ unreachable-retries: retry 3 can never fire: the deadline (3 s) ends first; the last retry that fires in every run is 1, in some runs 2, giving up at 3 s; " +
        "each try runs up to 1 s (deadline: timeouts.request at line 14:9; try time: timeouts.backendRequest at line 15:9)",
      "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 1 warning",
      "",
    ]);
    expect((await runCli(["check", "test/fixtures/deadlines/gateway-api/colliding.yaml", "--unreachable-retries", "error"])).code).toBe(1);
  });
});

describe("Gateway API: keys a rule's retry does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "r.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const route = (retry: string) => `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r}\nspec:\n  rules:\n  - retry:\n${retry}`;
  it("atempts, named with the field meant; spelt right, nothing", () => {
    expect(keys(route("      atempts: 3\n      backoff: 100ms\n"))).toEqual(['7:7: unknown key "atempts" in a Gateway API rule\'s retry; did you mean "attempts"? the implementation\'s default applies (2 in Envoy Gateway and Istio)']);
    expect(keys(route("      attempts: 3\n      backoff: 100ms\n      codes: [503]\n"))).toEqual([]);
  });
});
