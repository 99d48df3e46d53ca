import { shown } from "../errors.js";
import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { CONTOUR_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/contour.js";
import { envoyConditions, retryOnWords } from "../tree/envoy-retry-on.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";

/**
 * An HTTPProxy route's RetryPolicy (apis/projectcontour/v1/httpproxy.go: count,
 * perTryTimeout, retryOn, retriableStatusCodes), and what Contour does without each; the
 * CRD's schema prunes a field it does not define.
 */
const RETRY_POLICY_KEYS: ReadonlyMap<string, string> = new Map([
  ["count", "Contour uses its default, 1 retry"],
  ["perTryTimeout", "each try has no timeout of its own"],
  ["retryOn", "Contour retries on 5xx, its default"],
  ["retriableStatusCodes", "no status code is retried beyond retryOn's"],
]);
const RETRY_POLICY: KeyTable = {
  system: "contour",
  where: "a Contour retryPolicy",
  known: [...RETRY_POLICY_KEYS.keys()],
  instead: (meant) => (meant === null ? "Contour does not define it" : (RETRY_POLICY_KEYS.get(meant) ?? "Contour does not define it")),
};

/**
 * Contour (projectcontour.io): each route of an `HTTPProxy` with a `retryPolicy`, and an
 * `Ingress` with the `projectcontour.io/retry-on` annotation. Read as Contour reads them
 * (main at 31c4bb38, 2026-08; 1.33 alike but for count −1):
 * - apis/projectcontour/v1/httpproxy.go RetryPolicy: count (int64, minimum −1),
 *   perTryTimeout (a Go duration matched by the CRD's pattern, or "infinity"/"infinite"),
 *   retryOn, retriableStatusCodes;
 * - internal/dag/policy.go retryPolicy: count −1 → 0 retries, 0 or unset → 1, else the
 *   count; perTryTimeout through time.ParseDuration, anything it refuses ("infinity")
 *   leaving Envoy's default (no per-try timeout); internal/envoy/route.go Timeout: a zero
 *   duration is Envoy's 0, no per-try timeout either;
 * - internal/dag/policy.go ingressRetryPolicy with internal/annotation/annotations.go: an
 *   Ingress retries only with a non-empty retry-on; num-retries through
 *   strconv.ParseInt(s, 10, 32) (an error is 0), −1 → 0, 0, 1 and other negatives → 1;
 *   per-try-timeout through timeout.Parse (an error is logged and the timeout dropped).
 * A route without retryPolicy is not retried: it is no policy. Contour writes no
 * retry_back_off, so the back-off is Envoy's default (preset `contour`).
 *
 * The deadline is the route's `timeoutPolicy.response` (an Ingress's `response-timeout`
 * annotation, or its older name `request-timeout`), which internal/envoy/v3/route.go
 * routeRoute writes as the Envoy route's `timeout`, covering every retry. internal/timeout/
 * timeout.go Parse reads it: empty or any zero ("0s") is "use the default", so Envoy's 15 s;
 * "infinity"/"infinite" disables it (Envoy's 0); a Go duration is the timeout; anything else
 * is an error, which makes an HTTPProxy route invalid (httpproxy_processor.go,
 * TimeoutPolicyNotValid) and an Ingress fall back to the default (policy.go
 * ingressTimeoutPolicy). The try time is perTryTimeout (or the per-try-timeout annotation).
 */
export const contour: ConfigShape = {
  system: "contour",
  label: "Contour HTTPProxy",
  preset: "contour",
  recognised: "Contour HTTPProxy retryPolicy",
  levers: { cap: null, limits: ["retryPolicy.count of the route"], jitter: null },
  docs: {
    system: "Contour",
    where: "`HTTPProxy` (`projectcontour.io/v1`); `Ingress` with `projectcontour.io/retry-on`",
    policy:
      "each `spec.routes[]` with a `retryPolicy` (count: 0 or unset = 1, −1 = off; perTryTimeout a Go duration such as `150ms`); the Ingress's `num-retries` and `per-try-timeout` annotations; preset `contour`. " +
      "Timeouts: the route's `timeoutPolicy.response` or the Ingress's `response-timeout` (`request-timeout`) annotation (deadline; Envoy's 15 s when left out or zero, none at `infinity`), `perTryTimeout` (try time; none when zero or `infinity`)",
    conditions:
      "an HTTPProxy route's `retryPolicy.retryOn` (Envoy's words) with `retriableStatusCodes`; without it `5xx` (internal/dag/policy.go); an Ingress's `projectcontour.io/retry-on` annotation as written. No budget: Contour writes none",
  },
  words: { tree: /HTTPProxy|projectcontour\.io\/retry-on/ },
  documents: { read: recogniseContour },
};

const UINT32_MAX = 4_294_967_295;
const INT32_MAX = 2_147_483_647;
const ANNOTATION = "projectcontour.io/";

function recogniseContour(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind === "HTTPProxy" && manifest.apiVersion.startsWith("projectcontour.io/")) httpProxy(manifest.node, manifest.name, findings);
    else if (manifest.kind === "Ingress" && /^(networking\.k8s\.io|extensions)\//.test(manifest.apiVersion)) ingress(manifest.node, manifest.name, findings);
  }
}

