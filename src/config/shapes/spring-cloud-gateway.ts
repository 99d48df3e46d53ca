import { shown } from "../errors.js";
import { springDuration } from "../durations.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, norm, profileSuffix, springUnknownKeys } from "../spring-boot.js";
import type { KeyTable } from "../tree/unknown-keys.js";
import type { Node } from "../tree/walk.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS, SPRING_CLOUD_GATEWAY_DEFAULT_METHODS, SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON, SPRING_CLOUD_GATEWAY_DEFAULT_SERIES } from "../../core/conditions/defaults/spring-cloud-gateway.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder } from "../tree/values.js";

/**
 * Spring Cloud Gateway's `Retry` filter (server-webflux, v5.0.3 and main at 5227205c,
 * 2026-08; 4.1.7+ alike but for the prefix), in Spring Boot's properties, YAML or
 * .properties, profiles applied: each route's `filters` (`spring.cloud.gateway.routes[]`,
 * 4.3+ also `spring.cloud.gateway.server.webflux.routes[]`) and the `default-filters`
 * every route gets. A filter is the shortcut `Retry=3,INTERNAL_SERVER_ERROR,GET,10ms,…`
 * (FilterDefinition splits at "=", tokenizeToStringArray at "," dropping empty values;
 * RetryGatewayFilterFactory.shortcutFieldOrder names them) or `name: Retry` with `args`
 * (Spring's relaxed binding into RetryConfig). The name is matched exactly, as the
 * gateway's factory map is. RetryConfig.validate refuses retries < 1; Backoff.exponential
 * refuses firstBackoff ≤ 0 and maxBackoff < firstBackoff; a factor that is no int does
 * not bind. Without `backoff` every retry is made at once.
 */
export const springCloudGateway: ConfigShape = {
  system: "spring-cloud-gateway",
  label: "Spring Cloud Gateway",
  preset: "spring-gateway",
  recognised: "Spring Cloud Gateway Retry filters (application*.yml/.properties)",
  levers: { cap: "args.backoff.maxBackoff of the Retry filter", limits: ["args.retries of the Retry filter", "args.timeout of the Retry filter"], jitter: "args.jitter.randomFactor of the Retry filter" },
  docs: {
    system: "Spring Cloud Gateway",
    where: "`spring.cloud.gateway.routes[].filters`, `spring.cloud.gateway.default-filters` (and `spring.cloud.gateway.server.webflux.*`, 4.3+) in YAML or `.properties`",
    policy:
      "each `Retry` filter, the shortcut (`Retry=3,INTERNAL_SERVER_ERROR,GET,10ms,50ms,2,false`, positional, empty values dropped) or `name: Retry` with `args`: `retries` (default 3, at least 1), `backoff.firstBackoff` (default 5 ms), `maxBackoff`, `factor` (an int, default 2; 0 waits `firstBackoff` every time, as 1 does), `basedOnPreviousValue`, `jitter.randomFactor`, `timeout` (the last retry whose wait ends within it); without `backoff` every retry is made at once; jitter with `basedOnPreviousValue` true (the default) makes each wait factor × the last jittered one (reactor-extra `Backoff.exponential`): reported as not computable, with `false` each wait is jittered on its own and checked; Spring durations (`10ms`, `PT1S`, bare ms); profiles; an arg RetryConfig (or its backoff or jitter) does not define (`retires`, `backoff.maxBackof`) is an unknown key, named with the arg meant; preset `spring-gateway`. Timeouts: the route's `metadata.response-timeout` (ms; negative: none), else `httpclient.response-timeout` (try time: NettyRoutingFilter's timeout on each call)",
    conditions:
      "a response whose status is in `statuses` (HttpStatus names) or whose series is in `series` (default `SERVER_ERROR`, every 5xx, kept beside `statuses` unless `series` is set empty), an error that is (or is caused by) one of `exceptions` (default `IOException`, `TimeoutException`), each only for `methods` (default `GET`); every element of a list (a YAML list or comma-separated); the shortcut sets one status and one method; all three empty, or no method, is invalid (RetryConfig.validate). No budget",
  },
  words: { tree: /gateway/, properties: /gateway/, template: /\bRetry\b|\bretries\b/ },
  spring: { roots: [["spring", "cloud", "gateway"]], read: gatewayPolicies },
};

