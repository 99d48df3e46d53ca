import { shown } from "../errors.js";
import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { JsonEntry } from "../read/json.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder, timeoutValue } from "../tree/values.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { DAPR_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/dapr.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";

/**
 * Dapr `Resiliency` (dapr.io/v1alpha1): each `spec.policies.retries.<name>`, read as the
 * sidecar reads it (dapr/dapr v1.18.3 and main at d8450742, 2026-08):
 * - pkg/apis/resiliency/v1alpha1/types.go Retry: policy, duration, maxInterval (strings),
 *   maxRetries (*int), matching; the CRD (charts/dapr/crds/resiliency.yaml) has no other
 *   field, so initialInterval, multiplier, randomizationFactor or maxElapsedTime are
 *   refused by the API server and dropped by self-hosted Dapr;
 * - pkg/resiliency/resiliency.go decodePolicies: every policy starts from dapr/kit's
 *   retry.DefaultConfig (constant, Duration 5 s, MaxRetries −1; the exponential policy's
 *   500 ms, ×1.5, ±50 %, MaxInterval 60 s, MaxElapsedTime 15 min) and the fields given
 *   are decoded over it (dapr/kit config.Decode: a duration of bare digits is ms, else
 *   time.ParseDuration; policy "constant" or "exponential", any case, anything else fails
 *   the whole Resiliency); a policy named after a built-in with maxRetries below 3 (−1
 *   included) is reset to 3; DaprBuiltInActorNotFoundRetries cannot be overridden;
 * - dapr/kit retry/retry.go NewBackOff: WithMaxRetries only for maxRetries ≥ 0, so any
 *   negative count retries without a count limit; 0 makes no retry;
 * - pkg/resiliency/policy.go: a target's timeout policy bounds each call (context.WithTimeout
 *   inside the retried operation): when every target naming the retry names the same
 *   timeout, it is the try time (resiliency.go parseDuration: bare digits are ms).
 */
export const dapr: ConfigShape = {
  system: "dapr",
  label: "Dapr Resiliency",
  preset: "dapr",
  recognised: "Dapr Resiliency retries",
  levers: { cap: "maxInterval of the retry policy (policy: exponential)", limits: ["maxRetries of the retry policy"], jitter: null },
  docs: {
    system: "Dapr",
    where: "`Resiliency` (`dapr.io/v1alpha1`)",
    policy:
      "each `spec.policies.retries.<name>`: `policy` constant (the default: `duration`, default 5 s, every time) or exponential (500 ms ×1.5, ±50 %, to `maxInterval`, default 60 s, and Dapr's fixed 15 min MaxElapsedTime); `maxRetries` −1 or unset (or any negative) retries without a count limit, 0 is off; durations are Go durations or bare digits in quotes (ms); a constant `duration` of 0 retries at once; a built-in policy name with `maxRetries` below 3 is read as 3, an override of DaprBuiltInActorNotFoundRetries is invalid (Dapr ignores it); a field the CRD does not have (`initialInterval`, `maxRetrys`…) is an unknown key, named with the field meant; preset `dapr`. Timeouts: the timeout policy every target naming the retry names (try time)",
    conditions:
      "`matching.httpStatusCodes` and `gRPCStatusCodes` (codes or ranges such as `500-599`; a list left unset retries every code of its kind), with errors that carry no status code always; without `matching`, every error (retry.go). No budget"
  },
  words: { tree: /Resiliency/ },
  documents: { read: recogniseDapr },
};

/** resiliency.go: names whose override is held to at least 3 retries, and the one that cannot be overridden. */
const BUILT_IN = new Set(["DaprBuiltInServiceRetries", "DaprBuiltInActorRetries", "DaprBuiltInActorReminderRetries", "DaprBuiltInInitializationRetries"]);
const PROTECTED = "DaprBuiltInActorNotFoundRetries";
/**
 * A retry policy's fields and what Dapr does without each (issue 36, item 1): dapr/dapr
 * pkg/apis/resiliency/v1alpha1/types.go Retry (policy, duration, maxInterval, maxRetries; at
 * 2e240173) and `matching` (httpStatusCodes, gRPCStatusCodes), which Dapr 1.14 added. A
 * field it does not define: the API server refuses the Resiliency (the CRD's schema) and
 * self-hosted Dapr drops it, keeping the policy's defaults, which is what is checked.
 */
const RETRY_FIELDS: ReadonlyMap<string, string> = new Map([
  ["policy", "Dapr uses its default, the constant policy"],
  ["duration", "Dapr uses its default constant duration, 5 s"],
  ["maxInterval", "Dapr uses its default maxInterval, 60 s"],
  ["maxRetries", "Dapr uses its default, retrying without a count limit"],
  ["matching", "Dapr retries on every error"],
]);
const RETRY_KEYS: KeyTable = {
  system: "dapr",
  where: "a Dapr retry policy",
  known: [...RETRY_FIELDS.keys()],
  instead: (meant) => (meant === null ? "the API server refuses it; self-hosted Dapr drops it (the exponential policy's 500 ms start, ×1.5, ±50 % and 15 min limit are fixed)" : RETRY_FIELDS.get(meant)!),
};
const EXPECTED = 'a duration such as "5s" or "500ms", or digits in quotes (milliseconds)';

function recogniseDapr(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "Resiliency" || !manifest.apiVersion.startsWith("dapr.io/")) continue;
    const spec = get(manifest.node, "spec");
    const retries = get(get(spec, "policies"), "retries");
    if (!isMap(retries)) continue;
    const tryTimes = targetTimeouts(spec, get(get(spec, "policies"), "timeouts"));
    for (const [policyName, entry] of retries.entries) {
      const name = `${manifest.name}/${policyName}`;
      // A field Dapr does not define is a finding of its own (rule unknown-key), with the field meant; the policy is read without it.
      if (isMap(entry.value) && policyName !== PROTECTED) retryObjectKeys(entry.value, RETRY_KEYS, findings);
      findings.policy("dapr", name, entry.keyPos, () => {
        if (policyName === PROTECTED) {
          throw new FileProblem(entry.keyPos, `retry policy ${PROTECTED} is protected: Dapr ignores this override and keeps its own (constant 1 s, 5 retries)`);
        }
        if (!isMap(entry.value)) throw new FileProblem(entry.value.pos, `retry policy ${shown(name)} must be a map, got ${describeNode(entry.value)}`);
        const read = timed(readRetry(entry.value, policyName, (key) => `${key} of retry policy ${shown(name)}`), tryTimes.get(policyName), name);
        return { ...read, conditions: matching(entry.value, `matching of retry policy ${shown(name)}`) };
      });
    }
  }
}

