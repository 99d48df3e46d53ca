import { shown } from "../errors.js";
import { gatewayDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, isSeq, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { ENVOY_GATEWAY_DEFAULT_RETRY_ON, ENVOY_GATEWAY_DEFAULT_STATUS_CODE, ENVOY_GATEWAY_DEFAULT_TRIGGERS } from "../../core/conditions/defaults/envoy-gateway.js";
import { envoyConditions } from "../tree/envoy-retry-on.js";

/**
 * The fields of Retry, PerRetryPolicy and BackOffPolicy (api/v1alpha1/retry_types.go:
 * numRetries, numAttemptsPerPriority, retryOn, perRetry; timeout, backOff; baseInterval,
 * maxInterval), and what Envoy Gateway does without each; the CRD's schema prunes a field
 * it does not define.
 */
const WITHOUT: ReadonlyMap<string, string> = new Map([
  ["numRetries", "Envoy Gateway uses its default, 2 retries"],
  ["retryOn", "Envoy Gateway retries on its default triggers"],
  ["perRetry", "each try has no timeout of its own and Envoy's default back-off applies"],
  ["timeout", "each try has no timeout of its own"],
  ["backOff", "Envoy's default back-off applies (25 ms)"],
  ["baseInterval", "Envoy's default back-off applies (25 ms)"],
  ["maxInterval", "the cap is 10 × baseInterval"],
]);
const table = (where: string, known: readonly string[]): KeyTable => ({
  system: "envoy-gateway",
  where,
  known,
  instead: (meant) => (meant === null ? "Envoy Gateway does not define it" : (WITHOUT.get(meant) ?? "Envoy Gateway does not define it")),
});
const RETRY = table("an Envoy Gateway retry", ["numRetries", "numAttemptsPerPriority", "retryOn", "perRetry"]);
const PER_RETRY = table("an Envoy Gateway perRetry", ["timeout", "backOff"]);
const BACK_OFF = table("an Envoy Gateway backOff", ["baseInterval", "maxInterval"]);

/** Every key of a retry, its perRetry and its backOff that Envoy Gateway does not define (perRetry.backoff, lowercase, is a problem of its own). */
function retryKeys(retry: Node, findings: Findings): void {
  if (!isMap(retry)) return;
  retryObjectKeys(retry, RETRY, findings);
  const perRetry = get(retry, "perRetry");
  if (!isMap(perRetry)) return;
  retryObjectKeys({ ...perRetry, entries: new Map([...perRetry.entries].filter(([key]) => key !== "backoff")) }, PER_RETRY, findings);
  const backOff = get(perRetry, "backOff");
  if (isMap(backOff)) retryObjectKeys(backOff, BACK_OFF, findings);
}

/**
 * Envoy Gateway `BackendTrafficPolicy` (gateway.envoyproxy.io/v1alpha1): its `spec.retry`,
 * read as Envoy Gateway reads it (main, commit d32f2829 of 2026-08):
 * - api/v1alpha1/retry_types.go: numRetries (int32, minimum 0, default 2), retryOn,
 *   perRetry.timeout, perRetry.backOff.baseInterval / maxInterval, all Gateway API
 *   Durations ("100ms", "1m30s": whole numbers of h, m, s, ms);
 * - internal/gatewayapi/clustersettings.go buildRetry: baseInterval or maxInterval of 0s,
 *   or maxInterval below baseInterval, make the policy Invalid;
 * - internal/xds/translator/route.go buildRetryPolicy: numRetries 2 unless given, the
 *   back-off only when one interval is given (without baseInterval, Envoy's RetryBackOff
 *   lacks the base_interval it requires), perRetry.timeout as per_try_timeout (0s: none).
 * A policy without `retry` retries nothing ("If not set, retry will be disabled"): no policy.
 */
export const envoyGateway: ConfigShape = {
  system: "envoy-gateway",
  label: "Envoy Gateway BackendTrafficPolicy",
  preset: "envoy-gateway",
  recognised: "Envoy Gateway BackendTrafficPolicy retry",
  levers: { cap: "retry.perRetry.backOff.maxInterval of the policy", limits: ["retry.numRetries of the policy"], jitter: null },
  docs: {
    system: "Envoy Gateway",
    where: "`BackendTrafficPolicy` (`gateway.envoyproxy.io/v1alpha1`)",
    policy:
      "`spec.retry`: numRetries (default 2), perRetry.backOff.baseInterval/maxInterval, perRetry.timeout (Gateway API durations such as `100ms`); preset `envoy-gateway`. " +
      "Timeouts: `spec.timeout.http.requestTimeout` (deadline; Envoy's 15 s when left out, none at `0s`; an HTTPRoute's `timeouts.request` would take precedence, give it with `--deadline`), `perRetry.timeout` (try time; none at `0s`)",
    conditions:
      "`retry.retryOn.triggers` (Envoy's words) and `httpStatusCodes` (adding `retriable-status-codes`); without them Envoy Gateway's `connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes` with 503 (route.go), the 503 kept under a `retriable-status-codes` trigger without codes. No budget: its `circuitBreaker` sets `max_retries` alone",
  },
  words: { tree: /BackendTrafficPolicy/ },
  documents: { read: recogniseEnvoyGateway },
};

const EXPECTED = 'a Gateway API duration such as "100ms" or "1m30s" (whole numbers of h, m, s or ms)';

function recogniseEnvoyGateway(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "BackendTrafficPolicy" || !manifest.apiVersion.startsWith("gateway.envoyproxy.io/")) continue;
    const spec = get(manifest.node, "spec");
    const retry = isMap(spec) ? spec.entries.get("retry") : undefined;
    if (retry === undefined) continue;
    const name = manifest.name;
    retryKeys(retry.value, findings);
    findings.policy("envoy-gateway", name, retry.keyPos, () => {
      if (!isMap(retry.value)) throw new FileProblem(retry.value.pos, `retry of BackendTrafficPolicy ${shown(name)} must be a map, got ${describeNode(retry.value)}`);
      const deadline = requestTimeout(spec as MapNode, (key) => `${key} of BackendTrafficPolicy ${shown(name)}`);
      const read = readRetry(retry.value, (key) => `retry.${key} of BackendTrafficPolicy ${shown(name)}`);
      const timeouts: FoundTimeout[] = [...deadline.timeouts, ...read.timeouts];
      const options: OptionValues = { ...(deadline.ms === null ? {} : { deadline: deadline.ms }), ...read.options };
      const conditions = gatewayRetryOn(retry.value, (key) => `retry.${key} of BackendTrafficPolicy ${shown(name)}`);
      return { options, disabled: read.disabled, ...(timeouts.length === 0 ? {} : { timeouts }), conditions };
    });
  }
}

