import type { Condition, RetryOn } from "../condition.js";

// Gateway API's HTTPRoute retry (kubernetes-sigs/gateway-api apis/v1/httproute_types.go at 03775165,
// HTTPRouteRetry; GEP-1731). One definition for src/presets/gateway-api.ts and
// src/config/shapes/gateway-api.ts: presets cannot import config.

/** "Implementations SHOULD retry on connection errors (disconnect, reset, timeout, TCP failure) if a retry stanza is configured", with codes or without. */
export const GATEWAY_API_CONNECTION_ERRORS: readonly Condition[] = [{ kind: "connection" }, { kind: "timeout" }];

/** A retry without codes: the spec gives codes no default, so the codes retried are the implementation's, said so and never guessed. */
export const GATEWAY_API_DEFAULT_RETRY_ON: RetryOn = {
  words: [],
  from: "retry without codes",
  isDefault: true,
  conditions: [...GATEWAY_API_CONNECTION_ERRORS, { kind: "other", text: "the implementation's status codes (Gateway API sets none by default)" }],
};
