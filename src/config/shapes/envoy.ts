import { protoDuration } from "../durations.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, forEachMap, get, getAny, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { decimalText, describeNode, durationValue, msText, timeoutValue, wholeNumber } from "../tree/values.js";
import { type LimitScope, BUDGET_NOTE } from "../tree/retry-limits.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { envoyConditions, isEnvoyCondition, retryOnWords } from "../tree/envoy-retry-on.js";

/**
 * Envoy's `retry_policy` wherever it appears: on a route's action, on a virtual host, in
 * a static bootstrap, an RDS response or a Gateway's config dump. Envoy reads its YAML and
 * JSON through Protocol Buffers' JSON mapping, so every field has a snake_case and a
 * lowerCamelCase spelling, numbers may be quoted, and durations are "0.025s" (or a
 * {seconds, nanos} map). A map counts as Envoy's when it holds one of num_retries,
 * retry_on, retry_back_off or per_try_timeout, and none of gRPC's service-config retry
 * fields (maxAttempts, initialBackoff), which share the name retryPolicy, and none inside
 * a Contour object (apiVersion projectcontour.io/*: an HTTPProxy route's retryPolicy has
 * `count` and a Go-style perTryTimeout, Contour's own shape).
 *
 * num_retries (default 1) becomes the retry count, retry_back_off.base_interval (25 ms)
 * and max_interval (10 × base) the back-off, and per_try_timeout the attempt time.
 *
 * A retry_policy on a route's action (a map that also names its cluster) is bounded by
 * that action's `timeout`, which "includes all retries": the deadline. Left out it is
 * 15 s; 0 disables it (api/envoy/config/route/v3/route_components.proto,
 * RouteAction.timeout, envoyproxy/envoy 0035e40b). A per_try_timeout left out leaves
 * each try bounded by the route timeout alone (RetryPolicy.per_try_timeout). A
 * retry_policy on a virtual host serves routes whose timeouts differ: no deadline is read.
 *
 * A retry_policy outside the routes is a config.core.v3.RetryPolicy: the calls a filter or
 * the bootstrap makes itself (ext_authz's http_service and grpc_service, ext_proc's
 * grpc_service, a JWKS fetch's remote_jwks, a Wasm or other remote data source, an
 * oauth2 filter's token endpoint). It is told by what it sits
 * beside (http_uri, server_uri, cluster_name, envoy_grpc/google_grpc, token_endpoint),
 * named by where it sits (the filter's name and the keys below it,
 * `envoy.filters.http.jwt_authn: providers.auth0.remote_jwks.retry_policy`), and read as
 * Envoy converts it (source/common/http/utility.cc convertCoreToRouteRetryPolicy,
 * envoyproxy/envoy v1.34): num_retries defaults to 1, and without retry_back_off the
 * back-off is 1 s to 10 s, not the route's 25 ms (base.proto RetryPolicy: "the default base
 * interval is 1000 milliseconds"); it has no per_try_timeout, and no route timeout bounds it.
 * The one beside envoy_grpc's cluster_name paces an xDS stream's reconnections, without end:
 * not checked, said so.
 */
export const envoy: ConfigShape = {
  system: "envoy",
  label: "Envoy",
  preset: "envoy",
  recognised: "Envoy retry_policy",
  levers: { cap: "retry_back_off.max_interval in the retry_policy", limits: ["num_retries in the retry_policy"], jitter: null },
  docs: {
    system: "Envoy",
    where: "`retry_policy` / `retryPolicy` wherever it appears",
    policy:
      "num_retries (default 1), retry_back_off (base 25 ms, max 10 × base when left out), per_try_timeout; preset `envoy`. Retry limits: the `circuit_breakers` of the cluster the route action names, in any file of the scan (its own file's first; the DEFAULT thresholds (`priority` left out, `DEFAULT` in any case, as Envoy reads enums, or 0), whatever the route's priority; `max_retries`, 3 when unset; `retry_budget` budget_percent 20, min_retry_concurrency 3 when unset, replacing max_retries), named beside the policy; a cluster's limits that govern no route found are listed on their own. Timeouts: the route action's `timeout` (deadline; 15 s when left out, none at `0s`), `per_try_timeout` (try time). " +
      "Outside a route (ext_authz's `http_service`/`grpc_service`, ext_proc, a JWKS fetch's `remote_jwks`, a Wasm module's `remote` source, oauth2) it is a `config.core.v3.RetryPolicy`, named by its filter and keys: without `retry_back_off` 1 s to 10 s, no per-try timeout, no deadline read; `envoy_grpc`'s (an xDS stream's reconnects, without end) is not computable: reported as not checked",
    conditions:
      "`retry_on` (Envoy's words: `5xx`, `gateway-error` = 502/503/504, `reset`, `connect-failure`, `retriable-4xx` = 409, `refused-stream`, `envoy-ratelimited`, `retriable-status-codes` with `retriable_status_codes`, `retriable-headers`, the gRPC ones); without it no condition, so no retry; outside a route, without `retry_on`, the filter's own default (decided by code). Budget: the route's cluster's `circuit_breakers` `retry_budget` (not `max_retries`)",
  },
  // POLICY_KEYS below; circuit_breakers for a file of clusters alone (their retry limits).
  words: { tree: /retry_policy|retryPolicy|circuit_breakers|circuitBreakers/ },
  documents: { read: recogniseEnvoy, onlyWithWords: true },
};

