import { parseDecimalText } from "../core/decimal.js";
import { shown } from "./errors.js";
import type { OptionValues } from "./option-values.js";
import type { JsonNode } from "./read/json.js";

/**
 * What the recognisers work on and what they return. A parsed document is the JSON
 * reader's tree (read/json.ts), whatever the file's syntax: YAML is converted into it
 * (read/yaml.ts), so one set of recognisers serves JSON and YAML alike. Every node keeps
 * the offset of its first character in the file's text; offsets become line:column only
 * for what is reported. Nothing here reads files or touches the process object.
 */
export type Node = JsonNode;
export type MapNode = Extract<JsonNode, { kind: "object" }>;
export type SeqNode = Extract<JsonNode, { kind: "array" }>;

/** One policy a recogniser found: where it is, whose it is (a system of the shape registry), the option values it stands for. */
export interface FoundPolicy {
  readonly system: string;
  readonly name: string;
  /** Offset in the file's text of the block the policy came from. */
  readonly offset: number;
  /**
   * The values, as the flags take them (base, cap, factor, attempts, jitter, maxElapsed;
   * attemptTime for a per-try timeout; own configs also carry their limits and clients).
   * Only what the file says: the preset's own defaults fill in the rest (the preset is the
   * system's, shapes/index.ts).
   */
  readonly options: OptionValues;
  /** Retries switched off in the file (0 retries): listed, nothing to check. */
  readonly disabled?: boolean;
  /**
   * Set when the system makes no wait between its tries whatever its preset's formula says
   * (an Argo retryStrategy without backoff, or without limit): every delay is 0, and `why`
   * says so in the report.
   */
  readonly atOnce?: { readonly why: string };
  /**
   * Set when code the file names decides the waits (a resilience4j intervalBiFunction
   * class): no wait is computable from the file, only the count is checked; `why` names
   * the code and the key ("waits decided by com.example.Backoff (….intervalBiFunction)").
   */
  readonly waitsFrom?: { readonly why: string };
  /** The system retries without a count limit: no total is bounded (any --max-total fails). */
  readonly forever?: boolean;
  /**
   * Where the timeouts among the options come from (options.attemptTime, options.deadline):
   * the field that sets each and its offset, or null for the system's default left in place.
   */
  readonly timeouts?: readonly FoundTimeout[];
  /**
   * Where the policy sends its retries, for the retry limits that govern it (a
   * DestinationRule's, a cluster's circuit breakers): an Istio route's destination hosts, an
   * Envoy route action's cluster. Matched once every file is read (cli/check/retry-limits.ts).
   */
  readonly routes?: readonly LimitScope[];
}

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

/** A timeout beside a policy: the try time (a per-try timeout) or the deadline (an overall timeout). */
export interface FoundTimeout {
  readonly role: "attempt-time" | "deadline";
  /** The field as the file spells it ("timeout"), or the default's name ("Envoy's default route timeout"). */
  readonly field: string;
  /** Offset of the field's key in the file's text; null for a default. */
  readonly offset: number | null;
}

/** A policy whose values cannot be known from the file alone (a placeholder such as ${RETRIES}). */
export interface UnresolvedPolicy {
  readonly system: string;
  readonly name: string;
  readonly offset: number;
  readonly reason: string;
}

/**
 * A policy whose values are wrong (a type error, a value out of range, `MaxAttempts:
 * "three"`): a finding at its place (rule invalid-policy, exit 1), never the end of a scan.
 */
export interface InvalidPolicy {
  readonly system: string;
  readonly name: string;
  readonly offset: number;
  readonly reason: string;
}

