import { shown } from "../errors.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder } from "../tree/values.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";

/**
 * The retry and timeout annotations Linkerd's policy controller reads (Linkerd 2.16+,
 * "Configuring retries" and "Configuring timeouts": retry.linkerd.io/limit, /timeout,
 * /http, /grpc; timeout.linkerd.io/request, /response, /idle), and what it does without
 * each: an annotation under those prefixes that it does not read is passed over.
 */
const ANNOTATIONS: ReadonlyMap<string, string> = new Map([
  ["retry.linkerd.io/limit", "Linkerd uses its default, 1 retry"],
  ["retry.linkerd.io/timeout", "each try has no timeout of its own"],
  ["retry.linkerd.io/http", "HTTP retries keep the default conditions"],
  ["retry.linkerd.io/grpc", "gRPC retries keep the default conditions"],
  ["timeout.linkerd.io/request", "the request, retries included, has no timeout"],
  ["timeout.linkerd.io/response", "the response has no timeout"],
  ["timeout.linkerd.io/idle", "the stream has no idle timeout"],
]);
const ANNOTATION_TABLE: KeyTable = {
  system: "linkerd",
  where: "Linkerd's retry annotations",
  known: [...ANNOTATIONS.keys()],
  instead: (meant) => (meant === null ? "Linkerd does not read it" : (ANNOTATIONS.get(meant) ?? "Linkerd does not read it")),
};
const LINKERD_ANNOTATION = /^(?:retry|timeout)\.linkerd\.io\//;

/**
 * Linkerd 2.16+ retries: the `retry.linkerd.io/*` annotations of an HTTPRoute
 * (policy.linkerd.io or gateway.networking.k8s.io), a GRPCRoute, a Service or an
 * EgressNetwork, read as the policy controller reads them (linkerd2 edge-26.8.3 b24cd405,
 * policy-controller/k8s/index/src/outbound/index/http.rs parse_http_retry, grpc.rs
 * parse_grpc_retry, index.rs parse_duration and parse_timeouts):
 * - limit: a u16, "0" read as unset; timeout (each try): "0" read as unset; http: 5xx,
 *   gateway-error, a code or a range of codes from 100 to 599, split at commas (no spaces);
 *   grpc: cancelled, deadline-exceeded, internal, resource-exhausted, unavailable;
 * - with none of them left (all unset) there is no retry; else limit is 1 unless given;
 * - an HTTPRoute reads limit, timeout and http; a GRPCRoute limit, timeout and grpc; a
 *   Service or EgressNetwork all four (its HTTP and gRPC retries share limit and timeout);
 * - durations: whole numbers with ms, s, m, h or d ("0" alone is zero), no fractions;
 * - timeout.linkerd.io/request covers the request and its retries: the deadline.
 * An annotation value must be a string (Kubernetes refuses a number there).
 */
export const linkerd: ConfigShape = {
  system: "linkerd",
  label: "Linkerd retry annotations",
  preset: "linkerd",
  recognised: "Linkerd retry.linkerd.io annotations",
  levers: { cap: null, limits: ["the retry.linkerd.io/limit annotation"], jitter: null },
  docs: {
    system: "Linkerd (2.16+)",
    where: "`retry.linkerd.io/*` annotations on an `HTTPRoute`, `GRPCRoute`, `Service` or `EgressNetwork`",
    policy:
      "limit (1 when unset or `\"0\"`), timeout (try time), http / grpc conditions (an HTTPRoute reads http, a GRPCRoute grpc, a Service both), checked as the policy controller parses them; with every retry annotation unset (`\"0\"`) retries are off; the back-off is the controller's fixed 25–250 ms; preset `linkerd`. Timeouts: `timeout.linkerd.io/request` (deadline; a zero one is left to run time)",
    conditions:
      "`retry.linkerd.io/http` (`5xx`, `gateway-error`, codes, ranges such as `500-504`) and `retry.linkerd.io/grpc` (gRPC codes), with a try that ran out its `retry.linkerd.io/timeout`; without either, decided by code (the proxy's default). No budget: the annotations set none",
  },
  words: { tree: /retry\.linkerd\.io\// },
  documents: { read: recogniseAnnotations },
};

const RETRY_KEYS = { http: ["limit", "timeout", "http"], grpc: ["limit", "timeout", "grpc"], both: ["limit", "timeout", "http", "grpc"] } as const;

function kindKeys(kind: string, apiVersion: string): readonly string[] | null {
  if (kind === "HTTPRoute" && (apiVersion.startsWith("policy.linkerd.io/") || apiVersion.startsWith("gateway.networking.k8s.io/"))) return RETRY_KEYS.http;
  if (kind === "GRPCRoute" && apiVersion.startsWith("gateway.networking.k8s.io/")) return RETRY_KEYS.grpc;
  if (kind === "Service" && apiVersion === "v1") return RETRY_KEYS.both;
  if (kind === "EgressNetwork" && apiVersion.startsWith("policy.linkerd.io/")) return RETRY_KEYS.both;
  return null;
}

function recogniseAnnotations(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    const keys = kindKeys(manifest.kind, manifest.apiVersion);
    if (keys === null) continue;
    const annotations = get(get(manifest.node, "metadata"), "annotations");
    if (!isMap(annotations)) continue;
    retryObjectKeys({ ...annotations, entries: new Map([...annotations.entries].filter(([key]) => LINKERD_ANNOTATION.test(key))) }, ANNOTATION_TABLE, findings);
    const present = keys.map((key) => ({ key, entry: annotations.entries.get(`retry.linkerd.io/${key}`) })).filter((found) => found.entry !== undefined);
    if (present.length === 0) continue;
    const first = Math.min(...present.map((found) => found.entry!.keyPos));
    const name = `${manifest.name} (${manifest.kind})`;
    findings.policy("linkerd", name, first, () => readAnnotations(annotations, keys, name));
  }
}