const POLICY_KEYS = ["retry_policy", "retryPolicy"];
const ENVOY_FIELDS = ["num_retries", "numRetries", "retry_on", "retryOn", "retry_back_off", "retryBackOff", "per_try_timeout", "perTryTimeout"];
const GRPC_FIELDS = ["maxAttempts", "initialBackoff", "maxBackoff", "backoffMultiplier"];
/** A RouteAction names where it sends the request (its cluster_specifier oneof). */
const ROUTE_ACTION_KEYS = [
  "cluster", "cluster_header", "clusterHeader", "weighted_clusters", "weightedClusters",
  "cluster_specifier_plugin", "clusterSpecifierPlugin", "inline_cluster_specifier_plugin", "inlineClusterSpecifierPlugin",
];
/** What a core RetryPolicy sits beside: RemoteJwks and RemoteDataSource (http_uri), ext_authz's HttpService (server_uri), GrpcService.EnvoyGrpc (cluster_name), GrpcService, OAuth2Config. */
const CORE_HOLDER_KEYS = [
  "http_uri", "httpUri", "server_uri", "serverUri", "cluster_name", "clusterName",
  "envoy_grpc", "envoyGrpc", "google_grpc", "googleGrpc", "token_endpoint", "tokenEndpoint",
];
/** convertCoreToRouteRetryPolicy's back-off without retry_back_off: default_base_interval_ms 1000, max 10 × that. */
const CORE_DEFAULT_BASE = "1s";
const CORE_DEFAULT_MAX = "10s";
/** GrpcService.EnvoyGrpc.retry_policy (grpc_service.proto, envoyproxy/envoy v1.34). */
const XDS_STREAM =
  "envoy_grpc's retry_policy only paces re-establishing an xDS gRPC stream, which Envoy does until it holds (\"Currently only supported for xDS gRPC streams\"; 500 ms to 30 s by default): no retry count to check";
/** Keys left out of a policy's place: the Any wrapper every extension's config sits in. */
const UNNAMED_KEYS = new Set(["typed_config", "typedConfig"]);
/** RouteAction.timeout when left out. */
const ENVOY_DEFAULT_ROUTE_TIMEOUT = "15s";

/** A protobuf field's two JSON spellings: its name and its lowerCamelCase. */
const spellings = (fields: readonly string[]): string[] => fields.flatMap((f) => [f, f.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())]);
/** What Envoy does without a retry field (the defaults in route_components.proto and base.proto). */
const WITHOUT: ReadonlyMap<string, string> = new Map([
  ["num_retries", "Envoy uses its default, 1 retry"],
  ["retry_on", "Envoy retries on no condition, so never"],
  ["per_try_timeout", "each try is bounded by the route's timeout alone"],
  ["retry_back_off", "Envoy's default back-off applies"],
  ["base_interval", "Envoy refuses a retry_back_off without base_interval"],
  ["max_interval", "the cap is 10 × base_interval"],
]);
const envoyTable = (where: string, fields: readonly string[]): KeyTable => ({
  system: "envoy",
  where,
  known: spellings(fields),
  instead: (meant) => {
    const field = meant === null ? null : meant.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return (field === null ? undefined : WITHOUT.get(field)) ?? "Envoy refuses the configuration (an unknown field)";
  },
});
/**
 * The fields of a route's RetryPolicy (api/envoy/config/route/v3/route_components.proto,
 * envoyproxy/envoy v1.34), of a config.core.v3.RetryPolicy (api/envoy/config/core/v3/base.proto)
 * and of RetryBackOff (base_interval, max_interval), each in both JSON spellings.
 */
