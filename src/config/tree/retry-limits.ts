// The retry limits a file sets (a DestinationRule's connectionPool, an Envoy cluster's
// circuit breakers), what they apply to, and how Istio resolves the hosts that match a
// limit to the routes it governs. The recognisers report them as findings (findings.ts);
// cli/check/retry-limits.ts matches them with the policies across the scan.

/**
 * What a retry limit applies to: an Istio host (as written, with the namespace of the
 * resource it is written in, when the file gives one) or an Envoy cluster by its name.
 */
export type LimitScope =
  | { readonly system: "istio"; readonly host: string; readonly namespace: string | null }
  | { readonly system: "envoy"; readonly cluster: string };

/**
 * How many retries may be in flight at once to a host or cluster: a fixed number
 * (Envoy's circuit breaker max_retries, Istio's connectionPool.http.maxRetries) or a
 * budget, a share of the active and pending requests with a floor (retry_budget).
 */
export type RetryLimitValue =
  | { readonly kind: "max-retries"; readonly value: number }
  | { readonly kind: "retry-budget"; readonly percent: number; readonly minRetryConcurrency: number; readonly interval: string | null };

/** Why a max_retries beside a retry budget caps nothing (envoyproxy/envoy api/envoy/config/cluster/v3/circuit_breaker.proto at 01c2c1fa, Thresholds.retry_budget). */
export const BUDGET_NOTE = "Envoy's retry_budget replaces max_retries when both are set";

/** A retry limit a file sets: who sets it ("DestinationRule reviews-cb", "cluster cart"), where, what it caps and on what. */
export interface FoundLimit {
  readonly system: "istio" | "envoy";
  readonly source: string;
  readonly offset: number;
  readonly limit: RetryLimitValue;
  readonly scope: LimitScope;
  /** Set when another limit beside it replaces it (a retry budget replaces max_retries): why. It governs nothing then. */
  readonly overridden?: string;
}

/** The cluster's DNS domain istiod appends to a short name (meta.Domain; cluster.local unless the mesh is set up otherwise). */
export const ISTIO_DOMAIN = "cluster.local";

/**
 * A host as istiod resolves it against the namespace of the resource it is written in
 * (istio/istio pilot/pkg/model/config.go ResolveShortnameToFQDN; istio/api
 * networking/v1alpha3/destination_rule.proto b8f8791d, lines 159-166: "Istio will
 * interpret the short name based on the namespace of the rule"): a name without a dot
 * ("reviews") becomes reviews.<namespace>.svc.cluster.local; one with a dot
 * ("reviews.prod", "*.prod.svc.cluster.local") and "*" stay as written. null when the
 * name is short and the file gives no namespace (kubectl applies it to the namespace of
 * the moment: unknown from the file).
 */
export function resolveIstioHost(host: string, namespace: string | null): string | null {
  if (host === "*" || host.includes(".") || /^[0-9a-f:]+$/i.test(host)) return host;
  return namespace === null ? null : `${host}.${namespace}.svc.${ISTIO_DOMAIN}`;
}

/**
 * Whether a DestinationRule's host covers a route's destination host. Both resolved:
 * equal, or the rule's a wildcard (`*.prod.svc.cluster.local`, `*`) the route's name ends
 * under (host.Name.Matches). When either is short without a namespace, two resources of
 * one file (applied together, into one namespace) still match by the service's name:
 * `reviews` and `reviews.bookinfo.svc.cluster.local` (the file would be applied into
 * bookinfo for it to apply); across files such a name matches nothing.
 */
export function istioHostsMatch(route: { host: string; namespace: string | null }, rule: { host: string; namespace: string | null }, sameFile: boolean): boolean {
  const r = resolveIstioHost(route.host, route.namespace);
  const l = resolveIstioHost(rule.host, rule.namespace);
  if (r !== null && l !== null) return r === l || l === "*" || (l.startsWith("*.") && r.endsWith(l.slice(1)));
  if (!sameFile) return false;
  const a = route.host;
  const b = rule.host;
  return a === b || a.split(".")[0] === b || b.split(".")[0] === a;
}