/** RetryGatewayFilterFactory.shortcutFieldOrder. */
const SHORTCUT = ["retries", "statuses", "methods", "backoff.firstBackoff", "backoff.maxBackoff", "backoff.factor", "backoff.basedOnPreviousValue", "jitter.randomFactor", "timeout"];

/** One filter of a route (or of the default filters): its entries, and where it sits. */
interface Filter {
  readonly label: string;
  /** The properties' prefix it was found under (spring.cloud.gateway, or its server.webflux form): its httpclient's. */
  readonly prefix: string;
  readonly route: string | null;
  readonly entries: FlatEntry[];
  /** The shortcut text, when the filter is one string. */
  shortcut: FlatEntry | null;
  name: FlatEntry | null;
  /** args by normalised dotted key (backoff.firstbackoff): every entry of a list-valued arg (statuses[0], statuses[1]). */
  readonly args: Map<string, FlatEntry[]>;
  /** The index of `args` among its entries' elements (null: no args). */
  argsAt: number | null;
}

/** A list index as either view writes it: YAML's "[0]", .properties' "0". */
function index(element: string | undefined): string | null {
  if (element === undefined) return null;
  const match = /^\[?(\d+)\]?$/.exec(element);
  return match === null ? null : match[1]!;
}

function gatewayPolicies(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  const filters = new Map<string, Filter>();
  const routeIds = new Map<string, string>();
  // The response timeouts: each prefix's httpclient.response-timeout, each route's metadata.response-timeout.
  const clientTimeouts = new Map<string, FlatEntry>();
  const routeTimeouts = new Map<string, FlatEntry>();
  for (const entry of entries) {
    const n = entry.elements.map(norm);
    if (n[0] !== "spring" || n[1] !== "cloud" || n[2] !== "gateway") continue;
    const base = n[3] === "server" && n[4] === "webflux" ? 5 : 3;
    const prefix = base === 5 ? "spring.cloud.gateway.server.webflux" : "spring.cloud.gateway";
    let key: string;
    let at: number;
    let route: string | null = null;
    let label: string;
    if (n[base] === "httpclient" && n[base + 1] === "responsetimeout" && n.length === base + 2) clientTimeouts.set(prefix, entry);
    if (n[base] === "routes" && index(n[base + 1]) !== null) {
      const r = index(n[base + 1])!;
      route = `${prefix}.routes[${r}]`;
      if (n[base + 2] === "id" && n.length === base + 3 && entry.value.kind === "string") routeIds.set(route, entry.value.value);
      // metadata is a Map: its keys are bound as written, and RouteMetadataUtils asks for "response-timeout".
      if (n[base + 2] === "metadata" && entry.elements[base + 3] === "response-timeout" && n.length === base + 4) routeTimeouts.set(route, entry);
      if (n[base + 2] !== "filters" || index(n[base + 3]) === null) continue;
      const f = index(n[base + 3])!;
      key = `${route}.filters[${f}]`;
      label = `filters[${f}]`;
      at = base + 4;
    } else if (n[base] === "defaultfilters" && index(n[base + 1]) !== null) {
      const f = index(n[base + 1])!;
      key = `${prefix}.default-filters[${f}]`;
      label = `default-filters[${f}]`;
      at = base + 2;
    } else continue;
    let filter = filters.get(key);
    if (filter === undefined) {
      filter = { label, prefix, route, entries: [], shortcut: null, name: null, args: new Map(), argsAt: null };
      filters.set(key, filter);
    }
    filter.entries.push(entry);
    const rest = n.slice(at);
    if (rest.length === 0) filter.shortcut = entry;
    else if (rest.length === 1 && rest[0] === "name") filter.name = entry;
    else if (rest[0] === "args" && rest.length > 1) {
      filter.argsAt = at;
      // A list under args (statuses[0], statuses[1]) keeps every element; a whole value or a list's first
      // element starts the list again (a profile's list replaces the one it overrides, as Spring binds lists).
      const argKey = rest.slice(1).filter((element) => index(element) === null).join(".");
      const listIndex = index(rest[rest.length - 1]);
      const known = filter.args.get(argKey);
      if (known === undefined) filter.args.set(argKey, [entry]);
      else if (LIST_ARGS.has(argKey) && (listIndex === null || listIndex === "0")) filter.args.set(argKey, [entry]);
      else known.push(entry);
    }
  }
  for (const [key, filter] of filters) {
    const shortcut = filter.shortcut !== null && filter.shortcut.value.kind === "string" ? filter.shortcut.value.value : null;
    const shortcutName = shortcut === null ? null : (shortcut.includes("=") ? shortcut.slice(0, shortcut.indexOf("=")) : shortcut).trim();
    const name = shortcutName ?? (filter.name !== null && filter.name.value.kind === "string" ? filter.name.value.value.trim() : null);
    if (name !== "Retry") continue;
    // An arg RetryConfig does not define is a finding of its own (rule unknown-key); the filter is read without it.
    if (shortcut === null && filter.argsAt !== null) argKeys(filter.entries, filter.argsAt, place, findings);
    const at = place(filter.entries);
    if (at === null) continue;
    const owner = filter.route === null ? key.slice(0, key.lastIndexOf(".")) : (routeIds.get(filter.route) ?? filter.route);
    const policyName = `${owner} (${filter.label})${profileSuffix(profile)}`;
    // The filter's own element: the list item (YAML) or the key (.properties) that opens it; in a profile, what the profile sets.
    const first = filter.entries[0]!;
    const offset = profile === null ? (first.keyOffsets[lastIndexPosition(first)] ?? first.value.pos) : (at.keyOffsets[at.keyOffsets.length - 1] ?? at.value.pos);
    findings.policy("spring-cloud-gateway", policyName, offset, () => {
      const args = shortcut !== null ? shortcutArgs(filter.shortcut!) : new Map([...filter.args].map(([k, es]) => [k, { node: es[0]!.value, label: argLabel(es[0]!) }]));
      const lists = shortcut !== null ? new Map([...args].filter(([k]) => LIST_ARGS.has(k)).map(([k, arg]) => [k, [arg]])) : new Map([...filter.args].filter(([k]) => LIST_ARGS.has(k)).map(([k, es]) => [k, es.map((e) => ({ node: e.value, label: argLabel(e) }))]));
      const retry = readRetry(args, policyName);
      const timeout = responseTimeout(filter.route === null ? undefined : routeTimeouts.get(filter.route), clientTimeouts.get(filter.prefix), filter.prefix);
      const timed = timeout === null ? {} : { options: { ...retry.options, attemptTime: msText(timeout.ms) }, timeouts: [...(retry.timeouts ?? []), timeout.found] };
      return { ...retry, ...timed, conditions: retryOn(lists, shortcut !== null, policyName) };
    });
  }
}

