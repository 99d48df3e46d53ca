import type { RetryOn } from "../condition.js";

/**
 * A Dapr retry policy without `matching` (dapr/dapr v1.18.0-rc.1-215-gd8450742
 * pkg/resiliency/retry.go ParseRetryConditionMatch, mustRetryStatusCode): every error, every
 * HTTP and gRPC status is retried. One definition for src/presets/dapr.ts and
 * src/config/shapes/dapr.ts: presets cannot import config.
 */
export const DAPR_DEFAULT_RETRY_ON: RetryOn = { words: [], from: "no matching", isDefault: true, conditions: [{ kind: "every-error" }] };