/** A value the file gets wrong: the policy it belongs to becomes an InvalidPolicy at the value's place. */
export class FileProblem extends Error {
  override readonly name = "FileProblem";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** A value that is a template placeholder: the policy is skipped, naming why. */
export class Placeholder extends Error {
  override readonly name = "Placeholder";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the recognisers put what they find. */
export class Findings {
  readonly policies: FoundPolicy[] = [];
  readonly unresolved: UnresolvedPolicy[] = [];
  readonly invalid: InvalidPolicy[] = [];
  /** Retry limits (circuit breakers, retry budgets): not policies, reported with the policies they govern. */
  readonly limits: FoundLimit[] = [];

  /**
   * Runs `read` for one policy: a placeholder among its values makes it unresolved, a
   * FileProblem invalid (the file's other policies are read on).
   */
  policy(system: string, name: string, offset: number, read: () => Omit<FoundPolicy, "system" | "name" | "offset">): void {
    try {
      this.policies.push({ system, name, offset, ...read() });
    } catch (error) {
      if (error instanceof Placeholder) this.unresolved.push({ system, name, offset: error.offset, reason: error.message });
      else if (error instanceof FileProblem) this.invalid.push({ system, name, offset: error.offset, reason: error.message });
      else throw error;
    }
  }

  /** How many policies, unresolved and invalid ones included, have been reported so far. */
  get count(): number {
    return this.policies.length + this.unresolved.length + this.invalid.length;
  }
}

// ---- reading nodes -------------------------------------------------------------------

export function isMap(node: Node | undefined): node is MapNode {
  return node !== undefined && node.kind === "object";
}

export function isSeq(node: Node | undefined): node is SeqNode {
  return node !== undefined && node.kind === "array";
}

/** The value under a key of a map (undefined when absent or when the node is no map). */
export function get(node: Node | undefined, key: string): Node | undefined {
  return isMap(node) ? node.entries.get(key)?.value : undefined;
}

/** The first of several spellings that is present (snake_case and camelCase of a protobuf field). */
export function getAny(node: Node | undefined, keys: readonly string[]): { key: string; value: Node; keyPos: number } | undefined {
  if (!isMap(node)) return undefined;
  for (const key of keys) {
    const entry = node.entries.get(key);
    if (entry !== undefined) return { key, value: entry.value, keyPos: entry.keyPos };
  }
  return undefined;
}

/** The offset of a key in a map (for "the block it came from"), else the map's own. */
export function keyOffset(node: MapNode, key: string): number {
  return node.entries.get(key)?.keyPos ?? node.pos;
}

export function text(node: Node | undefined): string | undefined {
  return node !== undefined && node.kind === "string" ? node.value : undefined;
}

/** How the two vocabularies name a collection: YAML's (the recognisers') and JSON's (backoff's own config). */
const COLLECTIONS = { map: { object: "a map", array: "a list" }, object: { object: "an object", array: "an array" } } as const;

/**
 * A value as a message shows it: a string quoted, a number by its own digits, true,
 * false or null; a collection as "a map" and "a list", or with `collections: "object"`
 * as "an object" and "an array" (backoff's own config speaks JSON's words).
 */
export function describeNode(node: Node, collections: keyof typeof COLLECTIONS = "map"): string {
  switch (node.kind) {
    case "string":
      return `the string ${shown(node.value)}`;
    case "number":
      return node.source;
    case "boolean":
      return String(node.value);
    case "null":
      return "null";
    case "object":
    case "array":
      return COLLECTIONS[collections][node.kind];
  }
}

const PLACEHOLDER = /\$\{|\{\{|\{%|<%/;

/** Refuses a placeholder (${…}, {{ … }}, {% … %}, <% … %>): its value is known only where it is rendered. */
export function notPlaceholder(node: Node, label: string): void {
  if (node.kind === "string" && PLACEHOLDER.test(node.value)) {
    throw new Placeholder(node.pos, `${label} is a placeholder, ${shown(node.value)}; its value is known only where it is rendered`);
  }
}

/** A scalar as the text a flag would take: a number's own digits, a string's value. */
export function scalarText(node: Node, label: string, expected: string): string {
  notPlaceholder(node, label);
  if (node.kind === "number") return node.source;
  if (node.kind === "string") return node.value;
  throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
}

/**
 * A whole number ≥ 0 given as a number (or, with `quoted`, as a string of digits, as
 * Kubernetes' IntOrString and proto3 JSON allow).
 */
export function wholeNumber(node: Node, label: string, options: { quoted?: boolean; max?: number } = {}): number {
  notPlaceholder(node, label);
  const digits = node.kind === "number" ? node.source : node.kind === "string" && options.quoted ? node.value.trim() : null;
  if (digits === null || !/^\d+$/.test(digits)) {
    throw new FileProblem(node.pos, `${label} must be a whole number${options.quoted ? " (or one in quotes)" : ""}, got ${describeNode(node)}`);
  }
  const value = Number(digits);
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(value) || value > max) throw new FileProblem(node.pos, `${label} must be at most ${max}, got ${digits}`);
  return value;
}

/** A plain decimal number (no exponent, hex or infinity), as its digits. */
export function decimalText(node: Node, label: string, options: { quoted?: boolean } = {}): string {
  notPlaceholder(node, label);
  const digits = node.kind === "number" ? node.source : node.kind === "string" && options.quoted ? node.value.trim() : null;
  if (digits === null || parseDecimalText(digits) === null) {
    throw new FileProblem(node.pos, `${label} must be a number such as 2 or 1.5, got ${describeNode(node)}`);
  }
  return digits;
}

/**
 * Every map of a tree, each once, depth first in document order. A node shared through
 * YAML aliases is visited once, so an alias bomb costs what its text costs.
 * `visit` returns false to keep out of a map's children (a recogniser that took the whole
 * subtree).
 */
export function forEachMap(root: Node, visit: (map: MapNode) => boolean | void): void {
  const seen = new Set<Node>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (node.kind === "object") {
      if (visit(node) === false) continue;
      const children = [...node.entries.values()];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!.value);
    } else if (node.kind === "array") {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
    }
  }
}

/** Milliseconds as a flag's duration text: whole seconds as "3s", else "250ms". */
export function msText(ms: number): string {
  return ms % 1000 === 0 && ms > 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/**
 * A duration in a system's own notation (a string, or a number when the system takes
 * one, such as Argo's seconds), as a flag's text. Zero and anything the system would
 * refuse are problems: every delay the presets compute from is positive.
 */
export function durationValue(node: Node, label: string, parse: (text: string) => number | null, expected: string): string {
  notPlaceholder(node, label);
  const raw = node.kind === "string" ? node.value : node.kind === "number" ? node.source : null;
  const parsed = raw === null ? null : parse(raw);
  // Nanoseconds are the finest unit any of these systems has; this drops binary noise ("1.1s" × 1000).
  const ms = parsed === null ? null : Math.round(parsed * 1e6) / 1e6;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
  if (ms === 0) throw new FileProblem(node.pos, `${label} is zero; a retry delay must be greater than zero`);
  return msText(ms);
}

/**
 * A timeout in a system's own notation, as a flag's text: the try time or the deadline of
 * the deadline model, so whole milliseconds; null for zero, which these systems read as
 * "no timeout" (Envoy's route timeout 0s, Kubernetes leaves a Job unbounded without one).
 */
export function timeoutValue(node: Node, label: string, parse: (text: string) => number | null, expected: string): string | null {
  notPlaceholder(node, label);
  const raw = node.kind === "string" ? node.value : node.kind === "number" ? node.source : null;
  const parsed = raw === null ? null : parse(raw);
  const ms = parsed === null ? null : Math.round(parsed * 1e6) / 1e6;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${expected}, got ${describeNode(node)}`);
  if (ms === 0) return null;
  if (!Number.isSafeInteger(ms)) throw new FileProblem(node.pos, `${label} is ${raw}: backoff checks timeouts in whole milliseconds (every start is one)`);
  return msText(ms);
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