/**
 * RetryConfig's args and what the filter does without each (issue 36, item 1): RetryGatewayFilterFactory
 * (v5.0.3, dd7de544) RetryConfig (retries, series, statuses, methods, exceptions, backoff, jitter, timeout,
 * and routeId, which the gateway sets), BackoffConfig (firstBackoff, maxBackoff, factor,
 * basedOnPreviousValue) and JitterConfig (randomFactor). Spring's binder ignores an arg they do not
 * define, so the default stays.
 */
const ARGS: ReadonlyMap<string, string> = new Map([
  ["retries", "Spring Cloud Gateway uses its default, 3 retries"],
  ["series", "Spring Cloud Gateway uses its default series, SERVER_ERROR (every 5xx)"],
  ["statuses", "no status is retried but those of the series"],
  ["methods", "Spring Cloud Gateway uses its default, GET only"],
  ["exceptions", "Spring Cloud Gateway uses its default, IOException and TimeoutException"],
  ["backoff", "every retry is made at once (no backoff)"],
  ["jitter", "the waits are not jittered"],
  ["timeout", "no timeout ends the retries"],
  ["routeId", "the route's own id is used"],
]);
const BACKOFF: ReadonlyMap<string, string> = new Map([
  ["firstBackoff", "Spring Cloud Gateway uses its default, 5 ms"],
  ["maxBackoff", "the waits have no cap"],
  ["factor", "Spring Cloud Gateway uses its default factor, 2"],
  ["basedOnPreviousValue", "Spring Cloud Gateway uses its default, true"],
]);
const JITTER: ReadonlyMap<string, string> = new Map([["randomFactor", "Spring Cloud Gateway uses its default, 0.5"]]);
const table = (where: string, fields: ReadonlyMap<string, string>): KeyTable => ({
  system: "spring-cloud-gateway",
  where,
  known: [...fields.keys()],
  instead: (meant) => (meant === null ? "Spring binds nothing to it, so it has no effect" : fields.get(meant)!),
});
const ARGS_KEYS = table("a Spring Cloud Gateway Retry filter's args", ARGS);
const BACKOFF_KEYS = table("a Retry filter's backoff", BACKOFF);
const JITTER_KEYS = table("a Retry filter's jitter", JITTER);

