import type { PolicyPlace } from "../../core/check-report/location.js";
import type { LimitReport } from "../../core/check-report/retry-limit.js";
import type { LocatedLimit } from "../recognise.js";
import { shapeOf } from "../shapes/index.js";
import { type LimitScope, istioHostsMatch, resolveIstioHost } from "./retry-limits.js";

/**
 * The retry limits of a scan (Envoy clusters' circuit breakers and retry budgets, Istio
 * DestinationRules' connectionPool.http.maxRetries and retryBudget) matched with the
 * policies they govern, once every file is read (the per-file workers know one file
 * each): an Envoy route action's `cluster` names a cluster by its `name`, an Istio
 * route's destination host a DestinationRule's `spec.host` (istioHostsMatch: Istio's
 * short names against the resource's namespace).
 *
 * One owner (a DestinationRule, a cluster) governs a destination, as in the systems: the
 * one in the policy's own file first (a bootstrap, or resources applied together), else,
 * for Istio, an exact host before a wildcard, else the first in the order the files were
 * read (Istio takes the oldest DestinationRule, Envoy one cluster per name: which that is
 * the files do not say). A limit another replaces (max_retries beside a retry budget)
 * governs nothing.
 */
export interface LimitTarget {
  readonly file: string;
  readonly routes: readonly LimitScope[];
}

/** A located limit as the reports show it: what it caps, in words and fields. */
export function limitReport(limit: LocatedLimit): LimitReport {
  const scope = limit.scope;
  const where = scope.system === "istio" ? { host: resolveIstioHost(scope.host, scope.namespace) ?? scope.host } : { cluster: scope.cluster };
  const to = "host" in where ? where.host : `cluster ${where.cluster}`;
  const base = { file: limit.file, line: limit.line, column: limit.column, system: limit.system, systemLabel: shapeOf(limit.system).docs.system, source: limit.source, ...where };
  const overridden = limit.overridden === undefined ? {} : { overridden: limit.overridden };
  if (limit.limit.kind === "max-retries") {
    const n = limit.limit.value;
    return { ...base, kind: "max-retries", value: n, text: `at most ${n} concurrent ${n === 1 ? "retry" : "retries"} to ${to}`, ...overridden };
  }
  const { percent, minRetryConcurrency, interval } = limit.limit;
  const counted = interval === null ? "" : ` (requests of the last ${interval} counted)`;
  return {
    ...base,
    kind: "retry-budget",
    percent,
    minRetryConcurrency,
    ...(interval === null ? {} : { interval }),
    text: `retries to ${to} ≤ ${percent}% of active and pending requests${counted}, at least ${minRetryConcurrency} concurrent`,
    ...overridden,
  };
}

/** An owner of limits: a DestinationRule or a cluster, in one file. */
interface Owner {
  readonly file: string;
  readonly scope: LimitScope;
  readonly limits: number[];
  readonly order: number;
}

/**
 * For each target, the indices (into `limits`) of the limits that govern it; an empty
 * list for a target no limit governs.
 */
export function matchLimits(limits: readonly LocatedLimit[], targets: readonly LimitTarget[]): number[][] {
  const owners = new Map<string, Owner>();
  limits.forEach((limit, index) => {
    if (limit.overridden !== undefined) return;
    const key = `${limit.file}\u0000${limit.system}\u0000${limit.source}\u0000${JSON.stringify(limit.scope)}`;
    let owner = owners.get(key);
    if (owner === undefined) {
      owner = { file: limit.file, scope: limit.scope, limits: [], order: owners.size };
      owners.set(key, owner);
    }
    owner.limits.push(index);
  });
  const byCluster = new Map<string, Owner[]>();
  const byHost = new Map<string, Owner[]>();
  const istioOthers: Owner[] = [];
  const istioByFile = new Map<string, Owner[]>();
  for (const owner of owners.values()) {
    const scope = owner.scope;
    if (scope.system === "envoy") push(byCluster, scope.cluster, owner);
    else {
      push(istioByFile, owner.file, owner);
      const host = resolveIstioHost(scope.host, scope.namespace);
      if (host !== null && !host.startsWith("*")) push(byHost, host, owner);
      else istioOthers.push(owner);
    }
  }
  return targets.map((target) => {
    const found = new Set<number>();
    for (const route of target.routes) {
      const owner = route.system === "envoy" ? pick(byCluster.get(route.cluster) ?? [], target.file) : istioOwner(route, target.file, byHost, istioOthers, istioByFile.get(target.file) ?? []);
      if (owner !== undefined) for (const index of owner.limits) found.add(index);
    }
    return [...found].sort((a, b) => a - b);
  });
}

function push(map: Map<string, Owner[]>, key: string, owner: Owner): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [owner]);
  else list.push(owner);
}

/** The owner in the target's own file, else the first read. */
function pick(candidates: readonly Owner[], file: string): Owner | undefined {
  return candidates.find((o) => o.file === file) ?? candidates[0];
}

function istioOwner(route: Extract<LimitScope, { system: "istio" }>, file: string, byHost: ReadonlyMap<string, Owner[]>, others: readonly Owner[], ownFile: readonly Owner[]): Owner | undefined {
  const host = resolveIstioHost(route.host, route.namespace);
  const exact = host === null ? [] : (byHost.get(host) ?? []);
  const rule = (o: Owner) => o.scope as Extract<LimitScope, { system: "istio" }>;
  const matches = (o: Owner) => istioHostsMatch(route, rule(o), o.file === file);
  // Same file first (any match, by Istio's rules or by the service's name), then an exact host, then the most specific wildcard.
  const sameFile = ownFile.find(matches);
  if (sameFile !== undefined) return sameFile;
  // A route host that resolves could also be written short in a rule of another file: those stay unmatched (no namespace, no name).
  if (exact.length > 0) return exact[0];
  const wildcards = others.filter((o) => o.file !== file && matches(o)).sort((a, b) => rule(b).host.length - rule(a).host.length || a.order - b.order);
  return wildcards[0];
}

/** The governed policies of each limit, for the top-level list: index of limit → places. */
export function governed(limits: readonly LocatedLimit[], targets: readonly (LimitTarget & PolicyPlace)[], matches: readonly number[][]): PolicyPlace[][] {
  const out: PolicyPlace[][] = limits.map(() => []);
  matches.forEach((indices, t) => {
    const { file, line, column, system, name } = targets[t]!;
    for (const i of indices) out[i]!.push({ file, line, column, system, name });
  });
  return out;
}