const EG_LEVERS = {
  conditions: "retry.retryOn.triggers and httpStatusCodes, such as triggers [connect-failure, refused-stream, retriable-status-codes] with httpStatusCodes [502, 504]",
  // A BackendTrafficPolicy's circuitBreaker sets Envoy's max_retries (maxParallelRetries), no retry budget.
  budget: null,
};

/**
 * What a BackendTrafficPolicy's retry retries on, as Envoy Gateway writes the route's
 * retry_policy (internal/xds/translator/route.go buildRetryPolicy): retry_on starts as
 * connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes with 503;
 * retryOn.triggers replace the words, retryOn.httpStatusCodes the codes (and add
 * retriable-status-codes when the triggers lack it); 503 stays under a
 * retriable-status-codes trigger when no code is given.
 */
function gatewayRetryOn(retry: MapNode, label: (key: string) => string): RetryOn {
  const on = get(retry, "retryOn");
  const triggersNode = isMap(on) ? get(on, "triggers") : undefined;
  const codesNode = isMap(on) ? get(on, "httpStatusCodes") : undefined;
  const triggers = isSeq(triggersNode) ? triggersNode.items.map((t) => text(t) ?? describeNode(t)) : [];
  const codes = isSeq(codesNode) ? codesNode.items.map((c) => wholeNumber(c, label("retryOn.httpStatusCodes"), { max: 599 })) : [];
  if (triggers.length === 0 && codes.length === 0) {
    return { ...ENVOY_GATEWAY_DEFAULT_RETRY_ON, levers: EG_LEVERS };
  }
  const words = triggers.length === 0 ? [...ENVOY_GATEWAY_DEFAULT_TRIGGERS] : [...triggers];
  if (codes.length > 0 && !words.includes("retriable-status-codes")) words.push("retriable-status-codes");
  const effective = codes.length > 0 ? codes : [ENVOY_GATEWAY_DEFAULT_STATUS_CODE];
  const shownWords = words.map((w) => (w === "retriable-status-codes" ? `retriable-status-codes ${effective.join(", ")}` : w));
  return { words: shownWords, from: "retryOn", isDefault: false, conditions: envoyConditions(words, effective), levers: EG_LEVERS };
}

/** Envoy's RouteAction.timeout when Envoy Gateway writes none. */
const ENVOY_DEFAULT_ROUTE_TIMEOUT = "15s";

