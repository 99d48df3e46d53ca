import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import type { JsonEntry } from "../read/json.js";
import { type MapNode, type Node, get, isMap, keyOffset } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { wholeNumber } from "../tree/values.js";
import { type KeyTable, nearRetryKeys } from "../tree/unknown-keys.js";

/**
 * Kubernetes `Job` and `CronJob` (batch/v1): the Job controller's pod-failure back-off,
 * limited by `spec.backoffLimit` (default 6), or `spec.jobTemplate.spec.backoffLimit` for
 * a CronJob. With `backoffLimitPerIndex` (Indexed Jobs) each index has that many retries
 * and backoffLimit no longer counts them. A Job without a backoffLimit is still a policy,
 * the default one. Other kinds are not policies. backoffLimit is an int32: a quoted
 * number is refused, as the API server refuses it.
 *
 * Timeouts: the Job's `spec.activeDeadlineSeconds` counts from the Job's start and ends it,
 * however many pods it has made: the deadline. The pod template's own
 * `spec.template.spec.activeDeadlineSeconds` bounds each pod (a pod past it is failed,
 * and the Job makes the next): the try time. Both are positive int64 seconds with no
 * default (kubernetes/kubernetes pkg/apis/batch/types.go JobSpec.ActiveDeadlineSeconds,
 * pkg/apis/core/types.go PodSpec.ActiveDeadlineSeconds). Without the pod's, a try takes no
 * time unless --attempt-time says how long the pods run.
 */
export const kubernetesJob: ConfigShape = {
  system: "kubernetes-job",
  label: "Kubernetes Job",
  preset: "kubernetes-job",
  recognised: "Kubernetes Job/CronJob",
  levers: { cap: null, limits: ["spec.backoffLimit of the Job"], jitter: null },
  docs: {
    system: "Kubernetes",
    where: "`Job` and `CronJob` (`batch/v1`), multi-document YAML, `List` items",
    policy: "`spec.backoffLimit` (default 6, counting retries; 0 switches them off) or `backoffLimitPerIndex`; the waits are the controller's, not the file's: 10 s doubling to 10 min (job_controller.go; the docs say 6 min); preset `kubernetes-job`. Timeouts: the Job's `spec.activeDeadlineSeconds` (deadline), the pod template's `activeDeadlineSeconds` (try time)",
  },
  words: { tree: /backoffLimit|\bkind["']?\s*:\s*["']?(?:Cron)?Job\b/ },
  documents: { read: recogniseKubernetesJobs },
};

const MAX_INT32 = 2_147_483_647;

/**
 * The fields of a batch/v1 JobSpec (kubernetes/api batch/v1/types.go, Kubernetes v1.34:
 * backoffLimitPerIndex, maxFailedIndexes and podReplacementPolicy since v1.28,
 * successPolicy and managedBy since v1.30). A key beside them that is a retry field
 * misspelt (`backofLimit`) is dropped by the API server (or refused by kubectl's strict
 * validation): the Job then has the controller's default.
 */
const JOB_SPEC_KEYS = [
  "parallelism", "completions", "activeDeadlineSeconds", "podFailurePolicy", "successPolicy", "backoffLimit", "backoffLimitPerIndex",
  "maxFailedIndexes", "selector", "manualSelector", "template", "ttlSecondsAfterFinished", "completionMode", "suspend",
  "podReplacementPolicy", "managedBy",
];
/** The JobSpec fields that bound its retries, and what a Job without each does. */
const JOB_RETRY_KEYS: ReadonlyMap<string, string> = new Map([
  ["backoffLimit", "Kubernetes uses its default, 6 retries"],
  ["backoffLimitPerIndex", "Kubernetes counts every index's failures against backoffLimit"],
  ["activeDeadlineSeconds", "the Job has no deadline"],
  ["podFailurePolicy", "every pod failure counts against backoffLimit"],
]);
const JOB_SPEC: KeyTable = {
  system: "kubernetes-job",
  where: "a Job's spec",
  known: JOB_SPEC_KEYS,
  instead: (meant) => (meant === null ? "Kubernetes does not define it" : (JOB_RETRY_KEYS.get(meant) ?? "Kubernetes does not define it")),
};

function recogniseKubernetesJobs(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (!manifest.apiVersion.startsWith("batch/")) continue;
    let spec: Node | undefined;
    let offset: number;
    if (manifest.kind === "Job") {
      spec = get(manifest.node, "spec");
      offset = keyOffset(manifest.node, "spec");
    } else if (manifest.kind === "CronJob") {
      const template = get(get(manifest.node, "spec"), "jobTemplate");
      spec = get(template, "spec");
      offset = isMap(get(manifest.node, "spec")) ? keyOffset(get(manifest.node, "spec") as MapNode, "jobTemplate") : manifest.node.pos;
    } else {
      continue;
    }
    if (isMap(spec)) nearRetryKeys(spec, JOB_SPEC, [...JOB_RETRY_KEYS.keys()], findings);
    const perIndex = isMap(spec) ? spec.entries.get("backoffLimitPerIndex") : undefined;
    const limit = perIndex ?? (isMap(spec) ? spec.entries.get("backoffLimit") : undefined);
    const key = perIndex !== undefined ? "backoffLimitPerIndex" : "backoffLimit";
    const name = perIndex !== undefined ? `${manifest.name} (per index)` : manifest.name;
    findings.policy("kubernetes-job", name, limit?.keyPos ?? offset, () => {
      const options: OptionValues = {};
      let disabled = false;
      if (limit !== undefined) {
        const count = wholeNumber(limit.value, `${key} of ${manifest.kind} ${JSON.stringify(manifest.name)}`, { max: MAX_INT32 });
        options.attempts = String(count);
        disabled = count === 0;
      }
      const timeouts: FoundTimeout[] = [];
      const job = isMap(spec) ? spec.entries.get("activeDeadlineSeconds") : undefined;
      if (job !== undefined) {
        options.deadline = deadlineSeconds(job, `activeDeadlineSeconds of ${manifest.kind} ${JSON.stringify(manifest.name)}`);
        timeouts.push({ role: "deadline", field: "the Job's activeDeadlineSeconds", offset: job.keyPos });
      }
      const podSpec = get(get(spec, "template"), "spec");
      const pod = isMap(podSpec) ? podSpec.entries.get("activeDeadlineSeconds") : undefined;
      if (pod !== undefined) {
        options.attemptTime = deadlineSeconds(pod, `the pod template's activeDeadlineSeconds of ${manifest.kind} ${JSON.stringify(manifest.name)}`);
        timeouts.push({ role: "attempt-time", field: "the pod's activeDeadlineSeconds", offset: pod.keyPos });
      }
      return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }) };
    });
  }
}

/** A positive number of seconds (the API server refuses 0 and below). */
function deadlineSeconds(entry: JsonEntry, label: string): string {
  const seconds = wholeNumber(entry.value, label);
  if (seconds < 1) throw new FileProblem(entry.value.pos, `${label} must be at least 1`);
  return `${seconds}s`;
}
