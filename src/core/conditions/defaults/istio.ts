import type { RetryOn } from "../condition.js";

/**
 * The triggers istiod gives a route without retryOn (istio/istio
 * pilot/pkg/networking/core/route/retry/retry.go at 126806ab, defaultPolicy: RetryOn
 * "connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes").
 */
export const ISTIO_DEFAULT_TRIGGERS: readonly string[] = ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"];
/** Its RetriableStatusCodes: [503], unless the EXCLUDE_503_FROM_DEFAULT_RETRIES feature flag is set (false by default). */
export const ISTIO_DEFAULT_STATUS_CODE = 503;

/**
 * Istio's default retry conditions, for the mesh default and a `retries` block without
 * `retryOn`: what Envoy makes of the triggers above (a refused stream is a connection
 * failure too). One definition for src/presets/istio.ts and src/config/shapes/istio.ts:
 * presets cannot import config.
 */
export const ISTIO_DEFAULT_RETRY_ON: RetryOn = {
  words: ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes 503"],
  from: "Istio's default",
  isDefault: true,
  conditions: [{ kind: "connection" }, { kind: "connection" }, { kind: "grpc", code: "UNAVAILABLE" }, { kind: "grpc", code: "CANCELLED" }, { kind: "status", code: 503 }],
};