/** spec.timeout.http.requestTimeout: the route's timeout across every retry (null: none, at 0s). */
function requestTimeout(spec: MapNode, label: (key: string) => string): { ms: string | null; timeouts: FoundTimeout[] } {
  const fallback = { ms: ENVOY_DEFAULT_ROUTE_TIMEOUT, timeouts: [{ role: "deadline" as const, field: "Envoy's default route timeout (15 s)", offset: null }] };
  const timeout = spec.entries.get("timeout");
  if (timeout === undefined) return fallback;
  if (!isMap(timeout.value)) throw new FileProblem(timeout.value.pos, `${label("timeout")} must be a map, got ${describeNode(timeout.value)}`);
  const http = timeout.value.entries.get("http");
  if (http === undefined) return fallback;
  if (!isMap(http.value)) throw new FileProblem(http.value.pos, `${label("timeout.http")} must be a map, got ${describeNode(http.value)}`);
  const request = http.value.entries.get("requestTimeout");
  if (request === undefined) return fallback;
  const ms = gatewayMs(request.value, label("timeout.http.requestTimeout"));
  // durationpb.New(0): Envoy's route timeout 0 disables it.
  return ms === 0 ? { ms: null, timeouts: [] } : { ms: msText(ms), timeouts: [{ role: "deadline", field: "timeout.http.requestTimeout", offset: request.keyPos }] };
}

function readRetry(retry: MapNode, label: (key: string) => string): { options: OptionValues; disabled: boolean; timeouts: FoundTimeout[] } {
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  let disabled = false;
  const count = get(retry, "numRetries");
  if (count !== undefined) {
    const retries = wholeNumber(count, label("numRetries"), { max: 2_147_483_647 });
    options.attempts = String(retries);
    disabled = retries === 0;
  }
  const perRetry = get(retry, "perRetry");
  if (perRetry === undefined) return { options, disabled, timeouts };
  if (!isMap(perRetry)) throw new FileProblem(perRetry.pos, `${label("perRetry")} must be a map, got ${describeNode(perRetry)}`);
  const timeout = perRetry.entries.get("timeout");
  if (timeout !== undefined) {
    const ms = gatewayMs(timeout.value, label("perRetry.timeout"));
    // durationpb.New(0) is Envoy's per_try_timeout 0: no per-try timeout.
    if (ms > 0) {
      options.attemptTime = msText(ms);
      timeouts.push({ role: "attempt-time", field: "perRetry.timeout", offset: timeout.keyPos });
    }
  }
  const lowercase = perRetry.entries.get("backoff");
  if (lowercase !== undefined) {
    throw new FileProblem(lowercase.keyPos, `${label("perRetry.backoff")} is no field of BackendTrafficPolicy; the field is backOff (the API server refuses or drops backoff)`);
  }
  const backOff = get(perRetry, "backOff");
  if (backOff === undefined) return { options, disabled, timeouts };
  if (!isMap(backOff)) throw new FileProblem(backOff.pos, `${label("perRetry.backOff")} must be a map, got ${describeNode(backOff)}`);
  const base = get(backOff, "baseInterval");
  const max = get(backOff, "maxInterval");
  // buildRetry's own refusals: "baseInterval cannot be set to 0s", "maxInterval cannot be set to 0s", "maxInterval cannot be less than baseInterval".
  const baseMs = base === undefined ? null : positiveMs(base, label("perRetry.backOff.baseInterval"));
  if (baseMs !== null) options.base = msText(baseMs);
  if (max !== undefined) {
    const maxMs = positiveMs(max, label("perRetry.backOff.maxInterval"));
    if (baseMs === null) {
      throw new FileProblem(max.pos, `${label("perRetry.backOff.maxInterval")} is given without baseInterval; Envoy Gateway then writes a retry_back_off without the base_interval Envoy requires`);
    }
    if (maxMs < baseMs) throw new FileProblem(max.pos, `${label("perRetry.backOff.maxInterval")} cannot be less than baseInterval (${msText(baseMs)}), got ${msText(maxMs)}`);
    options.cap = msText(maxMs);
  }
  return { options, disabled, timeouts };
}

function positiveMs(node: Node, label: string): number {
  const ms = gatewayMs(node, label);
  if (ms === 0) throw new FileProblem(node.pos, `${label} cannot be set to 0s (Envoy Gateway marks the policy Invalid)`);
  return ms;
}

/** A Gateway API Duration's ms (zero allowed: the caller says what zero means). */
function gatewayMs(node: Node, label: string): number {
  notPlaceholder(node, label);
  const ms = node.kind === "string" ? gatewayDuration(node.value) : null;
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${EXPECTED}, got ${describeNode(node)}`);
  return ms;
}