function annotation(annotations: MapNode, key: string, name: string): { value: string; node: Node; keyPos: number } | undefined {
  const entry = annotations.entries.get(key);
  if (entry === undefined) return undefined;
  const label = `${key} of ${name}`;
  notPlaceholder(entry.value, label);
  if (entry.value.kind !== "string") throw new FileProblem(entry.value.pos, `${label} must be a string (Kubernetes annotations are strings: quote it), got ${describeNode(entry.value)}`);
  return { value: entry.value.value, node: entry.value, keyPos: entry.keyPos };
}

function readAnnotations(annotations: MapNode, keys: readonly string[], name: string) {
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const label = (key: string) => `retry.linkerd.io/${key} of ${name}`;
  let any = false;
  const limit = annotation(annotations, "retry.linkerd.io/limit", name);
  if (limit !== undefined) {
    // s.parse::<u16>(), then .filter(|v| *v != 0).
    if (!/^\+?\d+$/.test(limit.value) || Number(limit.value) > 65_535) {
      throw new FileProblem(limit.node.pos, `${label("limit")} must be a whole number from 0 to 65535 (the policy controller parses a u16), got ${shown(limit.value)}`);
    }
    const count = Number(limit.value);
    if (count > 0) {
      options.attempts = String(count);
      any = true;
    }
  }
  const timeout = annotation(annotations, "retry.linkerd.io/timeout", name);
  if (timeout !== undefined) {
    const ms = linkerdMs(timeout.value, timeout.node, label("timeout"));
    if (ms > 0) {
      options.attemptTime = msText(ms);
      timeouts.push({ role: "attempt-time", field: "retry.linkerd.io/timeout", offset: timeout.keyPos });
      any = true;
    }
  }
  const on: { http?: string; grpc?: string } = {};
  if (keys.includes("http")) {
    const http = annotation(annotations, "retry.linkerd.io/http", name);
    if (http !== undefined) {
      on.http = http.value;
      for (const condition of http.value.split(",")) {
        if (!httpCondition(condition)) throw new FileProblem(http.node.pos, `${label("http")} has ${shown(condition)}, which is no condition (5xx, gateway-error, a status code or a range such as 500-504, from 100 to 599, commas without spaces)`);
      }
      any = true;
    }
  }
  if (keys.includes("grpc")) {
    const grpc = annotation(annotations, "retry.linkerd.io/grpc", name);
    if (grpc !== undefined) {
      on.grpc = grpc.value;
      for (const condition of grpc.value.split(",")) {
        if (!GRPC_CONDITIONS.has(condition.toLowerCase())) throw new FileProblem(grpc.node.pos, `${label("grpc")} has ${shown(condition)}, which is no condition (cancelled, deadline-exceeded, internal, resource-exhausted, unavailable, commas without spaces)`);
      }
      any = true;
    }
  }
  const request = annotation(annotations, "timeout.linkerd.io/request", name);
  if (request !== undefined) {
    const ms = linkerdMs(request.value, request.node, `timeout.linkerd.io/request of ${name}`);
    if (ms === 0) throw new Placeholder(request.node.pos, `timeout.linkerd.io/request of ${name} is 0, which the proxy is handed as a zero request timeout; what it then does is known only at run time`);
    options.deadline = msText(ms);
    timeouts.unshift({ role: "deadline", field: "timeout.linkerd.io/request", offset: request.keyPos });
  }
  // Every retry annotation unset ("0"): parse_*_retry returns None, no retry.
  if (!any) return { options: { ...options, attempts: "0" }, disabled: true, ...(timeouts.length === 0 ? {} : { timeouts }) };
  return { options, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: retryConditions(on, options.attemptTime !== undefined) };
}