function httpProxy(proxy: MapNode, proxyName: string, findings: Findings): void {
  const routes = get(get(proxy, "spec"), "routes");
  if (!isSeq(routes)) return;
  routes.items.forEach((route, index) => {
    if (!isMap(route)) return;
    const policy = route.entries.get("retryPolicy");
    if (policy === undefined) return;
    const name = `${proxyName}/routes[${index}]${routeMatch(route)}`;
    if (isMap(policy.value)) retryObjectKeys(policy.value, RETRY_POLICY, findings);
    findings.policy("contour", name, policy.keyPos, () => {
      if (!isMap(policy.value)) throw new FileProblem(policy.value.pos, `retryPolicy of ${shown(name)} must be a map, got ${describeNode(policy.value)}`);
      const label = (key: string) => `retryPolicy.${key} of ${shown(name)}`;
      const options: OptionValues = {};
      let disabled = false;
      const count = get(policy.value, "count");
      if (count !== undefined) {
        notPlaceholder(count, label("count"));
        const digits = count.kind === "number" && /^-?\d+$/.test(count.source) ? count.source : null;
        if (digits === null) throw new FileProblem(count.pos, `${label("count")} must be a whole number from −1, got ${describeNode(count)}`);
        const value = Number(digits);
        if (value < -1) throw new FileProblem(count.pos, `${label("count")} must be at least −1 (−1 turns retries off), got ${digits}`);
        // uint32(numRetries) in route.go: a larger count would wrap.
        if (value > UINT32_MAX) throw new FileProblem(count.pos, `${label("count")} must be at most ${UINT32_MAX} (Contour converts it with uint32()), got ${digits}`);
        const retries = value === -1 ? 0 : value === 0 ? 1 : value;
        options.attempts = String(retries);
        disabled = retries === 0;
      }
      const timeouts: FoundTimeout[] = [];
      const response = responseTimeout(route, name);
      if (response.ms !== null) options.deadline = response.ms;
      if (response.timeout !== null) timeouts.push(response.timeout);
      const perTry = policy.value.entries.get("perTryTimeout");
      if (perTry !== undefined) {
        const ms = perTryTimeout(perTry.value, label("perTryTimeout"));
        if (ms !== null) {
          options.attemptTime = msText(ms);
          timeouts.push({ role: "attempt-time", field: "perTryTimeout", offset: perTry.keyPos });
        }
      }
      return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: proxyRetryOn(policy.value, label) };
    });
  });
}

/** Envoy's RouteAction.timeout when Contour writes none. */
const ENVOY_DEFAULT_ROUTE_TIMEOUT = "15s";
const DEFAULT_DEADLINE: FoundTimeout = { role: "deadline", field: "Envoy's default route timeout (15 s)", offset: null };