const ROUTE_RETRY = envoyTable("an Envoy retry_policy", [
  "retry_on", "num_retries", "per_try_timeout", "per_try_idle_timeout", "retry_priority", "retry_host_predicate", "retry_options_predicates",
  "host_selection_retry_max_attempts", "retriable_status_codes", "retry_back_off", "rate_limited_retry_back_off", "retriable_headers", "retriable_request_headers",
]);
const CORE_RETRY = envoyTable("an Envoy retry_policy (config.core.v3.RetryPolicy)", ["retry_back_off", "num_retries", "retry_on", "retry_priority", "retry_host_predicate", "host_selection_retry_max_attempts"]);
const BACK_OFF = envoyTable("an Envoy retry_back_off", ["base_interval", "max_interval"]);

/** Every key of a retry policy, and of its retry_back_off, that Envoy does not define. */
function policyKeys(policy: MapNode, table: KeyTable, findings: Findings): void {
  retryObjectKeys(policy, table, findings);
  const backOff = getAny(policy, ["retry_back_off", "retryBackOff"]);
  if (backOff !== undefined && isMap(backOff.value)) retryObjectKeys(backOff.value, BACK_OFF, findings);
}

/** What makes a file worth reading for its clusters' retry limits alone. */
const BREAKER_WORDS = /circuit_breakers|circuitBreakers/;
const POLICY_WORDS = /retry_policy|retryPolicy/;

function recogniseEnvoy(root: Node, file: DocumentFile, findings: Findings): void {
  // The clusters' limits are reported whether or not a route of this file sends to them (a file of clusters alone, a CDS response).
  const breakers = BREAKER_WORDS.test(file.text) ? clusterBreakers(root, findings) : new Map<string, string>();
  if (!POLICY_WORDS.test(file.text) && !file.text.includes("\\")) return;
  const breakerOf = (action: MapNode | null): string => {
    const cluster = action === null ? undefined : text(action.entries.get("cluster")?.value);
    if (cluster === undefined) return "";
    return breakers.get(cluster) ?? "";
  };
  // An explicit walk (not forEachMap) to keep the names of the enclosing virtual host and route.
  const seen = new Set<Node>();
  // trail: the virtual hosts' and routes' names; owner: the nearest filter or extension
  // ({name, typed_config}); keys: the keys from it (or the root) down to the node.
  interface Step {
    readonly node: Node;
    readonly trail: readonly string[];
    readonly owner: string | null;
    readonly keys: readonly string[];
  }
  const stack: Step[] = [{ node: root, trail: [], owner: null, keys: [] }];
  while (stack.length > 0) {
    const { node, trail, owner: above, keys: path } = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (node.kind === "array") {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i]!, trail, owner: above, keys: [...path.slice(0, -1), `${path.at(-1) ?? ""}[${i}]`] });
      continue;
    }
    if (node.kind !== "object") continue;
    // A Contour object (HTTPProxy's retryPolicy: count, perTryTimeout "150ms") is Contour's, not Envoy's: shapes/contour.ts.
    if (text(node.entries.get("kind")?.value) === "HTTPProxy" || text(node.entries.get("apiVersion")?.value)?.startsWith("projectcontour.io/") === true) continue;
    const label = labelOf(node);
    const here = label === null ? trail : [...trail, label];
    const extension = extensionName(node);
    const owner = extension ?? above;
    const keys = extension === null ? path : [];
    const policy = getAny(node, POLICY_KEYS);
    if (policy !== undefined && isEnvoyPolicy(policy.value)) {
      const action = ROUTE_ACTION_KEYS.some((key) => node.entries.has(key));
      const core = !action && !node.entries.has("domains") && CORE_HOLDER_KEYS.some((key) => node.entries.has(key));
      if (core) {
        const place = [...keys, policy.key].join(".");
        const name = owner === null ? place : `${owner}: ${place}`;
        if (node.entries.has("cluster_name") || node.entries.has("clusterName")) findings.unresolved.push({ system: "envoy", name, offset: policy.keyPos, reason: XDS_STREAM });
        else corePolicy(policy.value as MapNode, name, policy.keyPos, findings);
      } else {
        const name = `${here.slice(-2).join(" / ") || policy.key}${breakerOf(action ? node : null)}`;
        const before = findings.policies.length;
        retryPolicy(policy.value as MapNode, name, policy.keyPos, findings, action ? node : null);
        // The clusters it sends to, for their circuit breakers in this file or another (config/tree/limit-matching.ts).
        const routes = action ? clustersOf(node) : [];
        const found = findings.policies[before];
        if (found !== undefined && routes.length > 0) findings.policies[before] = { ...found, routes };
      }
    }
    const children = [...node.entries];
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, entry] = children[i]!;
      stack.push({ node: entry.value, trail: here, owner, keys: UNNAMED_KEYS.has(key) ? keys : [...keys, key] });
    }
  }
}

