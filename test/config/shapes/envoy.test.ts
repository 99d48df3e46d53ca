import { describe, expect, it } from "vitest";
import { find } from "../../support/recognise.js";

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
});