/** The args of a Retry filter (`args` at element `argsAt`) that RetryConfig, BackoffConfig or JitterConfig do not define. */
function argKeys(entries: readonly FlatEntry[], argsAt: number, place: Placement, findings: Findings): void {
  const args = entries.filter((e) => e.elements.length > argsAt + 1 && norm(e.elements[argsAt]!) === "args");
  springUnknownKeys(args, argsAt + 1, ARGS_KEYS, place, findings);
  for (const [name, keys] of [["backoff", BACKOFF_KEYS], ["jitter", JITTER_KEYS]] as const) {
    springUnknownKeys(args.filter((e) => e.elements.length > argsAt + 2 && norm(e.elements[argsAt + 1]!) === name), argsAt + 2, keys, place, findings);
  }
}

/** Where in an entry's elements its filter's index sits: the last list index before "name", "args" or the end. */
function lastIndexPosition(entry: FlatEntry): number {
  const n = entry.elements.map(norm);
  const filtersAt = n.lastIndexOf("filters");
  if (filtersAt !== -1 && index(n[filtersAt + 1]) !== null) return filtersAt + 1;
  const defaultsAt = n.lastIndexOf("defaultfilters");
  return defaultsAt + 1;
}

type Arg = { readonly node: Node; readonly label: string };

/** An arg as the file spells it from `args` on ("args.backoff.firstBackoff"). */
function argLabel(entry: FlatEntry): string {
  const at = entry.elements.map(norm).lastIndexOf("args");
  return entry.elements.slice(at).filter((element) => index(element) === null).join(".");
}

/** The shortcut's values by their field names (normalised), each a string node at the shortcut's value. */
function shortcutArgs(entry: FlatEntry): Map<string, Arg> {
  const node = entry.value as Extract<Node, { kind: "string" }>;
  const text = node.value;
  const eq = text.indexOf("=");
  const args = new Map<string, Arg>();
  if (eq <= 0) return args;
  const tokens = text
    .slice(eq + 1)
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
  tokens.forEach((token, i) => {
    const field = SHORTCUT[i];
    if (field === undefined) return;
    args.set(field.split(".").map(norm).join("."), { node: { kind: "string", pos: node.pos, value: token }, label: `${field} (value ${i + 1} of ${shown(text)})` });
  });
  return args;
}

type Read = Omit<FoundPolicy, "system" | "name" | "offset">;

/**
 * A try's time: the response timeout NettyRoutingFilter puts on each call the Retry filter
 * makes (v5.0.3-3 at 5227205c, getResponseTimeout): the route's `metadata.response-timeout`
 * (ms, a number or a string Long.parseLong reads; a negative one switches the timeout off),
 * else, or when that is no whole number, the client's `httpclient.response-timeout` (a
 * Spring duration, bare digits ms). A call it ends is a TimeoutException under a 504, which
 * the filter's default exceptions retry. None (null) without either, or for 0.
 */
function responseTimeout(route: FlatEntry | undefined, client: FlatEntry | undefined, prefix: string): { ms: number; found: FoundTimeout } | null {
  if (route !== undefined) {
    const node = route.value;
    notPlaceholder(node, "metadata.response-timeout");
    const text = node.kind === "number" ? node.source : node.kind === "string" ? node.value.trim() : "";
    if (/^[+-]?\d+$/.test(text)) {
      const ms = Number(text);
      return ms > 0 && Number.isSafeInteger(ms) ? { ms, found: { role: "attempt-time", field: "metadata.response-timeout of the route", offset: route.keyOffsets[route.keyOffsets.length - 1] ?? node.pos } } : null;
    }
  }
  if (client === undefined) return null;
  const node = client.value;
  notPlaceholder(node, `${prefix}.httpclient.response-timeout`);
  const text = node.kind === "number" ? node.source : node.kind === "string" ? node.value : "";
  const ms = springDuration(text);
  if (ms === null) throw new FileProblem(node.pos, `${prefix}.httpclient.response-timeout must be a duration such as 5s or 5000 (ms), got ${describeNode(node)}`);
  return ms > 0 ? { ms, found: { role: "attempt-time", field: `${prefix}.httpclient.response-timeout`, offset: client.keyOffsets[client.keyOffsets.length - 1] ?? node.pos } } : null;
}