/** A filter's or extension's name ({name, typed_config}: an HTTP filter, a listener filter, an access log, …); null for any other map. */
function extensionName(map: MapNode): string | null {
  const name = text(map.entries.get("name")?.value);
  return name !== undefined && (map.entries.has("typed_config") || map.entries.has("typedConfig")) ? name : null;
}

/**
 * A config.core.v3.RetryPolicy, as convertCoreToRouteRetryPolicy hands it to the router:
 * num_retries (default 1) and retry_back_off (base_interval required in it; without it
 * 1 s to 10 s). It has no per_try_timeout (Envoy refuses the field).
 */
function corePolicy(policy: MapNode, name: string, offset: number, findings: Findings): void {
  policyKeys(policy, CORE_RETRY, findings);
  findings.policy("envoy", name, offset, () => {
    const label = (key: string) => `${key} of retry_policy ${JSON.stringify(name)}`;
    const perTry = getAny(policy, ["per_try_timeout", "perTryTimeout"]);
    if (perTry !== undefined) throw new FileProblem(perTry.keyPos, `${label(perTry.key)}: a retry_policy outside a route (config.core.v3.RetryPolicy) has no per_try_timeout; Envoy refuses the field`);
    const { options, disabled } = retryFields(policy, label);
    if (getAny(policy, ["retry_back_off", "retryBackOff"]) === undefined) {
      options.base = CORE_DEFAULT_BASE;
      options.cap = CORE_DEFAULT_MAX;
    }
    return { options, disabled, conditions: coreRetryOn(policy, label) };
  });
}

/** num_retries and retry_back_off, which route and core policies share. */
function retryFields(policy: MapNode, label: (key: string) => string): { options: OptionValues; disabled: boolean } {
  const options: OptionValues = {};
  let disabled = false;
  const retries = getAny(policy, ["num_retries", "numRetries"]);
  if (retries !== undefined) {
    // google.protobuf.UInt32Value: a number, a quoted number, or (rarely) {value: N}.
    const value = isMap(retries.value) ? (getAny(retries.value, ["value"])?.value ?? retries.value) : retries.value;
    const count = wholeNumber(value, label(retries.key), { quoted: true, max: 4_294_967_295 });
    options.attempts = String(count);
    disabled = count === 0;
  }
  const backOff = getAny(policy, ["retry_back_off", "retryBackOff"]);
  if (backOff !== undefined) {
    if (!isMap(backOff.value)) throw new FileProblem(backOff.value.pos, `${label(backOff.key)} must be a map, got ${describeNode(backOff.value)}`);
    const base = getAny(backOff.value, ["base_interval", "baseInterval"]);
    if (base === undefined) throw new FileProblem(backOff.value.pos, `${label(backOff.key)} needs base_interval (Envoy requires it)`);
    options.base = duration(base.value, label(`${backOff.key}.${base.key}`));
    const max = getAny(backOff.value, ["max_interval", "maxInterval"]);
    if (max !== undefined) options.cap = duration(max.value, label(`${backOff.key}.${max.key}`));
  }
  return { options, disabled };
}

function isEnvoyPolicy(node: Node): boolean {
  if (!isMap(node)) return false;
  if (GRPC_FIELDS.some((key) => node.entries.has(key))) return false;
  return ENVOY_FIELDS.some((key) => node.entries.has(key));
}

