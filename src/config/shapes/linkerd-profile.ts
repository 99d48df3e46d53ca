import { shown } from "../errors.js";
import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder } from "../tree/values.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { type KeyTable, nearRetryKeys, retryObjectKeys } from "../tree/unknown-keys.js";

/*
 * Keys a ServiceProfile does not define (issue 36, item 1), from linkerd/linkerd2
 * controller/gen/apis/serviceprofile/v1alpha2/types.go (at 0b639390): ServiceProfileSpec
 * (routes, retryBudget, dstOverrides, opaquePorts), RouteSpec (name, condition,
 * responseClasses, isRetryable, timeout), RetryBudget (retryRatio, minRetriesPerSecond, ttl).
 * The CRD's structural schema prunes a field it does not define, so the setting goes unset.
 */
const BUDGET_KEYS: KeyTable = {
  system: "linkerd-profile",
  where: "a ServiceProfile's retryBudget",
  known: ["retryRatio", "minRetriesPerSecond", "ttl"],
  instead: (meant) => (meant === null ? "the API server prunes it" : `the API server prunes it, leaving ${meant} unset`),
};
const SPEC_KEYS: KeyTable = {
  system: "linkerd-profile",
  where: "a ServiceProfile's spec",
  known: ["routes", "retryBudget", "dstOverrides", "opaquePorts"],
  instead: () => "the destination controller's default budget applies (retryRatio 0.2, minRetriesPerSecond 10, ttl 10s)",
};
const ROUTE_KEYS: KeyTable = {
  system: "linkerd-profile",
  where: "a ServiceProfile route",
  known: ["name", "condition", "responseClasses", "isRetryable", "timeout"],
  instead: (meant) => (meant === "timeout" ? "the route has no timeout" : "the route is not retried"),
};

/**
 * Linkerd's ServiceProfile (linkerd.io/v1alpha2, also v1alpha1): each `spec.routes[]` with
 * `isRetryable: true` is a policy that retries at once (linkerd2-proxy
 * linkerd/app/outbound/src/http/retry.rs), as long as the profile's `spec.retryBudget`
 * allows, and that budget is named beside it: retryRatio (a float32, 0 to 1000),
 * minRetriesPerSecond (a uint32 up to 2^31 − 1), ttl (a Go duration from 1 s to 60 s;
 * linkerd/service-profiles/src/proto.rs convert_retry_budget drops any other budget, and
 * the routes' retries with it), or the destination controller's default (retryRatio 0.2,
 * minRetriesPerSecond 10, ttl 10s; profile_translator.go defaultRetryBudget). The route's
 * `timeout` (a Go duration, none by default) covers the request and its retries: the
 * deadline. A route without isRetryable, or with it false, holds no policy.
 */
export const linkerdProfile: ConfigShape = {
  system: "linkerd-profile",
  label: "Linkerd ServiceProfile",
  preset: "linkerd-profile",
  recognised: "Linkerd ServiceProfile isRetryable routes",
  levers: { cap: null, limits: [], jitter: null },
  docs: {
    system: "Linkerd ServiceProfile",
    where: "`ServiceProfile` (`linkerd.io/v1alpha2`)",
    policy:
      "each `spec.routes[]` with `isRetryable: true`: retried at once, without a count, under the profile's `spec.retryBudget` (retryRatio, minRetriesPerSecond, ttl; the controller's 0.2, 10, 10s when absent), which is named beside the policy (a ratio of retries to requests, not a count); a budget the proxy drops (ttl outside 1–60 s, retryRatio outside 0–1000) is a problem; preset `linkerd-profile`. Timeouts: the route's `timeout` (deadline; none when left out or `0s`)",
    conditions:
      "the failures it retries: `responseClasses` with `isFailure: true` and a `condition.status` range; without them, or with an `all`/`any`/`not` class, decided by code (the proxy's classification). Budget: `spec.retryBudget`, always present",
  },
  words: { tree: /ServiceProfile/ },
  documents: { read: recogniseProfiles },
};