const NO_BACKOFF = "no backoff: Spring Cloud Gateway retries at once (the Retry filter waits only with a backoff)";

function readRetry(args: ReadonlyMap<string, Arg>, name: string): Read {
  const get = (key: string) => args.get(key);
  const options: OptionValues = {};
  const retries = get("retries");
  const count = retries === undefined ? 3 : int(retries, "a whole number of retries, at least 1", name);
  if (count < 1) throw new FileProblem(retries!.node.pos, `${retries!.label} of ${shown(name)} must be greater than 0 (RetryConfig.validate), got ${count}`);
  options.attempts = String(count);
  const backoffKeys = ["backoff.firstbackoff", "backoff.maxbackoff", "backoff.factor", "backoff.basedonpreviousvalue"];
  const hasBackoff = backoffKeys.some((key) => args.has(key));
  const jitter = get("jitter.randomfactor");
  const timeout = get("timeout");
  if (!hasBackoff) {
    if (timeout !== undefined) duration(timeout, name, true);
    return { options, atOnce: { why: NO_BACKOFF } };
  }
  const first = get("backoff.firstbackoff");
  const firstMs = first === undefined ? 5 : duration(first, name, false);
  options.base = msText(firstMs);
  const max = get("backoff.maxbackoff");
  if (max !== undefined) {
    const maxMs = duration(max, name, false);
    if (maxMs < firstMs) throw new FileProblem(max.node.pos, `${max.label} of ${shown(name)} must be >= firstBackoff (${msText(firstMs)}), got ${msText(maxMs)} (Backoff.exponential refuses it)`);
    options.cap = msText(maxMs);
  }
  const factor = get("backoff.factor");
  let factorValue = 2;
  if (factor !== undefined) {
    factorValue = int(factor, "a whole number (an int)", name);
    if (factorValue < 0) throw new FileProblem(factor.node.pos, `${factor.label} of ${shown(name)} is negative, got ${factorValue}; backoff does not model it`);
    // factor 0: firstBackoff at every retry, as factor 1 (basedOnPreviousValue true: prev × 0 = 0, floored at
    // firstBackoff; false: firstBackoff × 0^(n − 1), 0 after the first, which calculateBackoff floors at firstBackoff).
    options.factor = String(Math.max(factorValue, 1));
  }
  const previous = get("backoff.basedonpreviousvalue");
  const basedOnPrevious = previous === undefined ? true : bool(previous, name);
  if (jitter !== undefined) {
    notPlaceholder(jitter.node, jitter.label);
    const raw = jitter.node.kind === "number" ? jitter.node.source : jitter.node.kind === "string" ? jitter.node.value.trim() : "";
    const value = /^\d+(\.\d+)?$|^\.\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= 0 && value <= 1)) throw new FileProblem(jitter.node.pos, `${jitter.label} of ${shown(name)} must be between 0 and 1 (default 0.5), got ${describeNode(jitter.node)}`);
    // With factor 0 the previous draw is multiplied away: every wait is firstBackoff, jittered on its own.
    if (basedOnPrevious && value > 0 && factorValue !== 0) {
      // reactor-extra Backoff.exponential with basedOnPreviousValue true multiplies context.backoff(), the last
      // delay drawn (DefaultRetry.retry sets it to calculateBackoff's jittered BackoffDelay), where false takes
      // firstBackoff × factor^(iteration − 1) whatever was drawn: each wait's distribution is then that of every
      // draw before it compounded, floored at firstBackoff and cut at maxBackoff, with no closed-form mean.
      throw new Placeholder(
        jitter.node.pos,
        `${jitter.label} of ${shown(name)} jitters a backoff based on the previous value (basedOnPreviousValue true, the default): each wait is factor × the last jittered wait, jittered again, so its mean is not computable from the file; with basedOnPreviousValue false the waits are firstBackoff × factor^(n − 1), each jittered on its own, and are checked`,
      );
    }
    options.jitter = raw;
  }
  if (timeout !== undefined) {
    const ms = duration(timeout, name, true);
    if (ms === 0) throw new FileProblem(timeout.node.pos, `${timeout.label} of ${shown(name)} is 0: no retry with a backoff can start within it`);
    if (options.jitter !== undefined && Number(options.jitter) > 0) {
      throw new Placeholder(timeout.node.pos, `${timeout.label} of ${shown(name)} with jitter: where the retries end depends on the draws, which backoff does not compute`);
    }
    options.maxElapsed = msText(ms);
  }
  return { options };
}

