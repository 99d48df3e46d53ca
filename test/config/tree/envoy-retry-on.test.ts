import { describe, expect, it } from "vitest";
import { envoyConditions, isEnvoyCondition, retryOnWords } from "../../../src/config/tree/envoy-retry-on.js";
import { conditionText } from "../../../src/core/conditions/condition.js";
import { ISTIO_DEFAULT_RETRY_ON, ISTIO_DEFAULT_STATUS_CODE, ISTIO_DEFAULT_TRIGGERS } from "../../../src/core/conditions/defaults/istio.js";
import { CONTOUR_DEFAULT_RETRY_ON } from "../../../src/core/conditions/defaults/contour.js";
import { ENVOY_GATEWAY_DEFAULT_RETRY_ON, ENVOY_GATEWAY_DEFAULT_STATUS_CODE, ENVOY_GATEWAY_DEFAULT_TRIGGERS } from "../../../src/core/conditions/defaults/envoy-gateway.js";

// src/config/tree/envoy-retry-on.ts against Envoy's router docs (envoyproxy/envoy
// docs/root/configuration/http/http_filters/router_filter.rst at 040783c8, x-envoy-retry-on and
// x-envoy-retry-grpc-on).
const texts = (words: string[], codes: number[] = []) => envoyConditions(words, codes).map(conditionText);

describe("Envoy's retry conditions in the vocabulary", () => {
  it("5xx: any 5xx, or no response at all (connect-failure and refused-stream included); gateway-error: 502, 503, 504 only", () => {
    expect(texts(["5xx"])).toEqual(["5xx", "connection failures", "timeouts"]);
    expect(texts(["gateway-error"])).toEqual(["502", "503", "504"]);
  });

  it("reset, connect-failure, refused-stream, http3-post-connect-failure: the connection; retriable-4xx: 409 alone", () => {
    expect(texts(["reset"])).toEqual(["connection failures", "timeouts"]);
    expect(texts(["connect-failure", "refused-stream", "reset-before-request", "http3-post-connect-failure"])).toEqual(Array(4).fill("connection failures"));
    expect(texts(["retriable-4xx"])).toEqual(["409"]);
  });

  it("retriable-status-codes: the route's codes, and only under it; envoy-ratelimited an overload signal; retriable-headers", () => {
    expect(texts(["retriable-status-codes"], [502, 504])).toEqual(["502", "504"]);
    expect(texts(["connect-failure"], [503])).toEqual(["connection failures"]);
    expect(envoyConditions(["envoy-ratelimited"], [])).toEqual([{ kind: "other", text: "Envoy's rate limiting (x-envoy-ratelimited)", overload: true }]);
    expect(texts(["retriable-headers"])).toEqual(["responses with the retriable headers"]);
  });

  it("the gRPC ones: a status code in the response headers", () => {
    expect(texts(["cancelled", "deadline-exceeded", "internal", "resource-exhausted", "unavailable"])).toEqual([
      "gRPC CANCELLED",
      "gRPC DEADLINE_EXCEEDED",
      "gRPC INTERNAL",
      "gRPC RESOURCE_EXHAUSTED",
      "gRPC UNAVAILABLE",
    ]);
  });

  it("words: split at commas, trimmed, empty ones left out; a word Envoy does not know", () => {
    expect(retryOnWords(" connect-failure, ,gateway-error ,")).toEqual(["connect-failure", "gateway-error"]);
    expect(isEnvoyCondition("gateway-error")).toBe(true);
    expect(isEnvoyCondition("5XX")).toBe(false);
    expect(texts(["nonsense"])).toEqual([]);
  });

  it("the defaults core writes out for systems on Envoy are what Envoy makes of their words", () => {
    // Presets cannot call envoyConditions, so core/conditions/defaults holds these lists as data: they must not drift from it.
    expect(envoyConditions(["5xx"], [])).toEqual(CONTOUR_DEFAULT_RETRY_ON.conditions);
    expect(envoyConditions(ENVOY_GATEWAY_DEFAULT_TRIGGERS, [ENVOY_GATEWAY_DEFAULT_STATUS_CODE])).toEqual(ENVOY_GATEWAY_DEFAULT_RETRY_ON.conditions);
    expect(envoyConditions(ISTIO_DEFAULT_TRIGGERS, [ISTIO_DEFAULT_STATUS_CODE])).toEqual(ISTIO_DEFAULT_RETRY_ON.conditions);
  });
});