/** A virtual host or route by its name; a nameless route by its match. */
function labelOf(map: MapNode): string | null {
  const name = text(map.entries.get("name")?.value);
  if (name !== undefined && (map.entries.has("domains") || map.entries.has("match") || map.entries.has("route") || map.entries.has("routes"))) return name;
  const match = map.entries.get("match")?.value;
  if (isMap(match)) {
    for (const key of ["prefix", "path", "safe_regex", "safeRegex", "path_separated_prefix", "pathSeparatedPrefix"]) {
      const value = match.entries.get(key)?.value;
      if (value !== undefined) return `${key} ${value.kind === "string" ? JSON.stringify(value.value) : "…"}`;
    }
  }
  return null;
}

function retryPolicy(policy: MapNode, name: string, offset: number, findings: Findings, action: MapNode | null): void {
  policyKeys(policy, ROUTE_RETRY, findings);
  findings.policy("envoy", name, offset, () => {
    const options: OptionValues = {};
    const timeouts: FoundTimeout[] = [];
    const label = (key: string) => `${key} of retry_policy ${JSON.stringify(name)}`;
    if (action !== null) {
      const timeout = getAny(action, ["timeout"]);
      if (timeout === undefined) {
        options.deadline = ENVOY_DEFAULT_ROUTE_TIMEOUT;
        timeouts.push({ role: "deadline", field: "Envoy's default route timeout (15 s)", offset: null });
      } else {
        const deadline = isMap(timeout.value) ? protoMs(timeout.value, `timeout of route ${JSON.stringify(name)}`) : timeoutValue(timeout.value, `timeout of route ${JSON.stringify(name)}`, protoDuration, 'a duration in seconds such as "15s"');
        if (deadline !== null) {
          options.deadline = deadline;
          timeouts.push({ role: "deadline", field: timeout.key, offset: timeout.keyPos });
        }
      }
    }
    const { options: fields, disabled } = retryFields(policy, label);
    // In the order the report lists them: the count, the try time, the back-off.
    if (fields.attempts !== undefined) options.attempts = fields.attempts;
    const perTry = getAny(policy, ["per_try_timeout", "perTryTimeout"]);
    if (perTry !== undefined) {
      options.attemptTime = duration(perTry.value, label(perTry.key));
      timeouts.push({ role: "attempt-time", field: perTry.key, offset: perTry.keyPos });
    }
    if (fields.base !== undefined) options.base = fields.base;
    if (fields.cap !== undefined) options.cap = fields.cap;
    return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: routeRetryOn(policy, label) };
  });
}

/** What the findings about a route's conditions tell the reader to edit. */
const ENVOY_LEVERS = {
  conditions: "retry_on in the retry_policy, such as connect-failure,refused-stream,retriable-status-codes with retriable_status_codes [502, 504]",
  budget: "circuit_breakers.thresholds[].retry_budget of the route's cluster",
};

/**
 * What a route's retry_policy retries on (route_components.proto RetryPolicy at 040783c8:
 * retry_on, "specifies the conditions under which retry takes place", the router's
 * x-envoy-retry-on and x-envoy-retry-grpc-on values; retriable_status_codes, retried under
 * retriable-status-codes): without retry_on, no condition, so no retry. A word Envoy does not
 * know is passed over by it, and said so. rate_limited_retry_back_off waits as the response's
 * reset headers (Retry-After, X-RateLimit-Reset) say.
 */