/** An int as Spring binds one: digits (a sign allowed), from a number or a string. */
function int(arg: Arg, expected: string, name: string): number {
  notPlaceholder(arg.node, arg.label);
  const raw = arg.node.kind === "number" ? arg.node.source : arg.node.kind === "string" ? arg.node.value.trim() : null;
  if (raw === null || !/^[+-]?\d+$/.test(raw) || Math.abs(Number(raw)) > 2_147_483_647) throw new FileProblem(arg.node.pos, `${arg.label} of ${shown(name)} must be ${expected}, got ${describeNode(arg.node)}`);
  return Number(raw);
}

/** A Spring duration (10ms, 2s, PT1S, bare ms): positive, or (zeroAllowed) also zero; whole ms. */
function duration(arg: Arg, name: string, zeroAllowed: boolean): number {
  notPlaceholder(arg.node, arg.label);
  const raw = arg.node.kind === "string" ? arg.node.value : arg.node.kind === "number" ? arg.node.source : null;
  const ms = raw === null ? null : springDuration(raw);
  if (ms === null) throw new FileProblem(arg.node.pos, `${arg.label} of ${shown(name)} must be a duration such as 10ms, 2s or PT1S, got ${describeNode(arg.node)}`);
  if (ms === 0 && !zeroAllowed) throw new FileProblem(arg.node.pos, `${arg.label} of ${shown(name)} must be > 0 (Backoff.exponential refuses it)`);
  if (!Number.isInteger(ms)) throw new FileProblem(arg.node.pos, `${arg.label} of ${shown(name)} is ${raw}: backoff reads this filter's durations in whole milliseconds`);
  return ms;
}

/** Spring's String-to-Boolean conversion: true/false, on/off, yes/no, 1/0. */
function bool(arg: Arg, name: string): boolean {
  notPlaceholder(arg.node, arg.label);
  if (arg.node.kind === "boolean") return arg.node.value;
  const raw = arg.node.kind === "string" ? arg.node.value.trim().toLowerCase() : arg.node.kind === "number" ? arg.node.source : "";
  if (["true", "on", "yes", "1"].includes(raw)) return true;
  if (["false", "off", "no", "0"].includes(raw)) return false;
  throw new FileProblem(arg.node.pos, `${arg.label} of ${shown(name)} must be true or false, got ${describeNode(arg.node)}`);
}

/** The args that are lists (RetryConfig's List fields): every element is read. */
const LIST_ARGS: ReadonlySet<string> = new Set(["statuses", "series", "methods", "exceptions"]);

/**
 * org.springframework.http.HttpStatus (spring-framework 6.x/7.0, spring-web), by name: the
 * statuses a Retry filter names. Deprecated aliases (MOVED_TEMPORARILY…) and 7.0's RFC 9110
 * names (CONTENT_TOO_LARGE, UNPROCESSABLE_CONTENT) included.
 */