/** What a finding about a route's conditions tells the reader to edit (the 2.16+ annotations set no retry budget). */
const LINKERD_LEVERS = { conditions: "the retry.linkerd.io/http annotation, such as \"502,504\"", budget: null };

/**
 * What the annotations retry on, as parse_http_retry and parse_grpc_retry read them (linkerd2
 * edge-26.8.3 b24cd405, policy-controller/k8s/index/src/outbound/index/http.rs): http's 5xx is
 * 500–599, gateway-error 502–504, a code itself, a range its codes; grpc's words are gRPC codes.
 * A request that ran out its retry.linkerd.io/timeout is retried too ("timeouts and retries
 * compose", linkerd.io 2.16 retries-and-timeouts). Without http or grpc the policy controller
 * hands the proxy no conditions (None) and the proxy's own default decides: decided by code.
 */
function retryConditions(on: { http?: string; grpc?: string }, timeout: boolean): RetryOn {
  const conditions: Condition[] = [];
  const words: string[] = [];
  for (const cond of on.http?.split(",") ?? []) {
    words.push(cond);
    const lower = cond.toLowerCase();
    if (lower === "5xx") conditions.push({ kind: "5xx" });
    else if (lower === "gateway-error") conditions.push(...[502, 503, 504].map((c): Condition => ({ kind: "status", code: c })));
    else if (code(cond) !== null) conditions.push({ kind: "status", code: code(cond)! });
    else {
      const [low, high] = cond.split("-").map((part) => code(part)!) as [number, number];
      conditions.push(low === high ? { kind: "status", code: low } : low === 500 && high === 599 ? { kind: "5xx" } : { kind: "other", text: `${low}-${high}`, overload: [503, 429].some((c) => low <= c && c <= high) });
    }
  }
  for (const cond of on.grpc?.split(",") ?? []) {
    words.push(cond);
    conditions.push({ kind: "grpc", code: cond.toUpperCase().replace(/-/g, "_") });
  }
  if (timeout) conditions.push({ kind: "timeout" });
  const from = [...(on.http === undefined ? [] : ["retry.linkerd.io/http"]), ...(on.grpc === undefined ? [] : ["retry.linkerd.io/grpc"])].join(" and ");
  if (from === "") {
    conditions.unshift({ kind: "code", why: "the proxy's default conditions: no retry.linkerd.io/http or /grpc" });
    return { words: [], from: "no retry.linkerd.io/http or /grpc", isDefault: true, conditions, levers: LINKERD_LEVERS };
  }
  return { words, from, isDefault: false, conditions, levers: LINKERD_LEVERS };
}

const GRPC_CONDITIONS = new Set(["cancelled", "deadline-exceeded", "internal", "resource-exhausted", "unavailable"]);

/** to_code: a u32 from 100 to 599 (Rust's parse takes a leading +, nothing else but digits). */
function code(text: string): number | null {
  if (!/^\+?\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 100 && value < 600 ? value : null;
}

function httpCondition(condition: string): boolean {
  const lower = condition.toLowerCase();
  if (lower === "5xx" || lower === "gateway-error" || code(condition) !== null) return true;
  const dash = condition.indexOf("-");
  if (dash < 0) return false;
  const start = code(condition.slice(0, dash));
  const end = code(condition.slice(dash + 1));
  return start !== null && end !== null && start <= end;
}

/** index.rs parse_duration: trimmed; digits then ms, s, m, h or d; "0" alone is zero; no sign, no fraction. */
function linkerdMs(raw: string, node: Node, label: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(raw.trim());
  const units: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  if (match === null || (match[2] === undefined && Number(match[1]) !== 0)) {
    throw new FileProblem(node.pos, `${label} must be a duration such as "500ms" or "2s" (whole numbers of ms, s, m, h or d), got ${shown(raw)}`);
  }
  const ms = Number(match[1]) * (match[2] === undefined ? 0 : units[match[2]]!);
  if (!Number.isSafeInteger(ms)) throw new FileProblem(node.pos, `${label} is too large, got ${shown(raw)}`);
  return ms;
}
