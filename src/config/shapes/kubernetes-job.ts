import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import type { JsonEntry } from "../read/json.js";
import { type MapNode, type Node, get, isMap, isSeq, keyOffset, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { describeNode, wholeNumber } from "../tree/values.js";
import { type KeyTable, nearRetryKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { KUBERNETES_JOB_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/kubernetes-job.js";

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
    conditions:
      "every failed pod, whatever its cause (an exit code, an eviction, the pod's deadline), unless `spec.podFailurePolicy` says otherwise: its rules in order, the first that matches decides (pod_failure_policy.go); a `FailJob` or `FailIndex` rule's exit codes or pod conditions are not retried, `Ignore` retries without counting against the limit, `Count` as by default; an action or operator the API server does not know is invalid. No budget",
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
      const conditions = podFailurePolicy(isMap(spec) ? spec.entries.get("podFailurePolicy")?.value : undefined, `podFailurePolicy of ${manifest.kind} ${JSON.stringify(manifest.name)}`);
      return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions };
    });
  }
}

/** A positive number of seconds (the API server refuses 0 and below). */
function deadlineSeconds(entry: JsonEntry, label: string): string {
  const seconds = wholeNumber(entry.value, label);
  if (seconds < 1) throw new FileProblem(entry.value.pos, `${label} must be at least 1`);
  return `${seconds}s`;
}

/** What the findings about a Job's conditions tell the reader to edit. */
const JOB_LEVERS = {
  conditions: "spec.podFailurePolicy of the Job: a FailJob rule on the exit codes of the failures that are permanent",
  budget: null,
};
const ACTIONS = ["FailJob", "FailIndex", "Ignore", "Count"];
const OPERATORS = ["In", "NotIn"];

/**
 * What a Job retries (kubernetes/kubernetes pkg/controller/job/pod_failure_policy.go
 * matchPodFailurePolicy; the types in k8s.io/api v0.36.3, Kubernetes v1.36.3,
 * batch/v1/types.go PodFailurePolicy): every failed pod, whatever made it fail, counted
 * against backoffLimit; with a podFailurePolicy its rules are tried in order and the first
 * that matches decides: FailJob (the Job fails) and FailIndex (the index fails) retry no
 * more, Ignore makes a new pod without counting the failure, Count counts it as by default;
 * a pod no rule matches is counted. A rule matches on exit codes (In or NotIn the values,
 * of any container or the one named, exit code 0 never) or on pod conditions (a type and
 * status, True when left out). The API server refuses an action or an operator it does not
 * know (pkg/apis/batch/validation/validation.go, supportedPodFailurePolicyActions) and a
 * rule with neither requirement. Which failures are permanent is the rules' to say: the
 * vocabulary keeps every error, with what FailJob and FailIndex take out of it.
 */
function podFailurePolicy(node: Node | undefined, label: string): RetryOn {
  if (node === undefined || node.kind === "null") {
    return { ...KUBERNETES_JOB_DEFAULT_RETRY_ON, levers: JOB_LEVERS };
  }
  const rules = get(node, "rules");
  if (!isMap(node) || !isSeq(rules)) throw new FileProblem(node.pos, `${label} must be a map with a list of rules, got ${describeNode(node)}`);
  const words: string[] = [];
  const except: string[] = [];
  rules.items.forEach((rule, index) => {
    const ruleLabel = `rule ${index + 1} of ${label}`;
    if (!isMap(rule)) throw new FileProblem(rule.pos, `${ruleLabel} must be a map, got ${describeNode(rule)}`);
    const action = text(get(rule, "action"));
    if (action === undefined || !ACTIONS.includes(action)) {
      throw new FileProblem(get(rule, "action")?.pos ?? rule.pos, `action of ${ruleLabel} must be one of ${ACTIONS.join(", ")} (the API server refuses any other), got ${describeNode(get(rule, "action") ?? rule)}`);
    }
    const matched = ruleMatch(rule, ruleLabel);
    words.push(`${action} on ${matched}`);
    if (action === "FailJob" || action === "FailIndex") except.push(`${matched} (${action})`);
  });
  return {
    words,
    from: "podFailurePolicy",
    isDefault: false,
    conditions: [{ kind: "every-error" }],
    ...(except.length === 0 ? {} : { except }),
    levers: JOB_LEVERS,
  };
}

/** What a rule matches, in words: "exit codes 42, 43 of main", "exit codes other than 1", "DisruptionTarget". */
function ruleMatch(rule: MapNode, label: string): string {
  const exitCodes = get(rule, "onExitCodes");
  const conditions = get(rule, "onPodConditions");
  if (exitCodes !== undefined && exitCodes.kind !== "null") {
    const operator = text(get(exitCodes, "operator"));
    if (operator === undefined || !OPERATORS.includes(operator)) {
      throw new FileProblem(get(exitCodes, "operator")?.pos ?? exitCodes.pos, `onExitCodes.operator of ${label} must be In or NotIn (the API server refuses any other), got ${describeNode(get(exitCodes, "operator") ?? exitCodes)}`);
    }
    const valuesNode = get(exitCodes, "values");
    if (!isSeq(valuesNode) || valuesNode.items.length === 0) throw new FileProblem(valuesNode?.pos ?? exitCodes.pos, `onExitCodes.values of ${label} must be a list of at least one exit code`);
    const values = valuesNode.items.map((value) => {
      if (value.kind !== "number" || !/^-?\d+$/.test(value.source)) throw new FileProblem(value.pos, `onExitCodes.values of ${label} must be whole numbers, got ${describeNode(value)}`);
      return value.source;
    });
    const container = text(get(exitCodes, "containerName"));
    const codes = operator === "In" ? `exit code${values.length === 1 ? "" : "s"} ${values.join(", ")}` : `exit codes other than ${values.join(", ")}`;
    return container === undefined ? codes : `${codes} of ${container}`;
  }
  if (isSeq(conditions) && conditions.items.length > 0) {
    return conditions.items
      .map((pattern) => {
        const type = text(get(pattern, "type"));
        if (type === undefined) throw new FileProblem(pattern.pos, `onPodConditions of ${label} must each have a type, got ${describeNode(pattern)}`);
        const status = text(get(pattern, "status")) ?? "True";
        return status === "True" ? type : `${type}=${status}`;
      })
      .join(" or ");
  }
  throw new FileProblem(rule.pos, `${label} needs onExitCodes or onPodConditions (the API server refuses a rule with neither)`);
}
