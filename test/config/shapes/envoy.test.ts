import { describe, expect, it } from "vitest";
import { find } from "../../support/recognise.js";

describe("Envoy (shapes/envoy.ts)", () => {
  it("Envoy: camelCase JSON, quoted numbers and {seconds, nanos} durations; gRPC's retryPolicy is not Envoy's", () => {
    const json = '{"virtualHosts": [{"name": "vh", "domains": ["*"], "routes": [{"match": {"path": "/x"}, "route": {"cluster": "c", "retryPolicy": {"numRetries": "2", "retryBackOff": {"baseInterval": {"seconds": 0, "nanos": 50000000}}}}}]}]}';
    expect(find(json, "json", "rds.json").policies).toEqual([{ at: "1:115", system: "envoy", name: 'vh / path "/x"', options: { attempts: "2", base: "50ms" } }]);
    const grpc = '{"methodConfig": [{"name": [{"service": "s"}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}';
    expect(find(grpc, "json", "service-config.json", true).policies.filter((p) => p.system === "envoy")).toEqual([]);
  });
});