const HTTP_STATUS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    CONTINUE: 100, SWITCHING_PROTOCOLS: 101, PROCESSING: 102, EARLY_HINTS: 103, CHECKPOINT: 103,
    OK: 200, CREATED: 201, ACCEPTED: 202, NON_AUTHORITATIVE_INFORMATION: 203, NO_CONTENT: 204, RESET_CONTENT: 205, PARTIAL_CONTENT: 206, MULTI_STATUS: 207, ALREADY_REPORTED: 208, IM_USED: 226,
    MULTIPLE_CHOICES: 300, MOVED_PERMANENTLY: 301, FOUND: 302, MOVED_TEMPORARILY: 302, SEE_OTHER: 303, NOT_MODIFIED: 304, USE_PROXY: 305, TEMPORARY_REDIRECT: 307, PERMANENT_REDIRECT: 308,
    BAD_REQUEST: 400, UNAUTHORIZED: 401, PAYMENT_REQUIRED: 402, FORBIDDEN: 403, NOT_FOUND: 404, METHOD_NOT_ALLOWED: 405, NOT_ACCEPTABLE: 406, PROXY_AUTHENTICATION_REQUIRED: 407,
    REQUEST_TIMEOUT: 408, CONFLICT: 409, GONE: 410, LENGTH_REQUIRED: 411, PRECONDITION_FAILED: 412, PAYLOAD_TOO_LARGE: 413, CONTENT_TOO_LARGE: 413, REQUEST_ENTITY_TOO_LARGE: 413,
    URI_TOO_LONG: 414, REQUEST_URI_TOO_LONG: 414, UNSUPPORTED_MEDIA_TYPE: 415, REQUESTED_RANGE_NOT_SATISFIABLE: 416, EXPECTATION_FAILED: 417, I_AM_A_TEAPOT: 418,
    INSUFFICIENT_SPACE_ON_RESOURCE: 419, METHOD_FAILURE: 420, DESTINATION_LOCKED: 421, UNPROCESSABLE_ENTITY: 422, UNPROCESSABLE_CONTENT: 422, LOCKED: 423, FAILED_DEPENDENCY: 424,
    TOO_EARLY: 425, UPGRADE_REQUIRED: 426, PRECONDITION_REQUIRED: 428, TOO_MANY_REQUESTS: 429, REQUEST_HEADER_FIELDS_TOO_LARGE: 431, UNAVAILABLE_FOR_LEGAL_REASONS: 451,
    INTERNAL_SERVER_ERROR: 500, NOT_IMPLEMENTED: 501, BAD_GATEWAY: 502, SERVICE_UNAVAILABLE: 503, GATEWAY_TIMEOUT: 504, HTTP_VERSION_NOT_SUPPORTED: 505,
    VARIANT_ALSO_NEGOTIATES: 506, INSUFFICIENT_STORAGE: 507, LOOP_DETECTED: 508, BANDWIDTH_LIMIT_EXCEEDED: 509, NOT_EXTENDED: 510, NETWORK_AUTHENTICATION_REQUIRED: 511,
  }).map(([name, code]) => [canonical(name), code]),
);

/** HttpStatus.Series by name: the first digit of the codes it holds. */
const SERIES: ReadonlyMap<string, number> = new Map([["informational", 1], ["successful", 2], ["redirection", 3], ["clienterror", 4], ["servererror", 5]]);