function recogniseProfiles(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "ServiceProfile" || !manifest.apiVersion.startsWith("linkerd.io/")) continue;
    const spec = get(manifest.node, "spec");
    if (isMap(spec)) {
      nearRetryKeys(spec, SPEC_KEYS, ["retryBudget"], findings);
      const budgetNode = spec.entries.get("retryBudget")?.value;
      if (budgetNode !== undefined && isMap(budgetNode)) retryObjectKeys(budgetNode, BUDGET_KEYS, findings);
    }
    const routes = get(spec, "routes");
    if (!isSeq(routes)) continue;
    // The budget is named beside each policy, as gRPC's retryThrottling is; one the proxy drops makes each retryable route invalid.
    let budget: string | Error;
    try {
      budget = retryBudget(spec as MapNode, manifest.name);
    } catch (error) {
      if (!(error instanceof FileProblem) && !(error instanceof Placeholder)) throw error;
      budget = error;
    }
    routes.items.forEach((route, index) => {
      if (!isMap(route)) return;
      nearRetryKeys(route, ROUTE_KEYS, ["isRetryable", "timeout"], findings);
      const retryable = route.entries.get("isRetryable");
      if (retryable === undefined || (retryable.value.kind === "boolean" && !retryable.value.value)) return;
      const routeName = `${manifest.name}/${text(get(route, "name")) ?? `routes[${index}]`}`;
      findings.policy("linkerd-profile", typeof budget === "string" ? `${routeName} [${budget}]` : routeName, retryable.keyPos, () => {
        if (retryable.value.kind !== "boolean") throw new FileProblem(retryable.value.pos, `isRetryable of ${routeName} must be true or false, got ${describeNode(retryable.value)}`);
        if (typeof budget !== "string") throw budget;
        const options: OptionValues = {};
        const timeouts: FoundTimeout[] = [];
        const timeout = route.entries.get("timeout");
        if (timeout !== undefined) {
          const label = `timeout of ${routeName}`;
          notPlaceholder(timeout.value, label);
          const ms = timeout.value.kind === "string" ? goDuration(timeout.value.value) : null;
          if (ms === null) throw new FileProblem(timeout.value.pos, `${label} must be a Go duration such as "300ms" or "2s", got ${describeNode(timeout.value)}`);
          if (!Number.isInteger(ms)) throw new FileProblem(timeout.value.pos, `${label} is ${shown((timeout.value as { value: string }).value)}: backoff checks timeouts in whole milliseconds`);
          if (ms > 0) {
            options.deadline = msText(ms);
            timeouts.push({ role: "deadline", field: "timeout", offset: timeout.keyPos });
          }
        }
        return { options, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: failureClasses(route, budget) };
      });
    });
  }
}

