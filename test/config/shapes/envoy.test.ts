import { describe, expect, it } from "vitest";
import { find } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";

describe("Envoy (shapes/envoy.ts)", () => {
  it("Envoy: camelCase JSON, quoted numbers and {seconds, nanos} durations; gRPC's retryPolicy is not Envoy's", () => {
    const json = '{"virtualHosts": [{"name": "vh", "domains": ["*"], "routes": [{"match": {"path": "/x"}, "route": {"cluster": "c", "retryPolicy": {"numRetries": "2", "retryBackOff": {"baseInterval": {"seconds": 0, "nanos": 50000000}}}}}]}]}';
    expect(find(json, "json", "rds.json").policies).toEqual([{ at: "1:115", system: "envoy", name: 'vh / path "/x"', options: { attempts: "2", base: "50ms", deadline: "15s" } }]);
    const grpc = '{"methodConfig": [{"name": [{"service": "s"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}';
    expect(find(grpc, "json", "service-config.json", true).policies.filter((p) => p.system === "envoy")).toEqual([]);
  });
});

describe("Envoy leaves Contour's objects alone", () => {
  it("an HTTPProxy's retryPolicy {count, perTryTimeout: 150ms} is no Envoy policy and no problem; Envoy's route beside it is read", () => {
    const text =
      "apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: p}\nspec:\n  routes:\n  - services: [{name: s, port: 80}]\n    retryPolicy: {count: 3, perTryTimeout: 150ms}\n" +
      "---\nvirtual_hosts:\n- name: vh\n  domains: ['*']\n  routes:\n  - match: {prefix: /}\n    route: {cluster: c, retry_policy: {num_retries: 2}}\n";
    // The Envoy route's retry_policy key: line 14, column 25; the HTTPProxy is Contour's (shapes/contour.ts).
    const found = find(text);
    expect(found.policies.filter((p) => p.system === "envoy")).toEqual([{ at: "14:25", system: "envoy", name: 'vh / prefix "/"', options: { attempts: "2", deadline: "15s" } }]);
    expect(found.policies.map((p) => p.system)).toEqual(["contour", "envoy"]);
    expect(found.invalid).toBeUndefined();
  });

  // A retry_policy outside the routes is a config.core.v3.RetryPolicy (api/envoy/config/core/v3/base.proto),
  // which source/common/http/utility.cc convertCoreToRouteRetryPolicy (envoyproxy/envoy v1.34) hands to the
  // router: num_retries default 1, and without retry_back_off default_base_interval_ms 1000 with a max of
  // 10 × that. GrpcService.EnvoyGrpc.retry_policy (grpc_service.proto) only paces xDS stream reconnects.
  it("a retry_policy outside a route is named by where it sits and read as core.v3.RetryPolicy: 1 s to 10 s without retry_back_off", () => {
    const text =
      "http_filters:\n" +
      "- name: envoy.filters.http.ext_authz\n" +
      "  typed_config:\n" +
      "    http_service:\n" +
      "      server_uri: {uri: http://authz, cluster: authz, timeout: 1s}\n" +
      "      retry_policy: {num_retries: 3}\n" +
      "- name: envoy.filters.http.jwt_authn\n" +
      "  typed_config:\n" +
      "    providers:\n" +
      "      auth0:\n" +
      "        remote_jwks:\n" +
      "          http_uri: {uri: https://x/jwks.json, cluster: auth0, timeout: 5s}\n" +
      "          retryPolicy: {retryBackOff: {baseInterval: 0.5s}}\n" +
      "ads_config:\n" +
      "  grpc_services:\n" +
      "  - envoy_grpc: {cluster_name: xds, retry_policy: {num_retries: 2}}\n";
    expect(find(text)).toEqual({
      policies: [
        { at: "6:7", system: "envoy", name: "envoy.filters.http.ext_authz: http_service.retry_policy", options: { attempts: "3", base: "1s", cap: "10s" } },
        // retry_back_off given: its base, and Envoy's 10 × base for the max (the preset's default).
        { at: "13:11", system: "envoy", name: "envoy.filters.http.jwt_authn: providers.auth0.remote_jwks.retryPolicy", options: { base: "500ms" } },
      ],
      unresolved: [
        "16:37 ads_config.grpc_services[0].envoy_grpc.retry_policy: envoy_grpc's retry_policy only paces re-establishing an xDS gRPC stream, which Envoy does until it holds (\"Currently only supported for xDS gRPC streams\"; 500 ms to 30 s by default): no retry count to check",
      ],
      skipped: null,
    });
  });

  it("a per_try_timeout outside a route is refused, as Envoy refuses the field of core.v3.RetryPolicy", () => {
    const text = "remote:\n  http_uri: {uri: https://x/f.wasm, cluster: c, timeout: 1s}\n  sha256: ab\n  retry_policy: {num_retries: 2, per_try_timeout: 1s}\n";
    expect(find(text).invalid).toEqual([
      '4:34 remote.retry_policy: per_try_timeout of retry_policy "remote.retry_policy": a retry_policy outside a route (config.core.v3.RetryPolicy) has no per_try_timeout; Envoy refuses the field',
    ]);
  });
});

