import type { RetryOn } from "../condition.js";

// One definition for src/presets/argo.ts (what `presets argo` shows) and src/config/shapes/argo.ts
// (what check reads from a retryStrategy without retryPolicy or expression): presets cannot import config.

/** Phase Error (pkg/apis/workflow/v1alpha1/workflow_types.go NodeError: "Node had an error other than a non 0 exit code"). */
export const ARGO_PHASE_ERROR = "phase Error (a failure other than a non-zero exit)";

/**
 * Argo Workflows' retryPolicy when a retryStrategy names none and has no expression
 * (argoproj/argo-workflows v4.1.2, 16a52d67, workflow/controller/operator.go processNodeRetries,
 * RetryPolicyActual): OnFailure, which retries a node in phase Failed (a non-zero exit) and not
 * one in phase Error.
 */
export const ARGO_DEFAULT_RETRY_ON: RetryOn = {
  words: ["OnFailure"],
  from: "Argo's default retryPolicy",
  isDefault: true,
  conditions: [{ kind: "every-error", but: ARGO_PHASE_ERROR }],
};
