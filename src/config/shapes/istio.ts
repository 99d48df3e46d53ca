import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Findings, FileProblem, type Node, describeNode, durationValue, get, isMap, isSeq, text, wholeNumber } from "../tree.js";

/**
 * Istio `VirtualService` (networking.istio.io): each `spec.http[]` route retries as its
 * `retries` says (attempts, perTryTimeout, backoff), or by the mesh default (2 attempts)
 * when it says nothing, so every HTTP route is a policy. `attempts: 0` turns retries off.
 * perTryTimeout is how long each try may take: it becomes the check's attempt time.
 * Durations are Go durations ("2s", "25ms").
 */
export const istio: ConfigShape = {
  system: "istio",
  label: "Istio VirtualService",
  preset: "istio",
  recognised: "Istio VirtualService retries",
  docs: {
    system: "Istio",
    where: "`VirtualService`",
    policy: "each `spec.http[]` route: its `retries` (attempts, perTryTimeout, backoff) or the mesh default; preset `istio`",
  },
  words: { tree: /VirtualService/ },
  documents: { read: recogniseIstio },
};

function recogniseIstio(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "VirtualService" || !manifest.apiVersion.startsWith("networking.istio.io/")) continue;
    const http = get(get(manifest.node, "spec"), "http");
    if (!isSeq(http)) continue;
    http.items.forEach((route, index) => {
      if (!isMap(route)) return;
      const routeName = `${manifest.name}/${text(get(route, "name")) ?? `http[${index}]`}`;
      const retries = route.entries.get("retries");
      findings.policy("istio", retries === undefined ? `${routeName} (mesh default)` : routeName, retries?.keyPos ?? route.pos, () => {
        const options: OptionValues = {};
        if (retries === undefined) return { options };
        if (!isMap(retries.value)) throw new FileProblem(retries.value.pos, `retries of ${routeName} must be a map, got ${describeNode(retries.value)}`);
        const label = (key: string) => `retries.${key} of ${routeName}`;
        const expected = 'a duration such as "2s" or "25ms"';
        let disabled = false;
        const attempts = get(retries.value, "attempts");
        if (attempts !== undefined) {
          const count = wholeNumber(attempts, label("attempts"), { max: 2_147_483_647 });
          options.attempts = String(count);
          disabled = count === 0;
        }
        const perTry = get(retries.value, "perTryTimeout");
        if (perTry !== undefined) options.attemptTime = durationValue(perTry, label("perTryTimeout"), goDuration, expected);
        const backoff = get(retries.value, "backoff");
        if (backoff !== undefined) options.base = durationValue(backoff, label("backoff"), goDuration, expected);
        return { options, disabled };
      });
    });
  }
}