/** A route's timeoutPolicy.response as timeout.Parse reads it: the deadline (null: none), and where it comes from. */
function responseTimeout(route: MapNode, name: string): { ms: string | null; timeout: FoundTimeout | null } {
  const fallback = { ms: ENVOY_DEFAULT_ROUTE_TIMEOUT, timeout: DEFAULT_DEADLINE };
  const policy = route.entries.get("timeoutPolicy");
  if (policy === undefined) return fallback;
  if (!isMap(policy.value)) throw new FileProblem(policy.value.pos, `timeoutPolicy of ${shown(name)} must be a map, got ${describeNode(policy.value)}`);
  const response = policy.value.entries.get("response");
  if (response === undefined) return fallback;
  const label = `timeoutPolicy.response of ${shown(name)}`;
  notPlaceholder(response.value, label);
  const setting = timeoutSetting(text(response.value));
  if (setting === null) {
    throw new FileProblem(response.value.pos, `${label} must be a duration such as "15s" or "1m30s" (or "infinity"), got ${describeNode(response.value)}; Contour marks the route invalid (TimeoutPolicyNotValid)`);
  }
  return timeoutOf(setting, "timeoutPolicy.response", response.keyPos, response.value.pos, label) ?? fallback;
}

/** timeout.Parse: "default" (empty or zero), "disabled" (infinity), or ms; null when it errs. */
function timeoutSetting(value: string | undefined): "default" | "disabled" | number | null {
  if (value === undefined) return null;
  if (value === "") return "default";
  if (value === "infinity" || value === "infinite") return "disabled";
  const ms = goDuration(value);
  if (ms === null) return null;
  const rounded = Math.round(ms * 1e6) / 1e6;
  return rounded === 0 ? "default" : rounded;
}

/** A parsed response timeout as the deadline; null for "default" (the caller's fallback). */
function timeoutOf(setting: "default" | "disabled" | number, field: string, keyOffset: number, valueOffset: number, label: string): { ms: string | null; timeout: FoundTimeout | null } | null {
  if (setting === "default") return null;
  if (setting === "disabled") return { ms: null, timeout: null };
  if (!Number.isSafeInteger(setting)) throw new FileProblem(valueOffset, `${label} is ${msText(setting)}: backoff checks timeouts in whole milliseconds (every start is one)`);
  return { ms: msText(setting), timeout: { role: "deadline", field, offset: keyOffset } };
}

/** The first path condition of a route, for its name: ` (prefix /api)`. */
function routeMatch(route: MapNode): string {
  const conditions = get(route, "conditions");
  if (!isSeq(conditions)) return "";
  for (const condition of conditions.items) {
    for (const key of ["prefix", "exact", "regex"]) {
      const value = text(get(condition, key));
      if (value !== undefined) return ` (${key} ${value})`;
    }
  }
  return "";
}

/**
 * perTryTimeout as policy.go reads it: a Go duration, whose zero means no per-try timeout
 * (null), as "infinity" and "infinite" do; the CRD's pattern refuses anything else.
 */
function perTryTimeout(node: Node, label: string): number | null {
  notPlaceholder(node, label);
  const value = text(node);
  if (value === "infinity" || value === "infinite") return null;
  const ms = value === undefined ? null : goDuration(value);
  if (ms === null) throw new FileProblem(node.pos, `${label} must be a duration such as "150ms" or "2s" (or "infinity"), got ${describeNode(node)}`);
  const rounded = Math.round(ms * 1e6) / 1e6;
  return rounded === 0 ? null : rounded;
}

function ingress(node: MapNode, ingressName: string, findings: Findings): void {
  const annotations = get(get(node, "metadata"), "annotations");
  if (!isMap(annotations)) return;
  const retryOn = annotations.entries.get(`${ANNOTATION}retry-on`);
  if (retryOn === undefined || (retryOn.value.kind === "string" && retryOn.value.value === "")) return;
  findings.policy("contour", `${ingressName} (Ingress)`, retryOn.keyPos, () => {
    const label = (key: string) => `annotation ${ANNOTATION}${key} of Ingress ${shown(ingressName)}`;
    const options: OptionValues = {};
    let disabled = false;
    const count = get(annotations, `${ANNOTATION}num-retries`);
    if (count !== undefined) {
      notPlaceholder(count, label("num-retries"));
      // Annotations are strings; strconv.ParseInt(s, 10, 32) reads an optional sign and digits.
      const raw = count.kind === "string" ? count.value : null;
      const value = raw !== null && /^[+-]?\d+$/.test(raw) ? Number(raw) : null;
      if (value === null || value > INT32_MAX || value < -INT32_MAX - 1) {
        throw new FileProblem(count.pos, `${label("num-retries")} must be a whole number in quotes (an int32), got ${describeNode(count)}; Contour would read it as 0 and retry once`);
      }
      const retries = value === -1 ? 0 : value <= 1 ? 1 : value;
      options.attempts = String(retries);
      disabled = retries === 0;
    }
    const timeouts: FoundTimeout[] = [];
    const response = ingressResponseTimeout(annotations, label);
    if (response.ms !== null) options.deadline = response.ms;
    if (response.timeout !== null) timeouts.push(response.timeout);
    const perTry = annotations.entries.get(`${ANNOTATION}per-try-timeout`);
    if (perTry !== undefined && !(perTry.value.kind === "string" && perTry.value.value === "")) {
      const ms = perTryTimeout(perTry.value, label("per-try-timeout"));
      if (ms !== null) {
        options.attemptTime = msText(ms);
        timeouts.push({ role: "attempt-time", field: `${ANNOTATION}per-try-timeout`, offset: perTry.keyPos });
      }
    }
    const words = retryOnWords(text(retryOn.value) ?? "");
    return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: contourRetryOn(words, [], `${ANNOTATION}retry-on`) };
  });
}

