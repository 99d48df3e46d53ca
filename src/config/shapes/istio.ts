import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Findings, FileProblem, type FoundTimeout, type Node, describeNode, durationValue, get, isMap, isSeq, text, timeoutValue, wholeNumber } from "../tree.js";

/**
 * Istio `VirtualService` (networking.istio.io): each `spec.http[]` route retries as its
 * `retries` says (attempts, perTryTimeout, backoff), or by the mesh default (2 attempts)
 * when it has no `retries` (or `retries: null`, which the API server prunes), so every
 * HTTP route is a policy. A `retries` block is read as istiod reads it (istio/istio
 * 1.31.0-rc.0, 423f108b): HTTPRetry.attempts is a proto3 int32, so a block without it has
 * attempts 0, and ConvertPolicy (pilot/pkg/networking/core/route/retry/retry.go:105,
 * `if in.Attempts <= 0 { return nil }`) then gives the route no retry policy: retries
 * switched off, `attempts: 0` alike (virtual_service.proto:1341, "If `0`, retries will be
 * disabled"). The mesh default applies only when `retries` is absent (route.go:681-683).
 * A block with attempts 0 (or none) that sets perTryTimeout, retryOn or
 * retryRemoteLocalities is refused by istiod's validation (pkg/config/validation/
 * validation.go:2673-2674, "http retry policy configured when attempts are set to 0
 * (disabled)"): an invalid policy.
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
  levers: { cap: null, limits: ["retries.attempts of the route"], jitter: null },
  docs: {
    system: "Istio",
    where: "`VirtualService`",
    policy: "each `spec.http[]` route: its `retries` (attempts, perTryTimeout, backoff) or, with no `retries`, the mesh default (2 retries); a `retries` block without `attempts`, or `attempts: 0`, switches retries off (istiod's ConvertPolicy), and with `perTryTimeout`, `retryOn` or `retryRemoteLocalities` beside it is invalid (istiod refuses it); preset `istio`. Timeouts: the route's `timeout` (deadline; none when left out or `0s`), `perTryTimeout` (try time)",
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
      const meshDefault = retries === undefined || retries.value.kind === "null";
      findings.policy("istio", meshDefault ? `${routeName} (mesh default)` : routeName, retries?.keyPos ?? route.pos, () => {
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
        if (meshDefault) return { options, ...found() };
        if (!isMap(retries.value)) throw new FileProblem(retries.value.pos, `retries of ${routeName} must be a map, got ${describeNode(retries.value)}`);
        const block = retries.value;
        const label = (key: string) => `retries.${key} of ${routeName}`;
        const attempts = get(block, "attempts");
        const count = attempts === undefined ? 0 : wholeNumber(attempts, label("attempts"), { max: 2_147_483_647 });
        if (count === 0) {
          // validation.go:2673: attempts 0 beside any of these is refused; else the route has no retry policy.
          const configured = ["perTryTimeout", "retryOn", "retryRemoteLocalities"]
            .filter((key) => (block.entries.get(key)?.value.kind ?? "null") !== "null")
            .sort((a, b) => block.entries.get(a)!.keyPos - block.entries.get(b)!.keyPos);
          if (configured.length > 0) {
            const at = block.entries.get(configured[0]!)!.keyPos;
            const without = attempts === undefined ? "no attempts" : "attempts 0";
            throw new FileProblem(at, `retries of ${routeName} sets ${configured.join(", ")} with ${without}: istiod refuses it ("http retry policy configured when attempts are set to 0 (disabled)")`);
          }
          return { options: { ...options, attempts: "0" }, disabled: true, ...found() };
        }
        options.attempts = String(count);
        const perTry = block.entries.get("perTryTimeout");
        if (perTry !== undefined) {
          options.attemptTime = durationValue(perTry.value, label("perTryTimeout"), goDuration, expected);
          timeouts.push({ role: "attempt-time", field: "perTryTimeout", offset: perTry.keyPos });
        }
        const backoff = get(block, "backoff");
        if (backoff !== undefined) options.base = durationValue(backoff, label("backoff"), goDuration, expected);
        return { options, ...found() };
      });
    });
  }
}
