import type { RetryOn } from "../condition.js";

/**
 * Contour's retryOn when an HTTPProxy's retryPolicy gives none (projectcontour/contour
 * internal/dag/policy.go at 31c4bb38, main of 2026-08; 1.33 alike): "5xx", which Envoy's router
 * reads as every 5xx, connection failures and timeouts (a server that "does not respond at all").
 * One definition for src/presets/contour.ts and src/config/shapes/contour.ts: presets cannot import config.
 */
export const CONTOUR_DEFAULT_RETRY_ON: RetryOn = {
  words: ["5xx"],
  from: "Contour's default",
  isDefault: true,
  conditions: [{ kind: "5xx" }, { kind: "connection" }, { kind: "timeout" }],
};
