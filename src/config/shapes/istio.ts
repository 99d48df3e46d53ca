import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { decimalText, describeNode, durationValue, timeoutValue, wholeNumber } from "../tree/values.js";
import { type FoundLimit, type LimitScope, BUDGET_NOTE, istioHostsMatch } from "../tree/retry-limits.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { ISTIO_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/istio.js";
import { envoyConditions, isEnvoyCondition, retryOnWords } from "../tree/envoy-retry-on.js";

/**
 * HTTPRetry's fields (istio/api networking/v1alpha3/virtual_service.proto, Istio 1.31:
 * attempts, perTryTimeout, retryOn, retryRemoteLocalities, retryIgnorePreviousHosts,
 * backoff), and what istiod does without each: the API server refuses an unknown field
 * under `kubectl apply`'s strict validation and prunes it otherwise.
 */
const HTTP_RETRY_KEYS: ReadonlyMap<string, string> = new Map([
  ["attempts", "without attempts the route is not retried (istiod's ConvertPolicy: attempts 0)"],
  ["perTryTimeout", "each try is bounded by the route's timeout alone"],
  ["retryOn", "Istio retries on its default conditions (connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes)"],
  ["retryRemoteLocalities", "retries stay in the local locality"],
  ["retryIgnorePreviousHosts", "Istio's default, true, applies"],
  ["backoff", "Envoy's default back-off, 25 ms, applies"],
]);
const HTTP_RETRY: KeyTable = {
  system: "istio",
  where: "an Istio route's retries",
  known: [...HTTP_RETRY_KEYS.keys()],
  instead: (meant) => (meant === null ? "Istio does not define it" : (HTTP_RETRY_KEYS.get(meant) ?? "Istio does not define it")),
};

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
    where: "`VirtualService` (with the `DestinationRule`s of the same file)",
    policy: "each `spec.http[]` route: its `retries` (attempts, perTryTimeout, backoff) or, with no `retries`, the mesh default (2 retries); a `retries` block without `attempts`, or `attempts: 0`, switches retries off (istiod's ConvertPolicy), and with `perTryTimeout`, `retryOn` or `retryRemoteLocalities` beside it is invalid (istiod refuses it); preset `istio`. Timeouts: the route's `timeout` (deadline; none when left out or `0s`), `perTryTimeout` (try time). Retry limits: a `DestinationRule` whose `host` is a route destination's (in any file of the scan, its own file's first; short names resolved in the resource's namespace, as istiod's ResolveShortnameToFQDN does; a short name in a file with no namespace is matched in its own file only) names its `trafficPolicy.connectionPool.http.maxRetries` (above 0) and `trafficPolicy.retryBudget` (percent, 20 when unset; minRetryConcurrency, 3) beside the policy; a DestinationRule that governs no route found is listed as a retry limit on its own",
    conditions:
      "`retries.retryOn` (comma-separated; a number Go names as an HTTP status is a retriable status code, replacing the default's 503; any other word istiod refuses: invalid); without it, or for the mesh default, Istio's `connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes` with 503 (retry.go). Budget: a `DestinationRule`'s `trafficPolicy.retryBudget` on the route's host",
  },
  words: { tree: /VirtualService|DestinationRule/ },
  documents: { read: recogniseIstio },
};

/**
 * The retry limits a file's DestinationRules put on their hosts, and the routes found so
 * far with the hosts they send to: a DestinationRule may come before or after the
 * VirtualService in a stream of documents (each read on its own), so each side names the
 * other when it arrives. Kept per file (the DocumentFile is one object for all of a file's
 * documents).
 */
interface HostLimits {
  readonly limits: Map<string, { readonly text: string; readonly namespace: string | null }>;
  readonly routes: Array<{ readonly index: number; readonly hosts: readonly string[]; readonly namespace: string | null; readonly name: string }>;
}
const LIMITS = new WeakMap<DocumentFile, HostLimits>();

function limitsFor(hosts: readonly string[], namespace: string | null, state: HostLimits): string {
  for (const [host, rule] of state.limits) if (hosts.some((h) => istioHostsMatch({ host: h, namespace }, { host, namespace: rule.namespace }, true))) return rule.text;
  return "";
}


