import { protoDuration } from "../durations.js";
import type { OptionValues } from "../option-values.js";
import { parseJsonSource } from "../read/json.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, forEachMap, get, isMap, isSeq, text } from "../tree/walk.js";
import { FileProblem, Findings, type FoundTimeout } from "../tree/findings.js";
import { decimalText, describeNode, durationValue, timeoutValue, wholeNumber } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";

/**
 * A retryPolicy's fields (grpc/grpc-proto grpc/service_config/service_config.proto,
 * MethodConfig.RetryPolicy: max_attempts, initial_backoff, max_backoff,
 * backoff_multiplier, retryable_status_codes, per_attempt_recv_timeout), in both JSON
 * spellings. The clients pass over a field they do not know; the first five are
 * required, so a misspelt one leaves the service config refused.
 */
const RETRY_FIELDS = ["max_attempts", "initial_backoff", "max_backoff", "backoff_multiplier", "retryable_status_codes", "per_attempt_recv_timeout"];
const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const RETRY_POLICY: KeyTable = {
  system: "grpc",
  where: "a gRPC retryPolicy",
  known: RETRY_FIELDS.flatMap((f) => [camel(f), f]),
  instead: (meant) =>
    meant === null ? "gRPC clients ignore it" : /^per_?attempt/i.test(meant) ? "the tries have no timeout of their own" : `gRPC clients refuse the service config without ${camel(meant.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))}`,
};

/**
 * gRPC service configs (gRFC A6): each `methodConfig[]` entry's `retryPolicy`, with the
 * service config's `retryThrottling` beside it. A service config is any map holding a
 * `methodConfig` list: the file itself (a service config JSON), a value inside a client's
 * YAML or JSON config, one of the DNS TXT record's choices (`serviceConfig`), or a JSON
 * string such as grpc-go's WithDefaultServiceConfig takes (reported at the string, whose
 * inner positions are not the file's).
 *
 * Every field of a retryPolicy is required and a client refuses the whole service config
 * when one is missing or out of range (grpc-go service_config.go isValidRetryPolicy, grpc-js
 * service-config.ts validateRetryPolicy, 1.14.7): those are problems at their node.
 * maxAttempts counts the first try and clients treat more than 5 as 5, so the retries are
 * min(maxAttempts, 5) − 1. A method config with only a hedgingPolicy holds no retry
 * schedule (copies sent hedgingDelay apart) and reports nothing; one without `name`
 * applies to no method (grpc-go skips it).
 */
export const grpc: ConfigShape = {
  system: "grpc",
  label: "gRPC service config",
  preset: "grpc-retry",
  recognised: "gRPC service config retryPolicy",
  levers: { cap: "maxBackoff in the retryPolicy", limits: ["maxAttempts in the retryPolicy (counts the first try)"], jitter: null },
  docs: {
    system: "gRPC",
    where: "service config JSON (`methodConfig`), also inside a client's YAML/JSON config, a DNS `grpc_config` choice's `serviceConfig` or a JSON string",
    policy:
      "each `methodConfig[].retryPolicy` (maxAttempts − 1 retries, at most 4; initialBackoff, maxBackoff, backoffMultiplier; every field required, as clients refuse the config otherwise); `retryThrottling` named beside it; a `hedgingPolicy` is not a retry schedule and reports nothing; preset `grpc-retry`, with the bounds that hold for every client (grpc-java 1.71+, grpc-go 1.69+, grpc-js and C-core each ±20 %; `--grpc-client` names one). Timeouts: the method config's `timeout` (deadline; no try time)",
    conditions:
      "`retryableStatusCodes` (names in any case, or numbers; a code gRPC does not define: invalid). Budget: `retryThrottling`",
  },
  words: { tree: /methodConfig/ },
  documents: { read: recogniseGrpc, onlyWithWords: true },
};

/** grpc-go clientconn.go/dialoptions.go defaultMaxCallAttempts; A6 "Values greater than 5 are treated as 5". */
const MAX_ATTEMPTS_LIMIT = 5;

function recogniseGrpc(root: Node, _file: DocumentFile, findings: Findings): void {
  forEachMap(root, (map) => {
    for (const [key, entry] of map.entries) {
      // A service config as a JSON string (WithDefaultServiceConfig, a Helm value): read on its own.
      if (entry.value.kind === "string" && entry.value.value.includes("methodConfig")) embedded(entry.value.value, entry.value.pos, key, findings);
    }
    if (!isSeq(get(map, "methodConfig"))) return;
    serviceConfig(map, findings);
    return false;
  });
}

