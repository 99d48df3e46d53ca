import type { Condition } from "../../core/conditions/condition.js";

/**
 * Envoy's retry conditions (`retry_on`, the x-envoy-retry-on and x-envoy-retry-grpc-on
 * values) in the shared vocabulary, as the router documents them (envoyproxy/envoy
 * docs/root/configuration/http/http_filters/router_filter.rst at 040783c8): 5xx retries any
 * 5xx "or does not respond at all (disconnect/reset/read timeout)", connect-failure and
 * refused-stream included; gateway-error only 502, 503 and 504; reset a server that does not
 * respond at all; retriable-4xx 409 alone; envoy-ratelimited the responses of Envoy's own
 * rate limit filter (x-envoy-ratelimited, a 429); retriable-status-codes the route's
 * retriable_status_codes; the gRPC ones a status code in the response headers (cancelled 1,
 * deadline-exceeded 4, resource-exhausted 8, internal 13, unavailable 14). Every system built
 * on Envoy (Istio, Envoy Gateway, Contour, Gateway API implementations) shares them.
 */
const ENVOY_CONDITIONS: ReadonlyMap<string, readonly Condition[]> = new Map<string, readonly Condition[]>([
  ["5xx", [{ kind: "5xx" }, { kind: "connection" }, { kind: "timeout" }]],
  ["gateway-error", [502, 503, 504].map((code): Condition => ({ kind: "status", code }))],
  ["reset", [{ kind: "connection" }, { kind: "timeout" }]],
  ["reset-before-request", [{ kind: "connection" }]],
  ["connect-failure", [{ kind: "connection" }]],
  ["envoy-ratelimited", [{ kind: "other", text: "Envoy's rate limiting (x-envoy-ratelimited)", overload: true }]],
  ["retriable-4xx", [{ kind: "status", code: 409 }]],
  ["refused-stream", [{ kind: "connection" }]],
  ["retriable-status-codes", []],
  ["retriable-headers", [{ kind: "other", text: "responses with the retriable headers" }]],
  ["http3-post-connect-failure", [{ kind: "connection" }]],
  ["cancelled", [{ kind: "grpc", code: "CANCELLED" }]],
  ["deadline-exceeded", [{ kind: "grpc", code: "DEADLINE_EXCEEDED" }]],
  ["internal", [{ kind: "grpc", code: "INTERNAL" }]],
  ["resource-exhausted", [{ kind: "grpc", code: "RESOURCE_EXHAUSTED" }]],
  ["unavailable", [{ kind: "grpc", code: "UNAVAILABLE" }]],
]);

/** Whether a word is one of Envoy's retry conditions. */
export function isEnvoyCondition(word: string): boolean {
  return ENVOY_CONDITIONS.has(word);
}

/** The words of a comma-separated retry_on, trimmed, the empty ones left out (Envoy's and istiod's split). */
export function retryOnWords(value: string): string[] {
  return value.split(",").map((w) => w.trim()).filter((w) => w !== "");
}

/**
 * Envoy's conditions in the vocabulary: each word's, and the status codes where
 * retriable-status-codes is among them (Envoy retries the codes only then). A word Envoy does
 * not know is passed over, as Envoy's parseRetryOn passes it over.
 */
export function envoyConditions(words: readonly string[], statusCodes: readonly number[]): Condition[] {
  const out: Condition[] = [];
  for (const word of words) {
    if (word === "retriable-status-codes") for (const code of statusCodes) out.push({ kind: "status", code });
    else out.push(...(ENVOY_CONDITIONS.get(word) ?? []));
  }
  return out;
}
