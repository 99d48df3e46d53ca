import type { RetryOn } from "../condition.js";

// Spring Cloud Gateway's Retry filter defaults (spring-cloud/spring-cloud-gateway v5.0.3,
// RetryGatewayFilterFactory.java RetryConfig). One definition for src/presets/spring-cloud-gateway.ts and
// src/config/shapes/spring-cloud-gateway.ts, which falls back to each list alone: presets cannot import config.

/** series: SERVER_ERROR, every 5xx. */
export const SPRING_CLOUD_GATEWAY_DEFAULT_SERIES: readonly string[] = ["SERVER_ERROR"];
/** exceptions: IOException and the gateway's TimeoutException. */
export const SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS: readonly string[] = ["IOException", "TimeoutException"];
/** methods: GET alone. */
export const SPRING_CLOUD_GATEWAY_DEFAULT_METHODS: readonly string[] = ["GET"];

/** A Retry filter that sets none of statuses, series and exceptions (nor methods), in the vocabulary. */
export const SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON: RetryOn = {
  words: [`series ${SPRING_CLOUD_GATEWAY_DEFAULT_SERIES.join(" and ")}`, `exceptions ${SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS.join(" and ")}`],
  from: "the Retry filter's default",
  isDefault: true,
  conditions: [{ kind: "5xx" }, { kind: "error", name: "IOException" }, { kind: "error", name: "TimeoutException" }],
  methods: SPRING_CLOUD_GATEWAY_DEFAULT_METHODS,
};