function routeRetryOn(policy: MapNode, label: (key: string) => string): RetryOn {
  const retryOn = getAny(policy, ["retry_on", "retryOn"]);
  const rateLimited = getAny(policy, ["rate_limited_retry_back_off", "rateLimitedRetryBackOff"]);
  const retryAfter = rateLimited === undefined ? {} : { retryAfter: `waits as the response's reset headers say (${rateLimited.key})` };
  if (retryOn === undefined || retryOn.value.kind === "null") return { words: [], from: "no retry_on", isDefault: true, conditions: [], levers: ENVOY_LEVERS, ...retryAfter };
  const value = text(retryOn.value);
  if (value === undefined) throw new FileProblem(retryOn.value.pos, `${label(retryOn.key)} must be a string of comma-separated conditions, got ${describeNode(retryOn.value)}`);
  const words = retryOnWords(value);
  const codesEntry = getAny(policy, ["retriable_status_codes", "retriableStatusCodes"]);
  const codes: number[] = [];
  if (codesEntry !== undefined) {
    if (!isSeq(codesEntry.value)) throw new FileProblem(codesEntry.value.pos, `${label(codesEntry.key)} must be a list of status codes, got ${describeNode(codesEntry.value)}`);
    for (const item of codesEntry.value.items) codes.push(wholeNumber(item, label(codesEntry.key), { quoted: true, max: 4_294_967_295 }));
  }
  const conditions: Condition[] = [];
  for (const word of words) {
    if (isEnvoyCondition(word)) conditions.push(...envoyConditions([word], codes));
    else conditions.push({ kind: "other", text: `${JSON.stringify(word)} (not an Envoy condition: passed over)` });
  }
  return { words: codesEntry === undefined ? words : [...words, `${codesEntry.key} [${codes.join(", ")}]`], from: retryOn.key, isDefault: false, conditions, levers: ENVOY_LEVERS, ...retryAfter };
}

/**
 * A config.core.v3.RetryPolicy's retry_on; left out, the filter that holds it decides (the
 * caller's default handed to convertCoreToRouteRetryPolicy: oauth2, jwt_authn's remote_jwks
 * and gcp_authn pass "5xx,gateway-error,connect-failure,reset"; others their own).
 */
function coreRetryOn(policy: MapNode, label: (key: string) => string): RetryOn {
  const retryOn = getAny(policy, ["retry_on", "retryOn"]);
  if (retryOn !== undefined && retryOn.value.kind !== "null") return { ...routeRetryOn(policy, label), levers: { conditions: `${retryOn.key} in the retry_policy`, budget: null } };
  return { words: [], from: "no retry_on: the filter's own default", isDefault: true, conditions: [{ kind: "code", why: "the filter's default retry_on" }], levers: { conditions: "retry_on in the retry_policy", budget: null } };
}

/** A {seconds, nanos} timeout as whole ms; null for zero (disabled). */
function protoMs(node: MapNode, label: string): string | null {
  const seconds = getAny(node, ["seconds"]);
  const nanos = getAny(node, ["nanos"]);
  const s = seconds === undefined ? 0 : wholeNumber(seconds.value, `${label}.seconds`, { quoted: true });
  const n = nanos === undefined ? 0 : wholeNumber(nanos.value, `${label}.nanos`, { quoted: true, max: 999_999_999 });
  if (n % 1_000_000 !== 0) throw new FileProblem(node.pos, `${label} has ${n} nanos: backoff checks timeouts in whole milliseconds (every start is one)`);
  const ms = s * 1000 + n / 1_000_000;
  return ms === 0 ? null : msText(ms);
}

/** A google.protobuf.Duration: "0.025s", or {seconds, nanos}. */
function duration(node: Node, label: string): string {
  if (isMap(node)) {
    const seconds = getAny(node, ["seconds"]);
    const nanos = getAny(node, ["nanos"]);
    const s = seconds === undefined ? 0 : wholeNumber(seconds.value, `${label}.seconds`, { quoted: true });
    const n = nanos === undefined ? 0 : wholeNumber(nanos.value, `${label}.nanos`, { quoted: true, max: 999_999_999 });
    const ms = Math.round((s * 1000 + n / 1e6) * 1e6) / 1e6;
    if (ms === 0) throw new FileProblem(node.pos, `${label} is zero; a retry delay must be greater than zero`);
    return msText(ms);
  }
  return durationValue(node, label, protoDuration, 'a duration in seconds such as "0.025s" or "2s"');
}

/**
 * The retry limits of the clusters a document defines (a map with a `name` and
 * `circuit_breakers`, as static_resources.clusters[] and CDS responses hold them), as the
 * name of a policy routed to the cluster (its route action's `cluster`) shows them: the
 * DEFAULT priority's threshold (envoyproxy/envoy api/envoy/config/cluster/v3/
 * circuit_breaker.proto: Thresholds.max_retries, 3 when unset; retry_budget
 * {budget_percent, 20 when unset; min_retry_concurrency, 3 when unset}, which replaces
 * max_retries once set). The chain command's budget model (core/chain/budgets/
 * envoy-breaker.ts, envoy-budget.ts) computes with the same fields; check names them
 * beside the policy. A cluster without circuit_breakers is not named (Envoy's default
 * max_retries 3 then applies).
 */
