import { gatewayDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { GATEWAY_API_CONNECTION_ERRORS, GATEWAY_API_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/gateway-api.js";

/**
 * HTTPRouteRetry's fields (apis/v1/httproute_types.go, v1.6.1: codes, attempts, backoff),
 * and what an implementation does without each; the CRD's schema prunes a field it does
 * not define.
 */
const RETRY_KEYS: ReadonlyMap<string, string> = new Map([
  ["attempts", "the implementation's default applies (2 in Envoy Gateway and Istio)"],
  ["backoff", "the implementation's default back-off applies (Envoy's 25 ms)"],
  ["codes", "the implementation's default codes are retried"],
]);
const RETRY: KeyTable = {
  system: "gateway-api",
  where: "a Gateway API rule's retry",
  known: [...RETRY_KEYS.keys()],
  instead: (meant) => (meant === null ? "Gateway API does not define it" : (RETRY_KEYS.get(meant) ?? "Gateway API does not define it")),
};

/**
 * Gateway API `HTTPRoute` (gateway.networking.k8s.io): each `spec.rules[]` with a `retry`
 * (GEP-1731; apis/v1/httproute_types.go HTTPRouteRetry, v1.6.1, experimental channel) is a
 * policy: attempts (retries after the first try; 2 when unset in Envoy Gateway and Istio
 * alike), backoff (a Gateway API Duration, Envoy's base_interval in both), codes (400–599).
 * A rule without `retry`, or with `retry: null` (an unset pointer), holds no policy here:
 * Envoy Gateway then retries nothing, Istio with its mesh default.
 * The rule's `timeouts` (HTTPRouteTimeouts): `request` covers the whole request, retries
 * included (the deadline), `backendRequest` each try once retry is set (Envoy Gateway's
 * processRouteRetry makes it perRetry.timeout, Istio's conversion.go retries.perTryTimeout);
 * "0s" disables either ("SHOULD disable the timeout completely"). Left out, the timeout is
 * the implementation's (Envoy Gateway leaves Envoy's 15 s route timeout, Istio none), so
 * nothing is read for it. The CRD's own rule, "backendRequest timeout cannot be longer than
 * request timeout", is a problem at backendRequest.
 */
export const gatewayApi: ConfigShape = {
  system: "gateway-api",
  label: "Gateway API HTTPRoute",
  preset: "gateway-api",
  recognised: "Gateway API HTTPRoute retry",
  // No max field (the interval's top is 10 × backoff) and no jitter setting (Envoy's full jitter).
  levers: { cap: null, limits: ["retry.attempts of the rule"], jitter: null },
  docs: {
    system: "Gateway API",
    where: "`HTTPRoute` (`gateway.networking.k8s.io`)",
    policy:
      "each `spec.rules[]` with a `retry` (GEP-1731, experimental channel): attempts (2 when unset, as Envoy Gateway and Istio read it; 0 retries nothing), backoff (Gateway API duration such as `100ms`, Envoy's base interval; `0s` is refused), codes (400–599); a rule without `retry` is no policy; preset `gateway-api`. Timeouts: the rule's `timeouts.request` (deadline), `timeouts.backendRequest` (try time); `0s` is none, and left out nothing is read (the implementation's own)",
    conditions:
      "`retry.codes` with connection errors and timeouts (the spec: implementations SHOULD retry them once `retry` is set); without `codes` the status codes are the implementation's (the spec sets no default). No budget: Gateway API has none",
  },
  words: { tree: /HTTPRoute/ },
  documents: { read: recogniseGatewayApi },
};

const EXPECTED = 'a Gateway API duration such as "100ms" or "1m30s" (whole numbers of h, m, s or ms)';

function recogniseGatewayApi(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "HTTPRoute" || !manifest.apiVersion.startsWith("gateway.networking.k8s.io/")) continue;
    const rules = get(get(manifest.node, "spec"), "rules");
    if (!isSeq(rules)) continue;
    rules.items.forEach((rule, index) => {
      if (!isMap(rule)) return;
      const retry = rule.entries.get("retry");
      if (retry === undefined || retry.value.kind === "null") return;
      const name = `${manifest.name}/${text(get(rule, "name")) ?? `rules[${index}]`}`;
      if (isMap(retry.value)) retryObjectKeys(retry.value, RETRY, findings);
      findings.policy("gateway-api", name, retry.keyPos, () => {
        if (!isMap(retry.value)) throw new FileProblem(retry.value.pos, `retry of ${name} must be a map, got ${describeNode(retry.value)}`);
        return readRule(rule, retry.value, name);
      });
    });
  }
}

