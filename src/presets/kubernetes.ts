import { firstTrueFrom1 } from "../core/search.js";
import { clampedTo, unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

/** The kubelet's CrashLoopBackOff: per-crash waits before the container is restarted. */
export const kubernetes: Preset = {
  name: "kubernetes",
  library: "kubelet (Kubernetes 1.3x), client-go flowcontrol.Backoff",
  repository: "kubernetes/kubernetes",
  source: "staging/src/k8s.io/client-go/util/flowcontrol/backoff.go, pkg/kubelet/kubelet.go, pkg/kubelet/kuberuntime/kuberuntime_manager.go (doBackOff)",
  formula: "crash 1: restart at once (0); crash a ≥ 2: min(10 s × 2^(a−2), 300 s)",
  defaults: "backOffPeriod 10 s, MaxContainerBackOff 300 s, no jitter; restartPolicy Always retries forever",
  jitter: "none",
  defaultRetries: null,
  defaultAttempts: 10,
  parameters: {
    baseMs: "backOffPeriod (the first back-off window)",
    capMs: "MaxContainerBackOff (crashLoopBackOff.maxContainerRestartPeriod in newer kubelets)",
    retries: "the range only (restartPolicy Always restarts forever)",
  },
  quirks: [
    "The first crash has no back-off entry yet, so the container restarts at once; the 10 s window applies from the second crash (0, 10, 20, 40 … s per crash; the docs' 10, 20, 40 … count back-off windows).",
    "A container that runs longer than 2 × 300 s = 10 min resets its back-off to 10 s.",
    "Restarts happen on kubelet sync loops, so real waits are slightly longer.",
    "1.33+ alpha gate ReduceDefaultCrashLoopBackOffDecay: 1 s initial, 60 s max.",
  ],
  build(overrides) {
    const initial = overrides.baseMs ?? 10_000;
    const max = overrides.capMs ?? 300_000;
    if (max < initial) throw new PresetError(parts`${option("capMs")} (MaxContainerBackOff, ${max} ms) must be at least ${option("baseMs")} (backOffPeriod, ${initial} ms)`);
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
      parameters: { backOffPeriod: initial, MaxContainerBackOff: max },
    });
  },
};
