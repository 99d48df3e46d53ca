import { argoDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Findings, type MapNode, type Node, decimalText, durationValue, get, isMap, isSeq, text, wholeNumber } from "../tree.js";

/**
 * Argo Workflows (`Workflow`, `WorkflowTemplate`, `ClusterWorkflowTemplate`, and
 * `CronWorkflow` through its `workflowSpec`): `retryStrategy` on the spec (every template's
 * default) and on each template. `limit` and `backoff.factor` are IntOrString, so "4" is
 * as good as 4; durations are strings, a bare number being seconds ("Default unit is
 * seconds"). `limit` left out means retrying until success (bounded only by maxDuration);
 * `limit: 0` means no retry.
 */
export const argo: ConfigShape = {
  system: "argo",
  label: "Argo Workflows",
  preset: "argo",
  recognised: "Argo Workflows retryStrategy",
  docs: {
    system: "Argo Workflows",
    where: "`Workflow`, `WorkflowTemplate`, `ClusterWorkflowTemplate`, `CronWorkflow`",
    policy: "`retryStrategy` on the spec and on each template (`limit`, `backoff.duration/factor/cap/maxDuration`, quoted numbers as Argo allows); preset `argo`",
  },
  words: { tree: /retryStrategy/ },
  documents: { read: recogniseArgo },
};

const KINDS = new Set(["Workflow", "WorkflowTemplate", "ClusterWorkflowTemplate", "CronWorkflow"]);

function recogniseArgo(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (!manifest.apiVersion.startsWith("argoproj.io/") || !KINDS.has(manifest.kind)) continue;
    const outer = get(manifest.node, "spec");
    const spec = manifest.kind === "CronWorkflow" ? get(outer, "workflowSpec") : outer;
    if (!isMap(spec)) continue;
    const specStrategy = spec.entries.get("retryStrategy");
    if (specStrategy !== undefined) strategy(specStrategy.value, `${manifest.name} (spec.retryStrategy)`, specStrategy.keyPos, findings);
    const templates = get(spec, "templates");
    if (!isSeq(templates)) continue;
    templates.items.forEach((template, index) => {
      if (!isMap(template)) return;
      const entry = template.entries.get("retryStrategy");
      if (entry === undefined) return;
      strategy(entry.value, `${manifest.name}/${text(get(template, "name")) ?? `templates[${index}]`}`, entry.keyPos, findings);
    });
  }
}

function strategy(node: Node, name: string, offset: number, findings: Findings): void {
  findings.policy("argo", name, offset, () => {
    const options: OptionValues = {};
    let disabled = false;
    if (node.kind === "null") return { options };
    const map = node as MapNode;
    const label = (key: string) => `${key} of retryStrategy ${JSON.stringify(name)}`;
    const limit = get(map, "limit");
    if (limit !== undefined) {
      const count = wholeNumber(limit, label("limit"), { quoted: true, max: 2_147_483_647 });
      options.attempts = String(count);
      disabled = count === 0;
    }
    const backoff = get(map, "backoff");
    if (isMap(backoff)) {
      const expected = 'a duration such as "10" (seconds), "30s" or "2m"';
      const duration = get(backoff, "duration");
      if (duration !== undefined) options.base = durationValue(duration, label("backoff.duration"), argoDuration, expected);
      const factor = get(backoff, "factor");
      if (factor !== undefined) options.factor = decimalText(factor, label("backoff.factor"), { quoted: true });
      const cap = get(backoff, "cap");
      if (cap !== undefined) options.cap = durationValue(cap, label("backoff.cap"), argoDuration, expected);
      const maxDuration = get(backoff, "maxDuration");
      if (maxDuration !== undefined) options.maxElapsed = durationValue(maxDuration, label("backoff.maxDuration"), argoDuration, expected);
    }
    return { options, disabled };
  });
}
