import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo, unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import type { Preset } from "./types.js";

/** The kubelet's CrashLoopBackOff: per-crash waits before the container is restarted. */
export const kubernetes: Preset = {
  name: "kubernetes",
  aliases: ["k8s"],
  library: "kubelet (Kubernetes 1.3x), client-go flowcontrol.Backoff",
  timeUnit: "nanoseconds (time.Duration)",
  repository: "kubernetes/kubernetes",
  source: "staging/src/k8s.io/client-go/util/flowcontrol/backoff.go, pkg/kubelet/kubelet.go (newCrashLoopBackOff), pkg/kubelet/kuberuntime/kuberuntime_manager.go (doBackOff), pkg/kubelet/container/helpers.go (ShouldContainerBeRestarted: the conditions)",
  formula: "crash 1: restart at once (0); crash a ≥ 2: min(10 s × 2^(a−2), 300 s)",
  defaults: "initialCrashLoopBackOff 10 s, MaxCrashLoopBackOff 300 s, no jitter; restartPolicy Always retries forever",
  stopping: "restartPolicy Always",
  jitter: "none",
  defaultRetries: null,
  // kubernetes pkg/kubelet/container/helpers.go (ShouldContainerBeRestarted): an exited container is restarted unless restartPolicy is
  // Never, and under OnFailure unless it exited 0: under Always whatever made it exit, its exit code included.
  conditions: { words: ["restartPolicy Always (every exit)", "OnFailure (a non-zero exit)"], from: "the kubelet's CrashLoopBackOff", isDefault: true, conditions: [{ kind: "every-error" }] },
  defaultAttempts: 10,
  parameters: {
    baseMs: "initialCrashLoopBackOff (the first back-off window; 1 s under ReduceDefaultCrashLoopBackOffDecay)",
    capMs: "MaxCrashLoopBackOff (crashLoopBackOff.maxContainerRestartPeriod, KubeletCrashLoopBackOffMax); below the initial it lowers the initial to itself",
    retries: "the range only (restartPolicy Always restarts forever)",
  },
  quirks: [
    "The first crash has no back-off entry yet, so the container restarts at once; the 10 s window applies from the second crash (0, 10, 20, 40 … s per crash; the docs' 10, 20, 40 … count back-off windows).",
    "A container that runs longer than 10 min resets its back-off to 10 s: since 1.32 the kubelet's HasExpiredFunc is a flat 600 s whatever the max (pkg/kubelet/kubelet.go, KEP-4603, kubernetes#128356), no longer 2 × MaxCrashLoopBackOff.",
    "Restarts happen on kubelet sync loops, so real waits are slightly longer.",
    "1.33+ alpha gate ReduceDefaultCrashLoopBackOffDecay: 1 s initial, 60 s max.",
    "A maxContainerRestartPeriod below the initial 10 s is accepted: newCrashLoopBackOff (pkg/kubelet/kubelet.go, KubeletCrashLoopBackOffMax since 1.32) lowers the initial back-off to it: a max of 5 s gives 0, 5 s, 5 s, …",
  ],
  retryAfter: "The kubelet's back-off does not read Retry-After (a crashing container has no HTTP response): the schedule is unchanged.",
  build(overrides) {
    const max = overrides.capMs ?? 300_000;
    // newCrashLoopBackOff: boMax = MaxContainerRestartPeriod; if boMax < boInitial { boInitial = boMax }
    const initial = Math.min(overrides.baseMs ?? 10_000, max);
    // backoff.go Next: first call initEntryUnsafe → backoff = initial; later entry.backoff = min(backoff * 2, maxDuration).
    // kuberuntime doBackOff: the first crash has no entry, so it restarts at once.
    const raw = (attempt: number) => initial * 2 ** (attempt - 2);
    const capReachedAt = firstTrueFrom1((attempt) => attempt >= 2 && raw(attempt) >= max);
    return independentModel({
      delay: (attempt) => (attempt === 1 ? unclamped(0) : clampedTo(Math.min(Math.round(raw(attempt)), Number.MAX_SAFE_INTEGER + 1), max)),
      jitter: null,
      capMs: max,
      capReachedAt,
      steadyFrom: capReachedAt,
      retries: null,
      parameters: { initialCrashLoopBackOff: initial, MaxCrashLoopBackOff: max },
    });
  },
};
