import type { RetryOn } from "../condition.js";

// Envoy Gateway's defaults (envoyproxy/gateway main at d32f2829, 2026-08, as the preset reads 1.9 and main:
// internal/xds/translator/route.go buildRetryPolicy). One definition for src/presets/envoy-gateway.ts and
// src/config/shapes/envoy-gateway.ts, whose retryOn also falls back to each half alone: presets cannot import config.

/** retryDefaultRetryOn: the triggers a BackendTrafficPolicy's retry gets without retryOn.triggers. */
export const ENVOY_GATEWAY_DEFAULT_TRIGGERS: readonly string[] = ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"];
/** retryDefaultRetriableStatusCode: the code retriable-status-codes retries without retryOn.httpStatusCodes. */
export const ENVOY_GATEWAY_DEFAULT_STATUS_CODE = 503;

/**
 * Both defaults together, the triggers in the vocabulary as Envoy's router reads them:
 * connect-failure and refused-stream a failed connection, unavailable and cancelled those gRPC
 * codes, retriable-status-codes the 503.
 */
export const ENVOY_GATEWAY_DEFAULT_RETRY_ON: RetryOn = {
  words: [...ENVOY_GATEWAY_DEFAULT_TRIGGERS.slice(0, -1), `retriable-status-codes ${ENVOY_GATEWAY_DEFAULT_STATUS_CODE}`],
  from: "Envoy Gateway's default",
  isDefault: true,
  conditions: [{ kind: "connection" }, { kind: "connection" }, { kind: "grpc", code: "UNAVAILABLE" }, { kind: "grpc", code: "CANCELLED" }, { kind: "status", code: ENVOY_GATEWAY_DEFAULT_STATUS_CODE }],
};