/** What the findings about a Contour route's conditions tell the reader to edit (Contour writes no retry budget). */
const CONTOUR_LEVERS = { conditions: "retryOn in the retryPolicy, such as [connect-failure, refused-stream, retriable-status-codes] with retriableStatusCodes [502, 504]", budget: null };

/**
 * An HTTPProxy retryPolicy's conditions as Contour writes them for Envoy (internal/dag/
 * policy.go at 31c4bb38, retryOn: the list joined with commas, "5xx" when it is empty or
 * left out; retriableStatusCodes handed to Envoy's retriable_status_codes). The CRD's enum
 * holds Envoy's words.
 */
function proxyRetryOn(policy: MapNode, label: (key: string) => string): RetryOn {
  const list = get(policy, "retryOn");
  const words = isSeq(list) ? list.items.map((item) => text(item) ?? describeNode(item)) : [];
  const codesNode = get(policy, "retriableStatusCodes");
  const codes = isSeq(codesNode) ? codesNode.items.map((item) => wholeNumber(item, label("retriableStatusCodes"), { max: 599 })) : [];
  return contourRetryOn(words, codes, "retryOn");
}

function contourRetryOn(words: readonly string[], codes: readonly number[], key: string): RetryOn {
  // Envoy retries status codes only under retriable-status-codes, which the default lacks: codes alone change nothing.
  if (words.length === 0) return { ...CONTOUR_DEFAULT_RETRY_ON, levers: CONTOUR_LEVERS };
  const listed = codes.length === 0 ? words : [...words, `retriableStatusCodes [${codes.join(", ")}]`];
  return { words: listed, from: key, isDefault: false, conditions: envoyConditions(words, codes), levers: CONTOUR_LEVERS };
}

/**
 * policy.go ingressTimeoutPolicy: the response-timeout annotation, else request-timeout (the
 * older name, applied to the response all the same); one Parse refuses is logged and the
 * default used, which backoff refuses rather than guess what was meant.
 */
function ingressResponseTimeout(annotations: MapNode, label: (key: string) => string): { ms: string | null; timeout: FoundTimeout | null } {
  const fallback = { ms: ENVOY_DEFAULT_ROUTE_TIMEOUT, timeout: DEFAULT_DEADLINE };
  const key = ["response-timeout", "request-timeout"].find((name) => {
    const entry = annotations.entries.get(`${ANNOTATION}${name}`);
    return entry !== undefined && !(entry.value.kind === "string" && entry.value.value === "");
  });
  if (key === undefined) return fallback;
  const entry = annotations.entries.get(`${ANNOTATION}${key}`)!;
  notPlaceholder(entry.value, label(key));
  const setting = timeoutSetting(entry.value.kind === "string" ? entry.value.value : undefined);
  if (setting === null) {
    throw new FileProblem(entry.value.pos, `${label(key)} must be a duration such as "15s" (or "infinity"), got ${describeNode(entry.value)}; Contour would log an error and use Envoy's 15 s`);
  }
  return timeoutOf(setting, `${ANNOTATION}${key}`, entry.keyPos, entry.value.pos, label(key)) ?? fallback;
}