function clusterBreakers(root: Node, findings: Findings): Map<string, string> {
  const found = new Map<string, string>();
  forEachMap(root, (map) => {
    const name = text(map.entries.get("name")?.value);
    const breakers = getAny(map, ["circuit_breakers", "circuitBreakers"]);
    if (name === undefined || breakers === undefined) return;
    const thresholds = get(breakers.value, "thresholds");
    if (!isSeq(thresholds)) return;
    const threshold = thresholds.items.find((t) => isMap(t) && isDefaultPriority(get(t, "priority")));
    if (!isMap(threshold)) return;
    const label = `circuit_breakers of cluster ${JSON.stringify(name)}`;
    // UInt32Value and Percent: a number, a quoted one, or {value: N}.
    const unwrap = (node: Node): Node => (isMap(node) ? (getAny(node, ["value"])?.value ?? node) : node);
    const whole = (node: Node | undefined, key: string, fallback: number): number =>
      node === undefined ? fallback : wholeNumber(unwrap(node), `${key} of ${label}`, { quoted: true, max: 4_294_967_295 });
    const scope = { system: "envoy" as const, cluster: name };
    const source = `cluster ${name}`;
    const maxRetries = getAny(threshold, ["max_retries", "maxRetries"]);
    const max = whole(maxRetries?.value, "max_retries", 3);
    const budget = getAny(threshold, ["retry_budget", "retryBudget"]);
    if (budget !== undefined) {
      const percent = getAny(budget.value, ["budget_percent", "budgetPercent"]);
      const percentText = percent === undefined ? "20" : decimalText(unwrap(percent.value), `budget_percent of ${label}`, { quoted: true });
      const min = whole(getAny(budget.value, ["min_retry_concurrency", "minRetryConcurrency"])?.value, "min_retry_concurrency", 3);
      found.set(name, ` [cluster ${name}: retry_budget budget_percent ${percentText}, min_retry_concurrency ${min}]`);
      // A max_retries written beside the budget is replaced by it (circuit_breaker.proto: "the retry budget will override any configured retry circuit breaker").
      if (maxRetries !== undefined) findings.limits.push({ system: "envoy", source, offset: maxRetries.keyPos, limit: { kind: "max-retries", value: max }, scope, overridden: `overridden by the retry_budget beside it: ${BUDGET_NOTE}` });
      findings.limits.push({ system: "envoy", source, offset: budget.keyPos, limit: { kind: "retry-budget", percent: Number(percentText), minRetryConcurrency: min, interval: null }, scope });
    } else {
      found.set(name, ` [cluster ${name}: circuit breaker max_retries ${max}]`);
      findings.limits.push({ system: "envoy", source, offset: maxRetries?.keyPos ?? threshold.pos, limit: { kind: "max-retries", value: max }, scope });
    }
  });
  return found;
}

/**
 * Whether a threshold's `priority` is config.core.v3.RoutingPriority DEFAULT: left out, 0,
 * or the name in any case. Envoy reads its JSON and YAML with protobuf's
 * case_insensitive_enum_parsing (source/common/protobuf/yaml_utility.cc,
 * MessageUtil::loadFromJsonNoThrow, envoyproxy/envoy 0f485d8c), and an enum's number
 * stands for it in the JSON mapping: `default`, `Default` and 0 are DEFAULT, as `high`
 * and 1 are HIGH.
 */
function isDefaultPriority(node: Node | undefined): boolean {
  if (node === undefined || node.kind === "null") return true;
  if (node.kind === "string") return node.value.toUpperCase() === "DEFAULT";
  return node.kind === "number" && node.value === 0;
}

/** The clusters a route action sends to: `cluster`, or each of `weighted_clusters.clusters[].name`. */
function clustersOf(action: MapNode): LimitScope[] {
  const one = text(action.entries.get("cluster")?.value);
  if (one !== undefined) return [{ system: "envoy", cluster: one }];
  const weighted = get(getAny(action, ["weighted_clusters", "weightedClusters"])?.value, "clusters");
  if (!isSeq(weighted)) return [];
  return weighted.items.map((c) => text(get(c, "name"))).filter((c): c is string => c !== undefined).map((cluster) => ({ system: "envoy", cluster }));
}