/**
 * A DestinationRule's retry limits on its host (istio/api networking/v1alpha3/
 * destination_rule.proto at b8f8791d (1.31.0-alpha.0): trafficPolicy.connectionPool.http.maxRetries,
 * the cluster's max_retries circuit breaker, which istiod otherwise sets to 2^32 − 1 (and
 * sets only when above 0: istiod's applyConnectionPool, `if settings.Http.MaxRetries > 0`,
 * so 0 is no limit); and trafficPolicy.retryBudget {percent (20 when unset),
 * minRetryConcurrency (3), budgetInterval (0 ms: only requests active now count)}, added
 * in 09a4d534 (#3512, June 2025; budget_interval in 7eca3b2a, #3716), Envoy's
 * retry_budget, which replaces max_retries when both are set). The vocabulary is the chain
 * command's budgets (core/chain/budgets/envoy-breaker.ts, envoy-budget.ts). A rule with
 * neither names nothing; the limits are reported on their own and with the routes to the
 * host, in this file or another of the scan.
 */
function destinationRule(node: Node, name: string, namespace: string | null, findings: Findings): { host: string; text: string } | null {
  const spec = get(node, "spec");
  const host = text(get(spec, "host"));
  const policy = get(spec, "trafficPolicy");
  if (host === undefined || !isMap(policy)) return null;
  const parts: string[] = [];
  const scope = { system: "istio" as const, host, namespace };
  const source = `DestinationRule ${name}`;
  const found: FoundLimit[] = [];
  const http = get(get(policy, "connectionPool"), "http");
  const maxRetries = isMap(http) ? http.entries.get("maxRetries") : undefined;
  if (maxRetries !== undefined) {
    const value = wholeNumber(maxRetries.value, `connectionPool.http.maxRetries of DestinationRule ${JSON.stringify(name)}`, { max: 2_147_483_647 });
    if (value > 0) {
      parts.push(`connectionPool.http.maxRetries ${value}`);
      found.push({ system: "istio", source, offset: maxRetries.keyPos, limit: { kind: "max-retries", value }, scope });
    }
  }
  const budgetEntry = policy.entries.get("retryBudget");
  const budget = budgetEntry?.value;
  if (budgetEntry !== undefined && isMap(budget)) {
    const percent = get(budget, "percent");
    const percentText = percent === undefined ? "20" : decimalText(isMap(percent) ? (get(percent, "value") ?? percent) : percent, `retryBudget.percent of DestinationRule ${JSON.stringify(name)}`);
    if (Number(percentText) > 100) throw new FileProblem(percent!.pos, `retryBudget.percent of DestinationRule ${JSON.stringify(name)} must be from 0 to 100, got ${percentText}`);
    const min = get(budget, "minRetryConcurrency");
    const minText = min === undefined ? "3" : String(wholeNumber(min, `retryBudget.minRetryConcurrency of DestinationRule ${JSON.stringify(name)}`, { max: 4_294_967_295 }));
    const interval = text(get(budget, "budgetInterval")) ?? null;
    parts.push(`retryBudget percent ${percentText}, minRetryConcurrency ${minText}`);
    found.push({ system: "istio", source, offset: budgetEntry.keyPos, limit: { kind: "retry-budget", percent: Number(percentText), minRetryConcurrency: Number(minText), interval }, scope });
  }
  const overridden = found.some((l) => l.limit.kind === "retry-budget");
  for (const limit of found) findings.limits.push(overridden && limit.limit.kind === "max-retries" ? { ...limit, overridden: `overridden by the retryBudget beside it: ${BUDGET_NOTE}` } : limit);
  return parts.length === 0 ? null : { host, text: ` [DestinationRule ${name}: ${parts.join("; ")}]` };
}

/** What the findings about its conditions tell the reader to edit. */
const ISTIO_LEVERS = {
  conditions: "retries.retryOn of the route, such as connect-failure,refused-stream,502,504",
  budget: "trafficPolicy.retryBudget of a DestinationRule for the route's host",
};
/** Istio's default retry conditions (core/conditions/defaults/istio.ts), for the mesh default and a `retries` block without `retryOn`. */
const ISTIO_DEFAULT: RetryOn = { ...ISTIO_DEFAULT_RETRY_ON, levers: ISTIO_LEVERS };

/** The codes Go's http.StatusText names (net/http/status.go): istiod takes these, and only these, as status codes in retryOn. */
const GO_STATUS_CODES = new Set([
  100, 101, 102, 103, 200, 201, 202, 203, 204, 205, 206, 207, 208, 226, 300, 301, 302, 303, 304, 305, 307, 308,
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 423, 424, 425, 426, 428, 429, 431, 451,
  500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511,
]);