/** A name as Spring Boot's lenient enum binding compares it (LenientStringToEnumConverterFactory: letters and digits, lower case). */
function canonical(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** What the findings about a Retry filter's conditions tell the reader to edit (Spring Cloud Gateway has no retry budget). */
const GATEWAY_LEVERS = {
  conditions: "args.statuses of the Retry filter, such as BAD_GATEWAY, GATEWAY_TIMEOUT, with args.series set empty, as its default SERVER_ERROR retries every 5xx whatever statuses says",
  budget: null,
};

/** The values of a list arg: each element, a comma-separated string split as Spring binds it into a List; null and "" are an empty list. */
function listValues(args: readonly Arg[] | undefined): string[] | undefined {
  if (args === undefined) return undefined;
  const values: string[] = [];
  for (const arg of args) {
    notPlaceholder(arg.node, arg.label);
    const raw = arg.node.kind === "string" ? arg.node.value : arg.node.kind === "number" ? arg.node.source : arg.node.kind === "boolean" ? String(arg.node.value) : "";
    values.push(...raw.split(",").map((v) => v.trim()).filter((v) => v !== ""));
  }
  return values;
}

/**
 * What a Retry filter retries on (spring-cloud/spring-cloud-gateway v5.0.3, unchanged on main
 * at 5227205c: spring-cloud-gateway-server-webflux/.../filter/factory/RetryGatewayFilterFactory.java,
 * RetryConfig and apply): a response is retried when its status is in `statuses` or its
 * HttpStatus.Series in `series` (default SERVER_ERROR: every 5xx, 503 included, even beside
 * `statuses`, spring-cloud-gateway #1536), an error when it or its cause is an instance of one of
 * `exceptions` (default IOException and the gateway's TimeoutException), either only for a
 * request whose method is in `methods` (default GET). validate refuses series, statuses and
 * exceptions all empty, and empty methods. The shortcut sets one status and one method
 * (shortcutFieldOrder, ShortcutType.DEFAULT); series and exceptions keep their defaults there.
 * A name that is no HttpStatus is shown as written (Spring's binding refuses it).
 */
function retryOn(lists: ReadonlyMap<string, readonly Arg[]>, isShortcut: boolean, name: string): RetryOn {
  try {
    return readRetryOn(lists, isShortcut, name);
  } catch (error) {
    // A placeholder among the conditions leaves them to where it is rendered; the schedule is still checked.
    if (!(error instanceof Placeholder)) throw error;
    return { words: [], from: "a placeholder in statuses, series, methods or exceptions", isDefault: false, conditions: [{ kind: "other", text: "what the placeholder gives" }], levers: GATEWAY_LEVERS };
  }
}

function readRetryOn(lists: ReadonlyMap<string, readonly Arg[]>, isShortcut: boolean, name: string): RetryOn {
  const statuses = listValues(lists.get("statuses"));
  const series = listValues(lists.get("series"));
  const methods = listValues(lists.get("methods"));
  const exceptions = listValues(lists.get("exceptions"));
  const allDefault = statuses === undefined && series === undefined && exceptions === undefined;
  const seriesList = series ?? SPRING_CLOUD_GATEWAY_DEFAULT_SERIES;
  const exceptionList = exceptions ?? SPRING_CLOUD_GATEWAY_DEFAULT_EXCEPTIONS;
  const methodList = methods ?? SPRING_CLOUD_GATEWAY_DEFAULT_METHODS;
  const statusList = statuses ?? [];
  if (statusList.length === 0 && seriesList.length === 0 && exceptionList.length === 0) {
    const at = lists.get("series")?.[0] ?? lists.get("statuses")?.[0] ?? lists.get("exceptions")?.[0];
    throw new FileProblem(at!.node.pos, `series, statuses and exceptions of ${shown(name)} are all empty: Spring Cloud Gateway refuses the filter (RetryConfig.validate: "series, status and exceptions may not all be empty")`);
  }
  if (methodList.length === 0) {
    const at = lists.get("methods")![0]!;
    throw new FileProblem(at.node.pos, `methods of ${shown(name)} is empty: Spring Cloud Gateway refuses the filter (RetryConfig.validate: "methods may not be empty")`);
  }
  const conditions: Condition[] = [];
  for (const status of statusList) {
    const code = HTTP_STATUS.get(canonical(status));
    conditions.push(code === undefined ? { kind: "other", text: `${status} (no HttpStatus: Spring does not bind it)` } : { kind: "status", code });
  }
  for (const s of seriesList) {
    const digit = SERIES.get(canonical(s));
    if (digit === 5) conditions.push({ kind: "5xx" });
    else if (digit !== undefined) conditions.push({ kind: "other", text: `every ${digit}xx`, overload: digit === 4 });
    else conditions.push({ kind: "other", text: `${s} (no HttpStatus.Series: Spring does not bind it)` });
  }
  for (const e of exceptionList) {
    const simple = e.slice(e.lastIndexOf(".") + 1);
    conditions.push(simple === "Exception" || simple === "Throwable" ? { kind: "every-error", but: "responses outside statuses and series" } : { kind: "error", name: e });
  }
  const marked = (key: string, values: readonly string[], given: boolean) => `${key} ${values.join(" and ")}${given || allDefault ? "" : " (default)"}`;
  const words = [
    ...(statusList.length === 0 ? [] : [marked("statuses", statusList, true)]),
    ...(seriesList.length === 0 ? [] : [marked("series", seriesList, series !== undefined)]),
    ...(exceptionList.length === 0 ? [] : [marked("exceptions", exceptionList, exceptions !== undefined)]),
  ];
  const from = allDefault ? SPRING_CLOUD_GATEWAY_DEFAULT_RETRY_ON.from : isShortcut ? "the Retry shortcut" : "the Retry filter's args";
  return { words, from, isDefault: allDefault, conditions, methods: methodList, levers: GATEWAY_LEVERS };
}
