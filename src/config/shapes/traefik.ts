import { shown } from "../errors.js";
import { goDuration } from "../durations.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { JsonEntry } from "../read/json.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy } from "../tree/findings.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import { describeNode, msText, notPlaceholder } from "../tree/values.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { TRAEFIK_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/traefik.js";

/**
 * Traefik's `retry` middleware (traefik/traefik v3.7.9 and master at fd5a576d, 2026-07),
 * in the three places its docs write it:
 * - the Kubernetes CRD `Middleware` (traefik.io/v1alpha1, and the older
 *   traefik.containo.us/v1alpha1) `spec.retry`, read by
 *   pkg/provider/kubernetes/crd/kubernetes.go createRetryMiddleware (initialInterval is
 *   an IntOrString set through paerser's Duration.Set);
 * - the dynamic configuration file, `http.middlewares.<name>.retry`, in YAML or in TOML
 *   (`[http.middlewares.<name>.retry]`, read by the file provider as YAML is:
 *   pkg/provider/file/file.go loadFileConfig decodes either through paerser's file
 *   loader); a .toml file is parsed only when it holds `[http.middlewares` (the
 *   pre-filter: Cargo.toml and pyproject.toml are passed over unparsed), and its
 *   positions are found by read/toml.ts, as smol-toml gives none;
 * - labels and tags (Docker, Swarm, ECS, Nomad, Consul Catalog), as a list of
 *   `traefik.http.middlewares.<name>.retry.<option>=<value>` strings or a map of them
 *   (option names in any case, as paerser's label parser reads them).
 * pkg/middlewares/retry/retry.go New refuses attempts <= 0 and a retry with
 * disableRetryOnNetworkError and no status (it has nothing to retry on): such a
 * middleware is invalid. attempts counts every try; without initialInterval (or with 0)
 * newBackOff is ZeroBackOff: every retry at once. Durations are paerser's: bare digits
 * are seconds, anything else time.ParseDuration.
 */
export const traefik: ConfigShape = {
  system: "traefik",
  label: "Traefik retry middleware",
  preset: "traefik",
  recognised: "Traefik retry middleware (Middleware CRD, dynamic config YAML or TOML, labels)",
  levers: { cap: null, limits: ["attempts of the retry middleware"], jitter: null },
  docs: {
    system: "Traefik",
    where: "`Middleware` (`traefik.io/v1alpha1`, `traefik.containo.us/v1alpha1`); the dynamic configuration's `http.middlewares.<name>.retry`, in YAML or TOML (`[http.middlewares.<name>.retry]`; a .toml file is read only when it holds `[http.middlewares`); `traefik.http.middlewares.<name>.retry.*` labels (Docker Compose lists or maps)",
    policy:
      "`retry`: `attempts` (every try, the first included: attempts − 1 retries; required, 0 or missing is invalid as Traefik refuses it), `initialInterval` (bare digits are seconds, else a Go duration such as `100ms`); without `initialInterval` (or 0) every retry is made at once (ZeroBackOff); `disableRetryOnNetworkError` without `status` is invalid; `timeout` is not modelled; a `Middleware` of another kind (headers, stripPrefix…) holds no policy; preset `traefik`",
    conditions:
      "network errors (a request that reached the proxy and was not written; off with `disableRetryOnNetworkError`) and `status` (codes or ranges such as `500-599`; not on POST, PATCH or LOCK without `retryNonIdempotentMethod`), as retry.go reads them; without `status` network errors only. No budget: Traefik has none",
  },
  words: { tree: /[Mm]iddlewares?\b/, template: /\b[Rr]etry\b/, toml: /\[\s*http\s*\.\s*middlewares\b/ },
  documents: { read: recogniseTraefik, onlyWithWords: true, toml: true },
};

type Read = Omit<FoundPolicy, "system" | "name" | "offset">;

const LABEL = /^traefik\.http\.middlewares\.([^.=]+)\.retry\.([^.=]+)$/i;

/**
 * The retry middleware's options (traefik/traefik v3.7, pkg/config/dynamic/middlewares.go
 * Retry, as pkg/middlewares/retry/retry.go New reads them), and what Traefik does without
 * each. The CRD's schema prunes a field it does not define; the file provider passes over
 * one its struct lacks (matching the others in any case).
 */
const RETRY_KEYS: ReadonlyMap<string, string> = new Map([
  ["attempts", "Traefik refuses a retry middleware without attempts"],
  ["initialInterval", "Traefik retries at once"],
  ["timeout", "the retries have no time limit of their own"],
  ["status", "Traefik retries on network errors only"],
  ["disableRetryOnNetworkError", "Traefik retries on network errors too"],
  ["maxRequestBodyBytes", "Traefik's default request body limit applies"],
  ["retryNonIdempotentMethod", "Traefik does not retry non-idempotent methods"],
]);
const retryTable = (caseless: boolean): KeyTable => ({
  system: "traefik",
  where: "a Traefik retry middleware",
  known: [...RETRY_KEYS.keys()],
  instead: (meant) => (meant === null ? "Traefik does not define it" : (RETRY_KEYS.get(meant) ?? "Traefik does not define it")),
  caseless,
});
const CRD_RETRY = retryTable(false);
const FILE_RETRY = retryTable(true);

function recogniseTraefik(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    if (manifest.kind !== "Middleware" || !/^traefik\.(io|containo\.us)\//.test(manifest.apiVersion)) continue;
    const retry = isMap(get(manifest.node, "spec")) ? (get(manifest.node, "spec") as MapNode).entries.get("retry") : undefined;
    if (retry === undefined) continue;
    const name = manifest.name;
    if (isMap(retry.value)) retryObjectKeys(retry.value, CRD_RETRY, findings);
    findings.policy("traefik", name, retry.keyPos, () => {
      if (!isMap(retry.value)) throw new FileProblem(retry.value.pos, `retry of Middleware ${shown(name)} must be a map, got ${describeNode(retry.value)}`);
      const fields = retry.value;
      return readRetry((key) => get(fields, key), (key) => `retry.${key} of Middleware ${shown(name)}`, retry.keyPos);
    });
  }
  // The dynamic configuration: http.middlewares.<name>.retry at the top of a document, its
  // struct fields in any case (paerser's file loader matches them with strings.EqualFold,
  // parser/nodes_metadata.go findTypedField: `[http.middlewares.r.Retry]`, `Attempts`), the
  // middleware's name as written.
  const middlewares = folded(folded(root, "http")?.value, "middlewares")?.value;
  if (isMap(middlewares)) {
    for (const [name, entry] of middlewares.entries) {
      const retry = folded(entry.value, "retry");
      if (retry === undefined) continue;
      if (isMap(retry.value)) retryObjectKeys(retry.value, FILE_RETRY, findings);
      findings.policy("traefik", name, retry.keyPos, () => {
        if (!isMap(retry.value)) throw new FileProblem(retry.value.pos, `http.middlewares.${name}.retry must be a map, got ${describeNode(retry.value)}`);
        const fields = retry.value;
        return readRetry((key) => folded(fields, key)?.value, (key) => `http.middlewares.${name}.retry.${key}`, retry.keyPos);
      });
    }
  }
  labels(root, findings);
}

/** A map's entry of a struct field's name, in any case (the exact spelling first). */
function folded(node: Node | undefined, key: string): JsonEntry | undefined {
  if (node === undefined || !isMap(node)) return undefined;
  const exact = node.entries.get(key);
  if (exact !== undefined) return exact;
  const lower = key.toLowerCase();
  for (const [name, entry] of node.entries) if (name.toLowerCase() === lower) return entry;
  return undefined;
}

/** One middleware's labels: the option names folded to lower case, each with its value node and where it is. */
interface LabelGroup {
  readonly name: string;
  readonly offset: number;
  readonly values: Map<string, { value: Node; label: string }>;
}

/**
 * Every list or map holding `traefik.http.middlewares.<name>.retry.<option>` labels (a
 * service's `labels` or `deploy.labels`, a Nomad or Consul tag list), each node once,
 * named by the path of keys that leads to it.
 */
function labels(root: Node, findings: Findings): void {
  const seen = new Set<Node>();
  const walk = (node: Node, path: string, depth: number) => {
    if (seen.has(node) || depth > 64) return;
    seen.add(node);
    const groups = new Map<string, LabelGroup>();
    const add = (key: string, value: Node, offset: number, label: string) => {
      const match = LABEL.exec(key.trim());
      if (match === null) return;
      const middleware = match[1]!;
      let group = groups.get(middleware);
      if (group === undefined) {
        group = { name: middleware, offset, values: new Map() };
        groups.set(middleware, group);
      }
      group.values.set(match[2]!.toLowerCase(), { value, label });
    };
    if (node.kind === "array") {
      node.items.forEach((item, index) => {
        if (item.kind === "string") {
          const eq = item.value.indexOf("=");
          if (eq > 0) add(item.value.slice(0, eq), { kind: "string", pos: item.pos, value: item.value.slice(eq + 1) }, item.pos, item.value.slice(0, eq).trim());
        } else walk(item, `${path}[${index}]`, depth + 1);
      });
    } else if (node.kind === "object") {
      for (const [key, entry] of node.entries) {
        if (LABEL.test(key.trim())) add(key, entry.value, entry.keyPos, key.trim());
        else walk(entry.value, path === "" ? key : `${path}.${key}`, depth + 1);
      }
    }
    for (const group of groups.values()) {
      const owner = path.replace(/(^|\.)(labels|tags)$/i, "");
      const where = owner === "" ? "labels" : `labels of ${owner}`;
      const name = `${group.name} (${where})`;
      findings.policy("traefik", name, group.offset, () =>
        readRetry((key) => group.values.get(key.toLowerCase())?.value, (key) => group.values.get(key.toLowerCase())?.label ?? `traefik.http.middlewares.${group.name}.retry.${key.toLowerCase()}`, group.offset),
      );
    }
  };
  walk(root, "", 0);
}

const NO_INTERVAL = "no initialInterval: Traefik retries at once (newBackOff returns ZeroBackOff)";
const EXPECTED = 'a duration such as "100ms" or "1s", or a whole number of seconds';

/** A retry middleware's fields, looked up by their names (labels fold the case), as retry.go New and newBackOff read them. */
function readRetry(field: (key: string) => Node | undefined, label: (key: string) => string, offset: number): Read {
  const attemptsNode = field("attempts");
  if (attemptsNode === undefined) throw new FileProblem(offset, `${label("attempts")} is missing; Traefik refuses a retry middleware without attempts ("incorrect (or empty) value for attempt")`);
  const attempts = wholeNumber(attemptsNode, label("attempts"));
  if (attempts < 1) throw new FileProblem(attemptsNode.pos, `${label("attempts")} must be at least 1 (it counts the first try), got ${attempts}; Traefik refuses the middleware`);
  const status = field("status");
  const disable = field("disableRetryOnNetworkError");
  if (disable !== undefined && truthy(disable, label("disableRetryOnNetworkError")) && (status === undefined || isEmpty(status))) {
    throw new FileProblem(disable.pos, `${label("disableRetryOnNetworkError")} is true and no status is given: Traefik refuses the middleware ("retry middleware requires at least HTTP status codes or retry on TCP")`);
  }
  const options: OptionValues = { attempts: String(attempts - 1) };
  const networkErrors = disable === undefined || !truthy(disable, label("disableRetryOnNetworkError"));
  const nonIdempotent = field("retryNonIdempotentMethod");
  const conditions = retryConditions(status, networkErrors, nonIdempotent !== undefined && truthy(nonIdempotent, label("retryNonIdempotentMethod")), label("status"));
  if (attempts === 1) return { options, disabled: true, conditions };
  const interval = field("initialInterval");
  const ms = interval === undefined ? 0 : durationMs(interval, label("initialInterval"));
  if (ms <= 0) return { options, atOnce: { why: NO_INTERVAL }, conditions };
  options.base = msText(ms);
  return { options, conditions };
}

/** What a finding about a retry middleware's conditions tells the reader to edit (Traefik has no retry budget). */
const TRAEFIK_LEVERS = { conditions: "status of the retry middleware, such as [\"502\", \"504\"]", budget: null };

/**
 * What a retry middleware retries on (traefik/traefik master at fd5a576d, after v3.7.9):
 * pkg/middlewares/retry/retry.go responseWriter.WriteHeader retries a network error (the
 * request reached the proxy and no byte of it was written to the server) unless
 * disableRetryOnNetworkError, and a response whose code is in `status`
 * (pkg/types/http_code_range.go NewHTTPCodeRanges: "503" or a range "500-599", a code that
 * is not a number refused); ServeHTTP retries a status only for methods other than POST,
 * PATCH and LOCK unless retryNonIdempotentMethod. Without status only network errors are
 * retried (the docs: "as soon as the server answers, the middleware stops retrying").
 */
function retryConditions(status: Node | undefined, networkErrors: boolean, nonIdempotent: boolean, label: string): RetryOn {
  const blocks = status === undefined || isEmpty(status) ? [] : statusBlocks(status, label);
  // Network errors alone are the middleware's default; status adds its codes to them.
  const conditions: Condition[] = networkErrors ? [...TRAEFIK_DEFAULT_RETRY_ON.conditions] : [];
  for (const block of blocks) {
    const [low, high] = block.split("-").map(Number) as [number, number?];
    const top = high ?? low;
    if (low === top) conditions.push({ kind: "status", code: low });
    else if (low === 500 && top === 599) conditions.push({ kind: "5xx" });
    else conditions.push({ kind: "other", text: block, overload: [503, 429].some((code) => low <= code && code <= top) });
  }
  const words = [...(networkErrors ? TRAEFIK_DEFAULT_RETRY_ON.words : []), ...(blocks.length === 0 ? [] : [`status ${blocks.join(", ")}${nonIdempotent ? "" : " (not on POST, PATCH, LOCK)"}`])];
  return {
    words,
    from: TRAEFIK_DEFAULT_RETRY_ON.from,
    isDefault: blocks.length === 0 && networkErrors,
    conditions,
    levers: TRAEFIK_LEVERS,
  };
}

/** The status ranges as NewHTTPCodeRanges reads them: a list, or a comma-separated label value. */
function statusBlocks(node: Node, label: string): string[] {
  notPlaceholder(node, label);
  const raw =
    node.kind === "array"
      ? node.items.map((item) => (item.kind === "number" ? String(item.value) : item.kind === "string" ? item.value.trim() : describeNode(item)))
      : node.kind === "string"
        ? node.value.split(",").map((b) => b.trim())
        : node.kind === "number"
          ? [String(node.value)]
          : null;
  if (raw === null) throw new FileProblem(node.pos, `${label} must be a list of status codes or ranges such as "500-599", got ${describeNode(node)}`);
  for (const block of raw) {
    const parts = block.split("-");
    if (parts.length > 2 || parts.some((p) => !/^\d+$/.test(p))) throw new FileProblem(node.pos, `${label}: ${JSON.stringify(block)} is not a status code or a range such as "500-599"; Traefik refuses the middleware (NewHTTPCodeRanges)`);
  }
  return raw;
}

function wholeNumber(node: Node, label: string): number {
  notPlaceholder(node, label);
  // A YAML number, or (labels) its digits in a string: strconv.Atoi / ParseInt.
  const digits = node.kind === "number" ? node.source : node.kind === "string" ? node.value.trim() : null;
  if (digits === null || !/^[+-]?\d+$/.test(digits)) throw new FileProblem(node.pos, `${label} must be a whole number, got ${describeNode(node)}`);
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new FileProblem(node.pos, `${label} must be at most ${Number.MAX_SAFE_INTEGER}, got ${digits}`);
  return value;
}

/** paerser's Duration.Set: digits are seconds (strconv.ParseInt), anything else time.ParseDuration; a YAML number is seconds too. */
function durationMs(node: Node, label: string): number {
  notPlaceholder(node, label);
  const raw = node.kind === "number" ? node.source : node.kind === "string" ? node.value.trim() : null;
  const seconds = raw !== null && /^\+?\d+$/.test(raw);
  const ms = raw === null ? null : seconds ? Number(raw) * 1000 : goDuration(raw);
  if (ms === null) throw new FileProblem(node.pos, `${label} must be ${EXPECTED}, got ${describeNode(node)}`);
  // Bare digits are seconds, times time.Second in a Go int64 of nanoseconds: past 9,223,372,036 s it overflows.
  if (seconds && ms > MAX_GO_SECONDS * 1000) throw new FileProblem(node.pos, `${label} is too large: ${raw} seconds is beyond Go's longest duration (${MAX_GO_SECONDS} s, about 292 years)`);
  return Math.round(ms * 1e6) / 1e6;
}

/** The most whole seconds a Go time.Duration (int64 nanoseconds) holds. */
const MAX_GO_SECONDS = 9_223_372_036;

function truthy(node: Node, label: string): boolean {
  notPlaceholder(node, label);
  if (node.kind === "boolean") return node.value;
  // strconv.ParseBool, as labels are read.
  const raw = node.kind === "string" ? node.value.trim() : null;
  if (raw !== null && ["1", "t", "T", "TRUE", "true", "True"].includes(raw)) return true;
  if (raw !== null && ["0", "f", "F", "FALSE", "false", "False"].includes(raw)) return false;
  throw new FileProblem(node.pos, `${label} must be true or false, got ${describeNode(node)}`);
}

function isEmpty(node: Node): boolean {
  return (node.kind === "array" && node.items.length === 0) || (node.kind === "string" && node.value.trim() === "") || node.kind === "null";
}
