import type { RetryOn } from "../condition.js";

/**
 * When Knative's dispatcher retries a delivery (knative/eventing knative-v1.22.0-20-g8cf4c4b6
 * pkg/kncloudevents/retries.go SelectiveRetry): no response or an error, any status of 500 or
 * more, 404, 408, 409 and 429; no key of the delivery spec changes it. One definition for
 * src/presets/knative.ts and src/config/shapes/knative.ts: presets cannot import config.
 */
export const KNATIVE_DEFAULT_RETRY_ON: RetryOn = {
  words: ["errors", "5xx", "404", "408", "409", "429"],
  from: "Knative's SelectiveRetry",
  isDefault: true,
  conditions: [
    { kind: "connection" },
    { kind: "timeout" },
    { kind: "5xx" },
    { kind: "status", code: 404 },
    { kind: "status", code: 408 },
    { kind: "status", code: 409 },
    { kind: "status", code: 429 },
  ],
};
