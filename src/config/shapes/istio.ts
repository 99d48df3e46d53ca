import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Findings, FileProblem, type FoundTimeout, type Node, describeNode, durationValue, get, isMap, isSeq, text, timeoutValue, wholeNumber } from "../tree.js";

/**
 * Istio `VirtualService` (networking.istio.io): each `spec.http[]` route retries as its
 * `retries` says (attempts, perTryTimeout, backoff), or by the mesh default (2 attempts)
 * when it says nothing, so every HTTP route is a policy. `attempts: 0` turns retries off.
 * perTryTimeout is how long each try may take: it becomes the check's attempt time.
 * The route's `timeout` covers the whole request, retries included: it becomes the
 * deadline. Left out, istiod sets none (route.go setTimeout: `action.Timeout = Notimeout`,
 * istio/istio 0098d99f, 1.2x), and a `0s` timeout is none too (Envoy reads 0 as
 * disabled); a perTryTimeout left out leaves each try bounded by the route timeout alone
 * (retry.go ConvertPolicy copies it only when set), so tries take no time of their own.
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
    policy: "each `spec.http[]` route: its `retries` (attempts, perTryTimeout, backoff) or the mesh default; preset `istio`. Timeouts: the route's `timeout` (deadline; none when left out or `0s`), `perTryTimeout` (try time)",
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
        const timeouts: FoundTimeout[] = [];
        const expected = 'a duration such as "2s" or "25ms"';
        const timeout = route.entries.get("timeout");
        if (timeout !== undefined) {
          const deadline = timeoutValue(timeout.value, `timeout of ${routeName}`, goDuration, expected);
          if (deadline !== null) {
            options.deadline = deadline;
            timeouts.push({ role: "deadline", field: "timeout", offset: timeout.keyPos });
          }
        }
        const found = () => (timeouts.length === 0 ? {} : { timeouts });
        if (retries === undefined) return { options, ...found() };
        if (!isMap(retries.value)) throw new FileProblem(retries.value.pos, `retries of ${routeName} must be a map, got ${describeNode(retries.value)}`);
        const label = (key: string) => `retries.${key} of ${routeName}`;
        let disabled = false;
        const attempts = get(retries.value, "attempts");
        if (attempts !== undefined) {
          const count = wholeNumber(attempts, label("attempts"), { max: 2_147_483_647 });
          options.attempts = String(count);
          disabled = count === 0;
        }
        const perTry = retries.value.entries.get("perTryTimeout");
        if (perTry !== undefined) {
          options.attemptTime = durationValue(perTry.value, label("perTryTimeout"), goDuration, expected);
          timeouts.push({ role: "attempt-time", field: "perTryTimeout", offset: perTry.keyPos });
        }
        const backoff = get(retries.value, "backoff");
        if (backoff !== undefined) options.base = durationValue(backoff, label("backoff"), goDuration, expected);
        return { options, disabled, ...found() };
      });
    });
  }
}