/**
 * A route's `retryOn` as istiod reads it (retry.go parseRetryOn at 126806ab): comma-separated,
 * trimmed; a part that is an HTTP status code Go names becomes a retriable status code (and
 * `retriable-status-codes` is added), the rest are Envoy's conditions, and the default's 503
 * is replaced by the codes given (none when none are). istiod's validation
 * (pkg/config/validation/validation.go, supportedRetryOnPolicies) refuses any other word.
 */
function istioRetryOn(node: Node, label: string): RetryOn {
  const value = text(node);
  if (value === undefined) throw new FileProblem(node.pos, `${label} must be a string of comma-separated conditions, got ${describeNode(node)}`);
  const words = retryOnWords(value);
  if (words.length === 0) return ISTIO_DEFAULT;
  const conditions: Condition[] = [];
  for (const word of words) {
    const code = /^\d+$/.test(word) ? Number(word) : null;
    if (code !== null && GO_STATUS_CODES.has(code)) conditions.push({ kind: "status", code });
    else if (code !== null) throw new FileProblem(node.pos, `${label}: ${word} is not a valid HTTP status code (istiod refuses it)`);
    else if (isEnvoyCondition(word)) conditions.push(...envoyConditions([word], []));
    else throw new FileProblem(node.pos, `${label}: ${JSON.stringify(word)} is not a valid retryOn policy (istiod refuses it)`);
  }
  return { words, from: "retryOn", isDefault: false, conditions, levers: ISTIO_LEVERS };
}

/** The namespace a manifest's metadata names; null when it names none. */
function namespaceOf(node: Node): string | null {
  return text(get(get(node, "metadata"), "namespace")) ?? null;
}

function recogniseIstio(root: Node, file: DocumentFile, findings: Findings): void {
  let state = LIMITS.get(file);
  if (state === undefined) {
    state = { limits: new Map(), routes: [] };
    LIMITS.set(file, state);
  }
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "DestinationRule" || !manifest.apiVersion.startsWith("networking.istio.io/")) continue;
    const ruleNamespace = namespaceOf(manifest.node);
    const rule = destinationRule(manifest.node, manifest.name, ruleNamespace, findings);
    if (rule === null || state.limits.has(rule.host)) continue;
    state.limits.set(rule.host, { text: rule.text, namespace: ruleNamespace });
    // Routes read before it: named now.
    for (const route of state.routes) {
      const policy = findings.policies[route.index];
      if (policy !== undefined && policy.name === route.name && route.hosts.some((h) => istioHostsMatch({ host: h, namespace: route.namespace }, { host: rule.host, namespace: ruleNamespace }, true))) findings.policies[route.index] = { ...policy, name: `${policy.name}${rule.text}` };
    }
  }
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "VirtualService" || !manifest.apiVersion.startsWith("networking.istio.io/")) continue;
    const http = get(get(manifest.node, "spec"), "http");
    if (!isSeq(http)) continue;
    const namespace = namespaceOf(manifest.node);
    http.items.forEach((route, index) => {
      if (!isMap(route)) return;
      const routeName = `${manifest.name}/${text(get(route, "name")) ?? `http[${index}]`}`;
      const retries = route.entries.get("retries");
      if (retries !== undefined && isMap(retries.value)) retryObjectKeys(retries.value, HTTP_RETRY, findings);
      const meshDefault = retries === undefined || retries.value.kind === "null";
      const destinations = get(route, "route");
      const hosts = isSeq(destinations) ? destinations.items.map((d) => text(get(get(d, "destination"), "host"))).filter((h): h is string => h !== undefined) : [];
      const limits = limitsFor(hosts, namespace, state);
      const before = findings.policies.length;
      const policyName = `${meshDefault ? `${routeName} (mesh default)` : routeName}${limits}`;
      // A DestinationRule further on names this route's policy when it comes (checked by name: pushed only if it read).
      if (limits === "" && hosts.length > 0) state.routes.push({ index: before, hosts, namespace, name: policyName });
      const routes: LimitScope[] = hosts.map((host) => ({ system: "istio", host, namespace }));
      findings.policy("istio", policyName, retries?.keyPos ?? route.pos, () => {
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
        if (meshDefault) return { options, ...found(), conditions: ISTIO_DEFAULT };
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
        const retryOn = get(block, "retryOn");
        const conditions = retryOn === undefined || retryOn.kind === "null" ? ISTIO_DEFAULT : istioRetryOn(retryOn, label("retryOn"));
        return { options, ...found(), conditions };
      });
      // The hosts it sends to, for the limits of DestinationRules in this file or another (config/tree/limit-matching.ts).
      const policy = findings.policies[before];
      if (policy !== undefined && routes.length > 0) findings.policies[before] = { ...policy, routes };
    });
  }
}
