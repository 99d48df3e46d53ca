import type { RetryOn } from "../condition.js";

/**
 * A Job without a podFailurePolicy (kubernetes/kubernetes v1.36.3
 * pkg/controller/job/pod_failure_policy.go matchPodFailurePolicy): every failed pod is counted
 * against backoffLimit and replaced, whatever made it fail. One definition for
 * src/presets/kubernetes-job.ts and src/config/shapes/kubernetes-job.ts: presets cannot import config.
 */
export const KUBERNETES_JOB_DEFAULT_RETRY_ON: RetryOn = { words: ["every failed pod"], from: "no podFailurePolicy", isDefault: true, conditions: [{ kind: "every-error" }] };
