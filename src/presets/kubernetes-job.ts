import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { KUBERNETES_JOB_DEFAULT_RETRY_ON } from "../core/conditions/defaults/kubernetes-job.js";

/** Every refusal goes through here: one PresetError per bad value, in the Job controller's own terms. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** spec.backoffLimit is an int32. */
const INT32_MAX = 2_147_483_647;

/** The Job controller's pod-failure back-off: the wait before it creates the pod that replaces a failed one. */
export const kubernetesJob: Preset = {
  name: "kubernetes-job",
  aliases: ["k8s-job", "job"],
  library: "kube-controller-manager Job controller (Kubernetes 1.3x)",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "kubernetes/kubernetes",
  source: "pkg/controller/job/backoff_utils.go (getRemainingTimeForFailuresCount), pkg/controller/job/job_controller.go (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff)",
  formula: "min(10 s × 2^(a−1), MaxJobPodFailureBackOff) after the a-th pod failure",
  defaults: "DefaultJobPodFailureBackOff 10 s, MaxJobPodFailureBackOff 10 min (the docs say 6 min), spec.backoffLimit 6",
  jitter: "none",
  defaultRetries: 6,
  defaultAttempts: 6,
  conditions: KUBERNETES_JOB_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "DefaultJobPodFailureBackOff (a controller constant, 10 s)",
    capMs: "MaxJobPodFailureBackOff (a controller constant: 10 min in job_controller.go; 6 min in the docs and older controllers)",
    retries: "spec.backoffLimit (failed pods before the Job fails)",
  },
  quirks: [
    "job_controller.go caps the back-off at MaxJobPodFailureBackOff = 10 min; the Job docs still say six minutes, the MaxJobBackOff = 360 s of older controllers. With backoffLimit 6 neither is reached (10, 20, 40, 80, 160, 320 s).",
    "spec.backoffLimit counts retries: the Job fails with BackoffLimitExceeded at failure backoffLimit + 1.",
    "The first failure already waits 10 s, unlike the kubelet's CrashLoopBackOff (the kubernetes preset), whose first restart is immediate.",
    "The count is of failures since the last success (failuresAfterLastSuccess): a succeeded pod resets it; Indexed Jobs with backoffLimitPerIndex count per index.",
    "The wait runs from the failed pod's finish time; failures a podFailurePolicy rule ignores are not counted, and activeDeadlineSeconds ends the Job regardless.",
    "With restartPolicy OnFailure the container restarts in place under the kubelet's CrashLoopBackOff; those restarts count towards backoffLimit too.",
  ],
  retryAfter: "The Job controller does not read Retry-After (a failed pod has no HTTP response): the schedule is unchanged.",
  build(overrides) {
    const base = overrides.baseMs ?? 10_000;
    const max = overrides.capMs ?? 600_000;
    if (max < base) reject(`MaxJobPodFailureBackOff (${groupDigits(max)} ms) must be at least DefaultJobPodFailureBackOff (${groupDigits(base)} ms)`);
    const retries = overrides.retries ?? 6;
    if (retries > INT32_MAX) reject(`spec.backoffLimit is an int32, at most ${groupDigits(INT32_MAX)}, got ${groupDigits(retries)}`);
    // backoff_utils.go: backoffDuration := defaultBackoff; for i := 1; i < failuresCount; i++ {
    //   backoffDuration = backoffDuration * 2; if backoffDuration >= maxBackoff { backoffDuration = maxBackoff; break } }
    const raw = (attempt: number) => base * 2 ** (attempt - 1);
    const capReachedAt = firstTrueFrom1((attempt) => raw(attempt) >= max);
    return independentModel({
      delay: (attempt) => {
        const value = raw(attempt);
        // Durations are whole ns in Go; a fractional ms is shown rounded half up.
        return value >= max ? { rawMs: wholeMs(value), delayMs: wholeMs(max), clamped: value > max } : { rawMs: wholeMs(value), delayMs: wholeMs(value), clamped: false };
      },
      jitter: null,
      capMs: wholeMs(max),
      capReachedAt,
      steadyFrom: capReachedAt,
      retries,
      parameters: { DefaultJobPodFailureBackOff: base, MaxJobPodFailureBackOff: max, backoffLimit: retries },
    });
  },
};