function embedded(json: string, pos: number, key: string, findings: Findings): void {
  const trimmed = json.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return;
  let root: Node;
  try {
    root = parseJsonSource(json, key);
  } catch {
    return; // not JSON: no service config
  }
  // Inner offsets point into the string: everything is placed at the string itself.
  const inner = new Findings();
  try {
    recogniseGrpc(root, { text: json, name: key, named: false }, inner);
  } catch (error) {
    if (error instanceof FileProblem) throw new FileProblem(pos, `${error.message} (in the service config string ${JSON.stringify(key)})`);
    throw error;
  }
  for (const key of inner.unknownKeys) findings.unknownKeys.push({ ...key, offset: pos });
  for (const policy of inner.policies) findings.policies.push({ ...policy, name: `${policy.name} (${key})`, offset: pos });
  for (const unresolved of inner.unresolved) findings.unresolved.push({ ...unresolved, name: `${unresolved.name} (${key})`, offset: pos });
  // A policy with a wrong value is invalid (a finding), placed at the string like the rest.
  for (const invalid of inner.invalid) findings.invalid.push({ ...invalid, name: `${invalid.name} (${key})`, offset: pos, reason: `${invalid.reason} (in the service config string ${JSON.stringify(key)})` });
}

function serviceConfig(config: MapNode, findings: Findings): void {
  const throttling = throttlingText(config);
  const methods = get(config, "methodConfig");
  if (!isSeq(methods)) return;
  methods.items.forEach((method, index) => {
    if (!isMap(method)) throw new FileProblem(method.pos, `methodConfig[${index}] must be a map, got ${describeNode(method)}`);
    const names = get(method, "name");
    if (!isSeq(names) || names.items.length === 0) return;
    const entry = method.entries.get("retryPolicy");
    if (entry === undefined) return;
    if (isMap(entry.value)) retryObjectKeys(entry.value, RETRY_POLICY, findings);
    // A6: "Values greater than 5 are treated as 5": said in the name, as the file says more.
    const attempts = get(entry.value, "maxAttempts");
    const treated = attempts?.kind === "number" && attempts.value > MAX_ATTEMPTS_LIMIT ? ` (maxAttempts ${attempts.source}, treated as ${MAX_ATTEMPTS_LIMIT})` : "";
    const name = `${names.items.map((n) => methodName(n)).join(", ")}${treated}${throttling}`;
    findings.policy("grpc", name, entry.keyPos, () => ({ ...withTimeout(retryPolicy(entry.value, name), method, name), conditions: retryableCodes(entry.value, name, throttling) }));
  });
}

/** "helloworld.Greeter/SayHello", a whole service, or every method ({} or an empty service). */
function methodName(node: Node): string {
  const service = text(get(node, "service")) ?? "";
  const method = text(get(node, "method")) ?? "";
  if (service === "") return "(every method)";
  return method === "" ? service : `${service}/${method}`;
}

/** retryThrottling as the policy's name shows it; a client refuses the config for a bad one (A6 Validation of retryThrottling). */
function throttlingText(config: MapNode): string {
  const throttling = get(config, "retryThrottling");
  if (throttling === undefined) return "";
  if (!isMap(throttling)) throw new FileProblem(throttling.pos, `retryThrottling must be a map, got ${describeNode(throttling)}`);
  const maxTokens = get(throttling, "maxTokens");
  const tokenRatio = get(throttling, "tokenRatio");
  if (maxTokens === undefined || tokenRatio === undefined) throw new FileProblem(throttling.pos, "retryThrottling needs maxTokens and tokenRatio (gRPC clients refuse the service config otherwise)");
  const tokens = decimalText(maxTokens, "retryThrottling.maxTokens");
  if (!(Number(tokens) > 0 && Number(tokens) <= 1000)) throw new FileProblem(maxTokens.pos, `retryThrottling.maxTokens must be in (0, 1000], got ${tokens}`);
  const ratio = decimalText(tokenRatio, "retryThrottling.tokenRatio");
  if (!(Number(ratio) > 0)) throw new FileProblem(tokenRatio.pos, `retryThrottling.tokenRatio must be greater than 0, got ${ratio}`);
  return ` [retryThrottling maxTokens ${tokens}, tokenRatio ${ratio}]`;
}

/**
 * The method config's `timeout`: the call's deadline, every attempt of it included (gRFC
 * A6-client-retries.md at grpc/proposal 0070717f: "gRPC's call deadline applies across
 * all attempts for a given RPC"; the application's own deadline may be shorter, which
 * only makes more retries unreachable). A6's retryPolicy has no per-attempt timeout, so
 * no try time is read (give one with --attempt-time). A zero timeout is refused rather
 * than guessed at.
 */