function readRule(rule: MapNode, retry: MapNode, name: string) {
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const label = (key: string) => `${key} of ${name}`;
  let disabled = false;
  const attempts = get(retry, "attempts");
  if (attempts !== undefined) {
    const count = wholeNumber(attempts, label("retry.attempts"), { max: 2_147_483_647 });
    options.attempts = String(count);
    // Istio: attempts 0 is no retry policy; Envoy Gateway: num_retries 0. (The v1.6 CRD refuses 0: minimum 1.)
    disabled = count === 0;
  }
  const backoff = get(retry, "backoff");
  if (backoff !== undefined) {
    const ms = gatewayMs(backoff, label("retry.backoff"));
    if (ms === 0) throw new FileProblem(backoff.pos, `${label("retry.backoff")} is 0s; Envoy refuses a base_interval of 0 (Envoy Gateway and Istio pass it on as one)`);
    options.base = msText(ms);
  }
  const codes = get(retry, "codes");
  const statuses: number[] = [];
  if (codes !== undefined) {
    if (!isSeq(codes)) throw new FileProblem(codes.pos, `${label("retry.codes")} must be a list of HTTP status codes, got ${describeNode(codes)}`);
    for (const code of codes.items) {
      const value = wholeNumber(code, label("retry.codes[]"));
      if (value < 400 || value > 599) throw new FileProblem(code.pos, `${label("retry.codes[]")} must be a status code from 400 to 599, got ${value}`);
      statuses.push(value);
    }
  }
  const spec = rule.entries.get("timeouts");
  if (spec !== undefined && spec.value.kind !== "null") {
    if (!isMap(spec.value)) throw new FileProblem(spec.value.pos, `${label("timeouts")} must be a map, got ${describeNode(spec.value)}`);
    const request = spec.value.entries.get("request");
    const backend = spec.value.entries.get("backendRequest");
    const requestMs = request === undefined ? null : gatewayMs(request.value, label("timeouts.request"));
    const backendMs = backend === undefined ? null : gatewayMs(backend.value, label("timeouts.backendRequest"));
    if (requestMs !== null && backendMs !== null && requestMs !== 0 && backendMs > requestMs) {
      throw new FileProblem(backend!.value.pos, `${label("timeouts.backendRequest")} (${msText(backendMs)}) cannot be longer than the request timeout (${msText(requestMs)}), as the CRD's validation says`);
    }
    if (requestMs !== null && requestMs > 0) {
      options.deadline = msText(requestMs);
      timeouts.push({ role: "deadline", field: "timeouts.request", offset: request!.keyPos });
    }
    if (backendMs !== null && backendMs > 0) {
      options.attemptTime = msText(backendMs);
      timeouts.push({ role: "attempt-time", field: "timeouts.backendRequest", offset: backend!.keyPos });
    }
  }
  return { options, disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: retryConditions(statuses) };
}

/** What a Gateway API rule's findings about its conditions tell the reader to edit (Gateway API has no retry budget). */
const GATEWAY_LEVERS = { conditions: "retry.codes of the rule, such as [502, 504]", budget: null };

/**
 * What an HTTPRoute rule's retry retries on, as the spec defines it (kubernetes-sigs/gateway-api
 * apis/v1/httproute_types.go at 03775165, HTTPRouteRetry and HTTPRouteRetryStatusCode; GEP-1731):
 * `codes`, "the HTTP response status codes for which a backend request should be retried", and
 * "Implementations SHOULD retry on connection errors (disconnect, reset, timeout, TCP failure)
 * if a retry stanza is configured". The spec gives `codes` no default: without it the codes
 * retried are the implementation's, said so and never guessed (500, 502, 503 and 504 are only
 * the codes an implementation MUST accept).
 */
function retryConditions(codes: readonly number[]): RetryOn {
  if (codes.length === 0) return { ...GATEWAY_API_DEFAULT_RETRY_ON, levers: GATEWAY_LEVERS };
  return {
    words: codes.map(String),
    from: "retry.codes",
    isDefault: false,
    conditions: [...codes.map((code): Condition => ({ kind: "status", code })), ...GATEWAY_API_CONNECTION_ERRORS],
    levers: GATEWAY_LEVERS,
  };
}

/** A Gateway API Duration's ms (GEP-2257: `^([0-9]{1,5}(h|m|s|ms)){1,4}$`); zero allowed, the caller says what it means. */
function gatewayMs(node: Node, label: string): number {
  notPlaceholder(node, label);
  const ms = node.kind === "string" ? gatewayDuration(node.value) : null;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${EXPECTED}, got ${describeNode(node)}`);
  return ms;
}
