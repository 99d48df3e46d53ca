import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFigures } from "../../support/check-figures.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";


// Contour main at 31c4bb38 (2026-08): internal/dag/policy.go retryPolicy and ingressRetryPolicy,
// internal/annotation/annotations.go NumRetries, apis/projectcontour/v1/httpproxy.go RetryPolicy;
// the deadline: internal/timeout/timeout.go Parse ("" and any zero: Envoy's default, 15 s;
// infinity/infinite: none), internal/envoy/v3/route.go routeRoute (Timeout: the response timeout).
const DIR = "test/fixtures/policies/contour";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Contour (shapes/contour.ts)", () => {
  it("httpproxy.yaml: each route with a retryPolicy, at its key; the Ingress by its retry-on annotation; the Service and the route with only a timeout are nothing", () => {
    // Lines and columns read off the file: retryPolicy keys at 25:5, 43:5 and 48:5, the retry-on annotation at 55:5.
    expect(find(fixture("httpproxy.yaml"), "yaml", "httpproxy.yaml")).toEqual({
      policies: [
        // count 3; perTryTimeout 150ms is a Go duration, as policy.go's time.ParseDuration reads it.
        { at: "25:5", system: "contour", name: "storefront/routes[0] (prefix /api)", options: { attempts: "3", attemptTime: "150ms", deadline: "15s" } },
        // count −1: numRetries = 0 (case -1), no retries.
        { at: "43:5", system: "contour", name: "storefront/routes[2] (prefix /checkout)", options: { attempts: "0", deadline: "15s" }, disabled: true },
        // An empty retryPolicy: count 0 → Envoy's default 1 (case 1, 0), left to the preset.
        { at: "48:5", system: "contour", name: "storefront/routes[3]", options: { deadline: "15s" } },
        { at: "55:5", system: "contour", name: "legacy (Ingress)", options: { attempts: "2", attemptTime: "1500ms", deadline: "15s" } },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("no-retries.yaml: routes with only timeouts, an Ingress without retry-on, a TCP proxy: nothing", () => {
    expect(find(fixture("no-retries.yaml"), "yaml", "no-retries.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  it("the Envoy shape leaves an HTTPProxy's retryPolicy alone (its 150ms is no protobuf duration)", () => {
    const systems = find(fixture("httpproxy.yaml")).policies.map((p) => p.system);
    expect(new Set(systems)).toEqual(new Set(["contour"]));
  });

  const proxy = (policy: string) =>
    `apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: p}\nspec:\n  routes:\n  - conditions: [{prefix: /}]\n    retryPolicy: ${policy}\n`;

  it("count 0 and 1 are one retry; infinity and 0s leave the tries unbounded; 0.150s is Go's too", () => {
    // No timeoutPolicy: Envoy's 15 s route timeout.
    expect(find(proxy("{count: 0}")).policies[0]!.options).toEqual({ attempts: "1", deadline: "15s" });
    expect(find(proxy("{count: 1, perTryTimeout: infinity}")).policies[0]!.options).toEqual({ attempts: "1", deadline: "15s" });
    expect(find(proxy("{count: 4, perTryTimeout: 0s}")).policies[0]!.options).toEqual({ attempts: "4", deadline: "15s" });
    expect(find(proxy("{count: 2, perTryTimeout: 0.150s}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "150ms", deadline: "15s" });
    expect(find(proxy("{count: 2, perTryTimeout: 1m30s}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "90s", deadline: "15s" });
  });

  it("refuses what the CRD refuses, at the value", () => {
    // Column 26: after "    retryPolicy: {count: ".
    expect(problem(proxy('{count: "3"}'))).toBe('f.yaml:7:26: retryPolicy.count of "p/routes[0] (prefix /)" must be a whole number from −1, got the string "3"');
    expect(problem(proxy("{count: -2}"))).toBe('f.yaml:7:26: retryPolicy.count of "p/routes[0] (prefix /)" must be at least −1 (−1 turns retries off), got -2');
    expect(problem(proxy("{count: 4294967296}"))).toBe('f.yaml:7:26: retryPolicy.count of "p/routes[0] (prefix /)" must be at most 4294967295 (Contour converts it with uint32()), got 4294967296');
    expect(problem(proxy("{perTryTimeout: 150}"))).toBe('f.yaml:7:34: retryPolicy.perTryTimeout of "p/routes[0] (prefix /)" must be a duration such as "150ms" or "2s" (or "infinity"), got 150');
    expect(problem(proxy("[3]"))).toBe('f.yaml:7:18: retryPolicy of "p/routes[0] (prefix /)" must be a map, got a list');
  });

  const ingress = (annotations: string) => `apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: i\n  annotations:\n${annotations}`;

  it("Ingress annotations: num-retries as ParseInt reads it (−1 off, other negatives 1), an empty retry-on is no policy", () => {
    const counts = (n: string) => find(ingress(`    projectcontour.io/retry-on: 5xx\n    projectcontour.io/num-retries: "${n}"\n`)).policies[0]!;
    expect(counts("-1")).toEqual({ at: "6:5", system: "contour", name: "i (Ingress)", options: { attempts: "0", deadline: "15s" }, disabled: true });
    expect(counts("-7").options).toEqual({ attempts: "1", deadline: "15s" });
    expect(counts("0").options).toEqual({ attempts: "1", deadline: "15s" });
    expect(counts("+6").options).toEqual({ attempts: "6", deadline: "15s" });
    expect(find(ingress('    projectcontour.io/retry-on: ""\n    projectcontour.io/num-retries: "3"\n')).policies).toEqual([]);
    expect(problem(ingress("    projectcontour.io/retry-on: 5xx\n    projectcontour.io/num-retries: three\n"))).toBe(
      'f.yaml:7:36: annotation projectcontour.io/num-retries of Ingress "i" must be a whole number in quotes (an int32), got the string "three"; Contour would read it as 0 and retry once',
    );
  });

  const timed = (timeoutPolicy: string) =>
    `apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: p}\nspec:\n  routes:\n  - conditions: [{prefix: /}]\n    timeoutPolicy: ${timeoutPolicy}\n    retryPolicy: {count: 2, perTryTimeout: 250ms}\n`;
  const timeouts = (yaml: string) => recogniseFile({ name: "f.yaml", text: yaml, kind: "yaml", named: false }).policies.map((p) => p.timeouts);

  it("timeoutPolicy.response as timeout.Parse reads it: a Go duration is the deadline, empty or zero Envoy's 15 s, infinity none", () => {
    expect(find(timed("{response: 1m30s}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "250ms", deadline: "90s" });
    expect(find(timed("{response: 2.5s, idle: 10s}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "250ms", deadline: "2500ms" });
    for (const zero of ["0s", "0", '""', "0.0ms", "{idle: 5s}"]) {
      const policy = zero.startsWith("{") ? zero : `{response: ${zero === "0" ? '"0"' : zero}}`;
      expect(find(timed(policy)).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "250ms", deadline: "15s" });
    }
    expect(find(timed("{response: infinity}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "250ms" });
    expect(find(timed("{response: infinite}")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "250ms" });
    // Keys: "    timeoutPolicy: {" is 20 characters, so response at 7:21; "    retryPolicy: {count: 2, " is 28, perTryTimeout at 8:29.
    expect(timeouts(timed("{response: 1s}"))).toEqual([
      [
        { role: "deadline", field: "timeoutPolicy.response", line: 7, column: 21 },
        { role: "attempt-time", field: "perTryTimeout", line: 8, column: 29 },
      ],
    ]);
    expect(timeouts(timed("{response: infinity}"))).toEqual([[{ role: "attempt-time", field: "perTryTimeout", line: 8, column: 29 }]]);
    expect(timeouts(timed("{idle: 1s}"))[0]![0]).toEqual({ role: "deadline", field: "Envoy's default route timeout (15 s)", line: null, column: null });
  });

  it("a response timeout Parse refuses makes the route invalid: at the value", () => {
    // "    timeoutPolicy: {response: " is 30 characters: the value at 7:31.
    expect(problem(timed("{response: 15}"))).toBe(
      'f.yaml:7:31: timeoutPolicy.response of "p/routes[0] (prefix /)" must be a duration such as "15s" or "1m30s" (or "infinity"), got 15; Contour marks the route invalid (TimeoutPolicyNotValid)',
    );
    expect(problem(timed("{response: 1.5us}"))).toBe('f.yaml:7:31: timeoutPolicy.response of "p/routes[0] (prefix /)" is 0.0015ms: backoff checks timeouts in whole milliseconds (every start is one)');
    expect(problem(timed("[1s]"))).toBe('f.yaml:7:20: timeoutPolicy of "p/routes[0] (prefix /)" must be a map, got a list');
  });

  it("an Ingress's response-timeout annotation, or its older request-timeout, is the deadline", () => {
    const annotated = (extra: string) => find(ingress(`    projectcontour.io/retry-on: 5xx\n    projectcontour.io/per-try-timeout: 1s\n${extra}`)).policies[0]!.options;
    expect(annotated('    projectcontour.io/response-timeout: "3s"\n')).toEqual({ attemptTime: "1s", deadline: "3s" });
    expect(annotated('    projectcontour.io/request-timeout: "4s"\n')).toEqual({ attemptTime: "1s", deadline: "4s" });
    // response-timeout first (ingressTimeoutPolicy reads request-timeout only when it is empty).
    expect(annotated('    projectcontour.io/request-timeout: "4s"\n    projectcontour.io/response-timeout: "3s"\n')).toEqual({ attemptTime: "1s", deadline: "3s" });
    expect(annotated('    projectcontour.io/response-timeout: ""\n    projectcontour.io/request-timeout: "4s"\n')).toEqual({ attemptTime: "1s", deadline: "4s" });
    expect(annotated("    projectcontour.io/response-timeout: infinity\n")).toEqual({ attemptTime: "1s" });
    expect(annotated('    projectcontour.io/response-timeout: "0s"\n')).toEqual({ attemptTime: "1s", deadline: "15s" });
    // Line 8: "    projectcontour.io/response-timeout: " is 40 characters.
    expect(problem(ingress('    projectcontour.io/retry-on: 5xx\n    projectcontour.io/per-try-timeout: 1s\n    projectcontour.io/response-timeout: "soon"\n'))).toBe(
      'f.yaml:8:41: annotation projectcontour.io/response-timeout of Ingress "i" must be a duration such as "15s" (or "infinity"), got the string "soon"; Contour would log an error and use Envoy\'s 15 s',
    );
  });

  it("check reports each policy with Envoy's back-off under it (25 ms doubling to 250 ms, waits random() % interval)", async () => {
    const { byName, disabled } = await checkFigures(`${DIR}/httpproxy.yaml`);
    expect(byName).toEqual({
      // Intervals 25, 50, 100: waits at most 24 + 49 + 99 = 172 ms, and 4 tries × 150 ms = 600 ms; at least 0 ms each,
      // so tries that fail at once make a best case of 0 ms, tries of 150 ms one of 600 ms.
      "storefront/routes[0] (prefix /api)": { retries: 3, worst: 772, best: 0, bestWithTries: 600, largest: 99 },
      // One retry: at most 24 ms.
      "storefront/routes[3]": { retries: 1, worst: 24, best: 0, largest: 24 },
      // Two retries: 24 + 49 = 73 ms, and 3 tries × 1.5 s = 4.5 s; at best 0 ms of waits (4.5 s with the tries).
      "legacy (Ingress)": { retries: 2, worst: 4_573, best: 0, bestWithTries: 4_500, largest: 49 },
    });
    expect(disabled).toEqual(["storefront/routes[2] (prefix /checkout)"]);
  });
});

describe("Contour: keys a retryPolicy does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "p.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const proxy = (policy: string) => `apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: p}\nspec:\n  routes:\n  - services: [{name: s, port: 80}]\n    retryPolicy:\n${policy}`;
  it("cont and perTryTimout, named with the field meant", () => {
    expect(keys(proxy("      cont: 3\n      perTryTimout: 150ms\n"))).toEqual([
      '8:7: unknown key "cont" in a Contour retryPolicy; did you mean "count"? Contour uses its default, 1 retry',
      '9:7: unknown key "perTryTimout" in a Contour retryPolicy; did you mean "perTryTimeout"? each try has no timeout of its own',
    ]);
    expect(keys(proxy("      count: 3\n      perTryTimeout: 150ms\n      retryOn: [reset]\n      retriableStatusCodes: [503]\n"))).toEqual([]);
  });
});