describe("Envoy: the route's cluster's circuit breakers named beside its policy", () => {
  // circuit_breaker.proto: the DEFAULT priority's max_retries (3 when unset) or retry_budget (budget_percent 20, min_retry_concurrency 3).
  const config = (breakers: string) =>
    `routes:\n- match: {prefix: /}\n  route:\n    cluster: c\n    retry_policy: {num_retries: 2}\nclusters:\n- name: c\n  circuit_breakers:\n    thresholds:\n${breakers}`;
  it("max_retries of the DEFAULT threshold; a retry_budget with its defaults", () => {
    expect(find(config("    - {priority: HIGH, max_retries: 9}\n    - {max_retries: 4}\n")).policies.map((p) => p.name)).toEqual(['prefix "/" [cluster c: circuit breaker max_retries 4]']);
    expect(find(config("    - {}\n")).policies.map((p) => p.name)).toEqual(['prefix "/" [cluster c: circuit breaker max_retries 3]']);
    expect(find(config("    - retry_budget: {}\n")).policies.map((p) => p.name)).toEqual(['prefix "/" [cluster c: retry_budget budget_percent 20, min_retry_concurrency 3]']);
  });
  it("the priority as Envoy reads an enum: any case (case_insensitive_enum_parsing), or its number (DEFAULT 0, HIGH 1)", () => {
    const named = (breakers: string) => find(config(breakers)).policies.map((p) => p.name);
    expect(named("    - {priority: high, max_retries: 9}\n    - {priority: default, max_retries: 3}\n")).toEqual(['prefix "/" [cluster c: circuit breaker max_retries 3]']);
    expect(named("    - {priority: High, max_retries: 9}\n    - {priority: Default, max_retries: 5}\n")).toEqual(['prefix "/" [cluster c: circuit breaker max_retries 5]']);
    expect(named("    - {priority: 1, max_retries: 9}\n    - {priority: 0, max_retries: 6}\n")).toEqual(['prefix "/" [cluster c: circuit breaker max_retries 6]']);
    // Only a HIGH threshold: the DEFAULT priority has none, so nothing is named.
    expect(named("    - {priority: high, max_retries: 9}\n")).toEqual(['prefix "/"']);
  });
  it("a cluster without circuit_breakers, or another cluster's, names nothing", () => {
    expect(find(config("    - {max_retries: 4}\n").replace("cluster: c", "cluster: d")).policies.map((p) => p.name)).toEqual(['prefix "/"']);
  });
});

describe("Envoy: keys a retry_policy or its retry_back_off does not define (issue 36)", () => {
  const route = (policy: string) => `routes:\n- match: {prefix: /}\n  route:\n    cluster: c\n    retry_policy:\n${policy}`;
  const keys = (text: string) => recogniseFile({ name: "envoy.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("num_retires, and a misspelt back-off field, named with the key meant and what Envoy does instead", () => {
    expect(keys(route("      retry_on: 5xx\n      num_retires: 8\n"))).toEqual(['7:7: unknown key "num_retires" in an Envoy retry_policy; did you mean "num_retries"? Envoy uses its default, 1 retry']);
    expect(keys(route("      retryOn: 5xx\n      retryBackOff: {baseInterval: 0.1s, maxIntervall: 1s}\n"))).toEqual([
      '7:42: unknown key "maxIntervall" in an Envoy retry_back_off; did you mean "maxInterval"? the cap is 10 × base_interval',
    ]);
  });
  it("spelt right, in either JSON spelling: nothing", () => {
    expect(keys(route("      retry_on: 5xx\n      num_retries: 3\n      perTryTimeout: 1s\n      retriable_status_codes: [503]\n      retry_back_off: {base_interval: 0.1s, max_interval: 1s}\n"))).toEqual([]);
  });
});
