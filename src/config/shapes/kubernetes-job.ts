import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Findings, type MapNode, type Node, get, isMap, keyOffset, wholeNumber } from "../tree.js";

/**
 * Kubernetes `Job` and `CronJob` (batch/v1): the Job controller's pod-failure back-off,
 * limited by `spec.backoffLimit` (default 6), or `spec.jobTemplate.spec.backoffLimit` for
 * a CronJob. With `backoffLimitPerIndex` (Indexed Jobs) each index has that many retries
 * and backoffLimit no longer counts them. A Job without a backoffLimit is still a policy,
 * the default one. Other kinds are not policies. backoffLimit is an int32: a quoted
 * number is refused, as the API server refuses it.
 */
export const kubernetesJob: ConfigShape = {
  system: "kubernetes-job",
  label: "Kubernetes Job",
  preset: "kubernetes-job",
  recognised: "Kubernetes Job/CronJob",
  docs: {
    system: "Kubernetes",
    where: "`Job` and `CronJob` (`batch/v1`), multi-document YAML, `List` items",
    policy: "`spec.backoffLimit` (default 6) or `backoffLimitPerIndex`; preset `kubernetes-job`",
  },
  words: { tree: /backoffLimit|\bkind["']?\s*:\s*["']?(?:Cron)?Job\b/ },
  documents: { read: recogniseKubernetesJobs },
};

const MAX_INT32 = 2_147_483_647;

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
      return { options, disabled };
    });
  }
}
