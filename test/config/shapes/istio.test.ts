import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";

// istio/istio 1.31.0-rc.0 (423f108b): route.go:681-683 gives a route with no `retries` the
// mesh default (meshConfig.defaultHttpRetryPolicy, else retry.go's 2 retries); a `retries`
// block is HTTPRetry, whose `attempts` is a proto3 int32 (istio/api v1.31.0-alpha.0,
// networking/v1alpha3/virtual_service.proto:1343), 0 when left out, and ConvertPolicy
// (pilot/pkg/networking/core/route/retry/retry.go:105) returns no policy for attempts <= 0.
// validateHTTPRetry (pkg/config/validation/validation.go:2673-2674) refuses attempts 0 beside
// perTryTimeout, retryOn or retryRemoteLocalities.
describe("Istio (shapes/istio.ts)", () => {
  const vs = (retries: string) => `apiVersion: networking.istio.io/v1beta1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    retries: ${retries}\n`;

  it("Istio: attempts 0 turns retries off; a bad duration names the key", () => {
    expect(find(vs("{attempts: 0}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
    expect(problem(vs("{attempts: 2, perTryTimeout: 2}"))).toBe('f.yaml:7:43: retries.perTryTimeout of r/main must be a duration such as "2s" or "25ms", got 2');
  });

  it("a retries block without attempts is attempts 0: no retry policy (not the mesh default's 2)", () => {
    expect(find(vs("{backoff: 100ms}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
    expect(find(vs("{}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
    expect(find(vs("{retryIgnorePreviousHosts: true}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
  });

  it("perTryTimeout, retryOn or retryRemoteLocalities with attempts 0 or none: invalid, at the first of them in the file", () => {
    const refused = 'istiod refuses it ("http retry policy configured when attempts are set to 0 (disabled)")';
    // "    retries: {" is 14 characters: retryOn's key at column 15.
    expect(problem(vs("{retryOn: 5xx, perTryTimeout: 2s}"))).toBe(`f.yaml:7:15: retries of r/main sets retryOn, perTryTimeout with no attempts: ${refused}`);
    expect(problem(vs("{attempts: 0, perTryTimeout: 2s}"))).toBe(`f.yaml:7:28: retries of r/main sets perTryTimeout with attempts 0: ${refused}`);
    expect(problem(vs("{retryRemoteLocalities: false}"))).toBe(`f.yaml:7:15: retries of r/main sets retryRemoteLocalities with no attempts: ${refused}`);
    // The route's other policies are read on: the invalid one is a finding of its own.
    expect(find(vs("{retryOn: 5xx}")).policies).toEqual([]);
  });

  it("no retries, or retries: null (pruned by the API server), is the mesh default", () => {
    expect(find(vs("null")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main (mesh default)", options: {} }]);
    expect(find(vs("")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main (mesh default)", options: {} }]);
    const none = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    route: [{destination: {host: r}}]\n";
    expect(find(none).policies).toEqual([{ at: "6:5", system: "istio", name: "r/main (mesh default)", options: {} }]);
  });

  it("attempts read as given, a negative one refused", () => {
    expect(find(vs("{attempts: 4, backoff: 100ms}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "4", base: "100ms" } }]);
    expect(problem(vs("{attempts: -1}"))).toBe("f.yaml:7:25: retries.attempts of r/main must be a whole number, got -1");
  });
});

describe("Istio: a DestinationRule's retry limits named beside the routes to its host", () => {
  // istio/api destination_rule.proto (b8f8791d): connectionPool.http.maxRetries; trafficPolicy.retryBudget
  // {percent, 20 when unset; minRetryConcurrency, 3} since 09a4d534 (June 2025).
  const vs = "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: a\n    route:\n    - destination: {host: reviews}\n    retries: {attempts: 2}\n";
  const dr = "apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: {name: lim}\nspec:\n  host: reviews.default.svc.cluster.local\n  trafficPolicy:\n    retryBudget: {minRetryConcurrency: 5}\n";
  it("whichever document comes first, in YAML", () => {
    const named = "r/a [DestinationRule lim: retryBudget percent 20, minRetryConcurrency 5]";
    expect(find(`${vs}---\n${dr}`).policies.map((p) => [p.at, p.name])).toEqual([["9:5", named]]);
    expect(find(`${dr}---\n${vs}`).policies.map((p) => [p.at, p.name])).toEqual([["17:5", named]]);
  });
  it("a DestinationRule alone, or with load balancing only, reports nothing; another host's names nothing", () => {
    expect(find(dr).policies).toEqual([]);
    expect(find(`${vs}---\n${dr.replace("retryBudget: {minRetryConcurrency: 5}", "loadBalancer: {simple: ROUND_ROBIN}")}`).policies.map((p) => p.name)).toEqual(["r/a"]);
    expect(find(`${vs}---\n${dr.replace("reviews.default", "ratings.default")}`).policies.map((p) => p.name)).toEqual(["r/a"]);
  });
  it("a percent over 100 is refused at its value", () => {
    expect(problem(`${vs}---\n${dr.replace("{minRetryConcurrency: 5}", "{percent: 150}")}`)).toBe('f.yaml:17:28: retryBudget.percent of DestinationRule "lim" must be from 0 to 100, got 150');
  });
});

describe("Istio: keys a route's retries does not define (issue 36)", () => {
  const vs = (retries: string) => `apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    retries:\n${retries}`;
  const keys = (text: string) => recogniseFile({ name: "vs.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("atempts is named at its place with the key meant; the block without attempts stays refused as istiod refuses it", () => {
    const text = vs("      atempts: 5\n      perTryTimeout: 2s\n");
    expect(keys(text)).toEqual(['8:7: unknown key "atempts" in an Istio route\'s retries; did you mean "attempts"? without attempts the route is not retried (istiod\'s ConvertPolicy: attempts 0)']);
    expect(problem(text)).toBe('f.yaml:9:7: retries of r/main sets perTryTimeout with no attempts: istiod refuses it ("http retry policy configured when attempts are set to 0 (disabled)")');
  });
  it("spelt right: nothing", () => {
    expect(keys(vs("      attempts: 3\n      perTryTimeout: 2s\n      retryOn: 5xx\n      retryRemoteLocalities: true\n      retryIgnorePreviousHosts: false\n      backoff: 50ms\n"))).toEqual([]);
  });
});