function withTimeout(policy: { options: OptionValues }, method: MapNode, name: string): { options: OptionValues; timeouts?: FoundTimeout[] } {
  const timeout = method.entries.get("timeout");
  if (timeout === undefined) return policy;
  const label = `timeout of ${name}`;
  const deadline = timeoutValue(timeout.value, label, protoDuration, 'a duration in seconds such as "1.5s"');
  if (deadline === null) throw new FileProblem(timeout.value.pos, `${label} is zero; backoff reads a method timeout of at least 1 ms`);
  return { options: { ...policy.options, deadline }, timeouts: [{ role: "deadline", field: "timeout", offset: timeout.keyPos }] };
}

/** The gRPC status codes by number (grpc/grpc doc/statuscodes.md; grpc-go codes/codes.go). */
const GRPC_CODES = [
  "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED",
  "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
];

/**
 * retryableStatusCodes in the vocabulary (gRFC A6: status code names, such as "UNAVAILABLE",
 * or their numbers; grpc-js service-config.ts validateRetryPolicy takes a name in any case
 * and a number of a known code, and refuses the config otherwise, as grpc-go's codes
 * UnmarshalJSON does). retryThrottling beside it is the policy's retry budget (A6: "retry
 * throttling", tokens spent by failures, so retries stop once the failure ratio is high).
 */
function retryableCodes(node: Node, name: string, throttling: string): RetryOn {
  const codes = get(node, "retryableStatusCodes");
  const label = `retryPolicy.retryableStatusCodes of ${name}`;
  const names = isSeq(codes)
    ? codes.items.map((item) => {
        const code = item.kind === "number" && Number.isInteger(item.value) ? GRPC_CODES[item.value] : item.kind === "string" ? GRPC_CODES.find((c) => c === item.value.toUpperCase()) : undefined;
        if (code === undefined) throw new FileProblem(item.pos, `${label}: ${describeNode(item)} is not a gRPC status code (gRPC clients refuse the service config)`);
        return code;
      })
    : [];
  const budget = throttling === "" ? {} : { budget: throttling.trim().replace(/^\[|\]$/g, "") };
  return {
    words: names,
    from: "retryableStatusCodes",
    isDefault: false,
    conditions: names.map((code) => ({ kind: "grpc", code })),
    levers: { conditions: "retryableStatusCodes in the retryPolicy, such as [\"UNAVAILABLE\"]", budget: "retryThrottling (maxTokens, tokenRatio) in the service config" },
    ...budget,
  };
}

function retryPolicy(node: Node, name: string): { options: OptionValues } {
  const label = (key: string) => `retryPolicy.${key} of ${name}`;
  if (!isMap(node)) throw new FileProblem(node.pos, `retryPolicy of ${name} must be a map, got ${describeNode(node)}`);
  const field = (key: string): Node => {
    const value = get(node, key);
    if (value === undefined) throw new FileProblem(node.pos, `retryPolicy of ${name} needs ${key} (gRPC clients refuse the service config without it)`);
    return value;
  };
  const attempts = wholeNumber(field("maxAttempts"), label("maxAttempts"));
  if (attempts < 2) throw new FileProblem(field("maxAttempts").pos, `${label("maxAttempts")} must be at least 2 (it counts the first try), got ${attempts}`);
  const expected = 'a duration in seconds such as "0.1s"';
  const options: OptionValues = {
    attempts: String(Math.min(attempts, MAX_ATTEMPTS_LIMIT) - 1),
    base: durationValue(field("initialBackoff"), label("initialBackoff"), protoDuration, expected),
    cap: durationValue(field("maxBackoff"), label("maxBackoff"), protoDuration, expected),
    factor: decimalText(field("backoffMultiplier"), label("backoffMultiplier")),
    // Every client reads the service config, and they draw differently (presets/grpc-retry.ts): the bounds that hold for all (issue 36, item 5).
    jitter: "union",
  };
  if (!(Number(options.factor) > 0)) throw new FileProblem(field("backoffMultiplier").pos, `${label("backoffMultiplier")} must be greater than 0, got ${options.factor}`);
  const codes = field("retryableStatusCodes");
  if (!isSeq(codes) || codes.items.length === 0) throw new FileProblem(codes.pos, `${label("retryableStatusCodes")} must be a non-empty list, got ${describeNode(codes)}`);
  return { options };
}