type Read = Omit<FoundPolicy, "system" | "name" | "offset">;

function readRetry(retry: MapNode, policyName: string, label: (key: string) => string): Read {
  const options: OptionValues = {};
  let exponential = false;
  const policy = get(retry, "policy");
  if (policy !== undefined) {
    notPlaceholder(policy, label("policy"));
    const value = policy.kind === "string" ? policy.value.toLowerCase() : null;
    // omitempty: an empty policy is the default, constant.
    if (value !== "" && value !== "constant" && value !== "exponential") {
      throw new FileProblem(policy.pos, `${label("policy")} must be constant or exponential, got ${describeNode(policy)}; Dapr then refuses the whole Resiliency`);
    }
    exponential = value === "exponential";
  }
  if (exponential) options.strategy = "exponential";
  // duration is the constant policy's wait, maxInterval the exponential policy's cap: each is read only there.
  const duration = exponential ? undefined : durationMs(get(retry, "duration"), label("duration"));
  const maxInterval = exponential ? durationMs(get(retry, "maxInterval"), label("maxInterval")) : undefined;
  if (maxInterval !== undefined) {
    if (maxInterval.ms === 0) throw new FileProblem(maxInterval.node.pos, `${label("maxInterval")} is zero: every retry after the first would be made at once (cenkalti's MaxInterval 0), which backoff does not model`);
    options.cap = msText(maxInterval.ms);
  }
  if (duration !== undefined && duration.ms > 0) options.base = msText(duration.ms);

  let retries: number | null = null;
  const count = get(retry, "maxRetries");
  if (count !== undefined) {
    notPlaceholder(count, label("maxRetries"));
    const digits = count.kind === "number" && /^-?\d+$/.test(count.source) ? count.source : null;
    if (digits === null) throw new FileProblem(count.pos, `${label("maxRetries")} must be a whole number (−1 for no limit), got ${describeNode(count)}`);
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) throw new FileProblem(count.pos, `${label("maxRetries")} must be at most ${Number.MAX_SAFE_INTEGER}, got ${digits}`);
    // NewBackOff: `if c.MaxRetries >= 0 { b = backoff.WithMaxRetries(b, uint64(c.MaxRetries)) }`.
    retries = value >= 0 ? value : null;
  }
  // decodePolicies: `if r.isBuiltInPolicy(name) && rc.MaxRetries < 3 { rc.MaxRetries = 3 }` (−1, the default, included).
  if (BUILT_IN.has(policyName) && (retries === null || retries < 3)) retries = 3;
  if (retries !== null) options.attempts = String(retries);
  if (retries === 0) return { options, disabled: true };
  if (duration !== undefined && duration.ms === 0) {
    const why = "duration 0: Dapr's constant policy retries at once";
    return retries === null ? { options, atOnce: { why }, forever: true } : { options, atOnce: { why } };
  }
  return { options };
}