/** The budget as the name shows it, the proxy's refusals as problems (convert_retry_budget). */
function retryBudget(spec: MapNode, profile: string): string {
  const entry = spec.entries.get("retryBudget");
  if (entry === undefined || entry.value.kind === "null") return "retryBudget default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s";
  const budget = entry.value;
  const label = (key: string) => `retryBudget.${key} of ServiceProfile ${shown(profile)}`;
  if (!isMap(budget)) throw new FileProblem(budget.pos, `retryBudget of ServiceProfile ${shown(profile)} must be a map, got ${describeNode(budget)}`);
  const ratio = get(budget, "retryRatio");
  let ratioText = "0";
  if (ratio !== undefined) {
    notPlaceholder(ratio, label("retryRatio"));
    if (ratio.kind !== "number" || !/^\d+(\.\d+)?$/.test(ratio.source)) throw new FileProblem(ratio.pos, `${label("retryRatio")} must be a number such as 0.2, got ${describeNode(ratio)}`);
    if (Number(ratio.source) > 1000) throw new FileProblem(ratio.pos, `${label("retryRatio")} must be from 0 to 1000 (the proxy drops the budget, and the retries with it), got ${ratio.source}`);
    ratioText = ratio.source;
  }
  const min = get(budget, "minRetriesPerSecond");
  let minText = "0";
  if (min !== undefined) {
    notPlaceholder(min, label("minRetriesPerSecond"));
    if (min.kind !== "number" || !/^\d+$/.test(min.source)) throw new FileProblem(min.pos, `${label("minRetriesPerSecond")} must be a whole number, got ${describeNode(min)}`);
    if (Number(min.source) > 2_147_483_647) throw new FileProblem(min.pos, `${label("minRetriesPerSecond")} must be at most 2147483647 (the proxy drops the budget, and the retries with it), got ${min.source}`);
    minText = min.source;
  }
  const ttl = get(budget, "ttl");
  // createDestinationProfile: time.ParseDuration(TTL) fails on a missing ttl, and the profile with it.
  if (ttl === undefined) throw new FileProblem(budget.pos, `${label("ttl")} is missing; the destination controller cannot parse an empty ttl and refuses the profile`);
  notPlaceholder(ttl, label("ttl"));
  const ttlMs = ttl.kind === "string" ? goDuration(ttl.value) : null;
  if (ttlMs === null) throw new FileProblem(ttl.pos, `${label("ttl")} must be a Go duration such as "10s", got ${describeNode(ttl)}`);
  if (ttlMs < 1000 || ttlMs > 60_000) throw new FileProblem(ttl.pos, `${label("ttl")} must be from 1s to 60s (the proxy drops the budget, and the retries with it), got ${(ttl as { value: string }).value}`);
  return `retryBudget retryRatio ${ratioText}, minRetriesPerSecond ${minText}, ttl ${(ttl as { value: string }).value}`;
}

/**
 * What an isRetryable route retries: the responses the proxy classifies as failures
 * (linkerd.io 2.16 reference/service-profiles: isRetryable "will cause the proxy to retry
 * failed requests"). A route's `responseClasses` with `isFailure: true` and a plain
 * `condition.status` range ({min, max}) are read; any other response class (all, any, not)
 * and a route without response classes leave it to the proxy's classification: decided by
 * code, never guessed. The profile's retryBudget (always there: the controller's default
 * when absent) governs every retry.
 */
function failureClasses(route: MapNode, budget: string): RetryOn {
  const classes = get(route, "responseClasses");
  const conditions: Condition[] = [];
  const words: string[] = [];
  let other = false;
  for (const item of isSeq(classes) ? classes.items : []) {
    if (!isMap(item)) continue;
    const failure = get(item, "isFailure");
    if (!(failure?.kind === "boolean" && failure.value)) continue;
    const status = get(get(item, "condition"), "status");
    const condition = get(item, "condition");
    const plain = isMap(condition) && condition.entries.size === 1 && isMap(status);
    const min = plain ? get(status, "min") : undefined;
    const max = plain ? get(status, "max") : undefined;
    if (!plain || min?.kind !== "number" || max?.kind !== "number") {
      other = true;
      continue;
    }
    const [low, high] = [min.value, max.value];
    words.push(low === high ? `status ${low}` : `status ${low}-${high}`);
    conditions.push(low === high ? { kind: "status", code: low } : low === 500 && high === 599 ? { kind: "5xx" } : { kind: "other", text: `${low}-${high}`, overload: [503, 429].some((c) => low <= c && c <= high) });
  }
  if (other || words.length === 0) conditions.push({ kind: "code", why: other ? "a response class the proxy evaluates" : "the proxy's failure classification: no responseClasses" });
  return {
    words,
    from: words.length === 0 ? "no responseClasses with isFailure" : "responseClasses with isFailure",
    isDefault: words.length === 0 && !other,
    conditions,
    budget,
    levers: { conditions: "responseClasses of the route (isFailure: true with a condition.status range)", budget: "spec.retryBudget of the ServiceProfile" },
  };
}