/** A Dapr duration (dapr/kit config.Decode): bare digits are milliseconds, anything else Go's time.ParseDuration; "" is unset. */
function durationMs(node: Node | undefined, label: string): { ms: number; node: Node } | undefined {
  if (node === undefined) return undefined;
  notPlaceholder(node, label);
  if (node.kind === "string" && node.value === "") return undefined;
  if (node.kind !== "string") throw new FileProblem(node.pos, `${label} must be a string, ${EXPECTED}, got ${describeNode(node)}`);
  const ms = daprDuration(node.value);
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${EXPECTED}, got ${describeNode(node)}`);
  return { ms: Math.round(ms * 1e6) / 1e6, node };
}

function daprDuration(text: string): number | null {
  // strconv.Atoi (config.Decode) and strconv.ParseInt (parseDuration) take an optional sign; a negative wait is refused here.
  if (/^\+?\d+$/.test(text)) return Number(text);
  return goDuration(text);
}

/**
 * The timeout policy each retry policy is paired with by the targets (apps, actors,
 * components' inbound and outbound): a retry every target of which names one and the
 * same timeout gets it as its try time; one named with several timeouts, or with none,
 * gets none.
 */
interface PairedTimeout {
  readonly name: string;
  readonly entry: JsonEntry;
}

function targetTimeouts(spec: Node | undefined, timeouts: Node | undefined): Map<string, PairedTimeout | null> {
  const paired = new Map<string, PairedTimeout | null>();
  const pair = (target: Node | undefined) => {
    const retry = get(target, "retry");
    if (retry === undefined || retry.kind !== "string") return;
    const timeoutName = get(target, "timeout");
    const entry = timeoutName !== undefined && timeoutName.kind === "string" && isMap(timeouts) ? timeouts.entries.get(timeoutName.value) : undefined;
    const timeout = entry === undefined ? null : { name: (timeoutName as { value: string }).value, entry };
    const before = paired.get(retry.value);
    paired.set(retry.value, before === undefined || (before !== null && timeout !== null && before.entry === timeout.entry) ? timeout : null);
  };
  const targets = get(spec, "targets");
  for (const group of ["apps", "actors"]) {
    const named = get(targets, group);
    if (isMap(named)) for (const entry of named.entries.values()) pair(entry.value);
  }
  const components = get(targets, "components");
  if (isMap(components)) {
    for (const entry of components.entries.values()) {
      pair(get(entry.value, "inbound"));
      pair(get(entry.value, "outbound"));
    }
  }
  return paired;
}

function timed(read: Read, timeout: PairedTimeout | null | undefined, name: string): Read {
  if (timeout === undefined || timeout === null || read.disabled === true) return read;
  const tryTime = timeoutValue(timeout.entry.value, `timeouts.${timeout.name} (paired with retry policy ${shown(name)})`, daprDuration, EXPECTED);
  if (tryTime === null) return read;
  const timeouts: FoundTimeout[] = [{ role: "attempt-time", field: `timeouts.${timeout.name}`, offset: timeout.entry.keyPos }];
  return { ...read, options: { ...read.options, attemptTime: tryTime }, timeouts };
}

/** The gRPC codes by number (grpc-go codes/codes.go), for Dapr's gRPCStatusCodes. */
const GRPC = ["OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"];

/**
 * What a Dapr retry policy retries on (dapr/dapr v1.18.0-rc.1-215-gd8450742, pkg/resiliency/
 * retry.go ParseRetryConditionMatch, mustRetryStatusCode, parsePatterns; policy.go): an error
 * that carries no status code is always retried; a status code is retried when it is in
 * matching.httpStatusCodes (HTTP) or matching.gRPCStatusCodes (gRPC, by number), comma-
 * separated codes or ranges such as "500-599", and every code of a kind whose list is unset
 * (a nil list retries everything). Without matching Dapr retries every error. No budget.
 */
function matching(retry: MapNode, label: string): RetryOn {
  const levers = { conditions: "matching.httpStatusCodes (and gRPCStatusCodes) of the retry policy, such as \"502,504\"", budget: null };
  const match = get(retry, "matching");
  const http = isMap(match) ? get(match, "httpStatusCodes") : undefined;
  const grpc = isMap(match) ? get(match, "gRPCStatusCodes") : undefined;
  const list = (node: Node | undefined, key: string, min: number, max: number): [number, number][] | null => {
    const raw = node?.kind === "string" ? node.value.trim() : node?.kind === "number" ? String(node.value) : "";
    if (raw === "") return null;
    return raw.split(",").map((pattern) => {
      const parts = pattern.trim().split("-");
      const [low, high] = [Number(parts[0]), Number(parts[1] ?? parts[0])];
      if (parts.length > 2 || !Number.isInteger(low) || !Number.isInteger(high) || low < min || high > max || high < low) {
        throw new FileProblem(node!.pos, `${label}.${key}: ${JSON.stringify(pattern)} is not a code or a range from ${min} to ${max}; Dapr refuses the resiliency (parsePatterns)`);
      }
      return [low, high];
    });
  };
  const httpCodes = list(http, "httpStatusCodes", 100, 599);
  const grpcCodes = list(grpc, "gRPCStatusCodes", 0, 16);
  if (httpCodes === null && grpcCodes === null) {
    return { ...DAPR_DEFAULT_RETRY_ON, levers };
  }
  const conditions: Condition[] = [{ kind: "other", text: "errors without a status code" }];
  const words: string[] = [];
  if (httpCodes === null) conditions.push({ kind: "other", text: "every HTTP status", overload: true });
  else {
    words.push(`httpStatusCodes ${(http as { value: unknown }).value}`);
    for (const [low, high] of httpCodes) conditions.push(low === high ? { kind: "status", code: low } : low === 500 && high === 599 ? { kind: "5xx" } : { kind: "other", text: `${low}-${high}`, overload: [503, 429].some((c) => low <= c && c <= high) });
  }
  if (grpcCodes === null) conditions.push({ kind: "other", text: "every gRPC status", overload: true });
  else {
    words.push(`gRPCStatusCodes ${(grpc as { value: unknown }).value}`);
    for (const [low, high] of grpcCodes) for (let c = low; c <= high; c++) conditions.push({ kind: "grpc", code: GRPC[c]! });
  }
  return { words, from: "matching", isDefault: false, conditions, levers };
}
