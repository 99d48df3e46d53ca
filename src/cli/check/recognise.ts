import { UsageError } from "../shared/errors.js";
import { parseJsonSource } from "../../config/read/json.js";
import { PropertiesError, parseProperties } from "../../config/read/properties.js";
import { recogniseArgo } from "./shapes/argo.js";
import { recogniseEnvoy } from "./shapes/envoy.js";
import { flattenProperties, flattenTree } from "./shapes/flat.js";
import { recogniseIstio } from "./shapes/istio.js";
import { recogniseKafkaProperties } from "./shapes/kafka.js";
import { recogniseKubernetesJobs } from "./shapes/kubernetes-job.js";
import { looksLikeOwnConfig, recogniseOwnConfig } from "./shapes/own.js";
import { SPRING_ROOTS, type SpringDocument, recogniseSpring } from "./shapes/spring.js";
import { recogniseStepFunctions } from "./shapes/step-functions.js";
import { FileProblem, Findings, type FoundPolicy, type Node, type UnresolvedPolicy } from "./tree.js";
import { YamlSyntaxError, parseYamlDocuments } from "../../config/read/yaml.js";

/**
 * One file's text to the policies in it: the parser its syntax needs, then every
 * recogniser. Pure: the caller reads the file (discover.ts) and reports.
 *
 * What happens to a file that is not what it seems depends on how it was given:
 * - named on the command line: a syntax error, or no policy at all, is bad input
 *   (a UsageError, `file:line:col: …`, exit 2);
 * - found in a directory: a file that does not mention anything a recogniser looks for
 *   is passed over without being parsed; one that does but cannot be parsed, or is a
 *   template, is skipped with a reason (one line on stderr);
 * - either way, a recognised policy with a wrong value (`MaxAttempts: "three"`) is bad
 *   input: the file says something backoff would check wrongly if it guessed.
 */
export type FileKind = "json" | "yaml" | "properties";

/*
 * Why .json files are read by backoff's own JSON reader (shared/json-source.ts) and not by
 * `yaml`, which reads JSON too, or by jsonc-parser:
 * - its errors are exact and already part of backoff's interface: `retry.json:1:16:
 *   unknown key "atempts"…` is the same line whether the file comes by --config or as a
 *   PATH, and the existing tests hold it byte for byte;
 * - it refuses what a JSON file must not hold and YAML would accept: comments, unquoted
 *   strings, single quotes, trailing commas, duplicate keys (yaml's duplicate check is
 *   quadratic in a map's size, see yaml-tree.ts);
 * - numbers keep their digits (a factor of 1.10000000000000001 is refused, not rounded);
 *   objects are Maps (no prototype keys); nesting stops at 64 levels;
 * - it is fast: on the 3.8 MB of Step Functions JSON in the bench's tree it took 60–100 ms
 *   where `yaml` took 1.6–2 s (JSON.parse: 10–30 ms, without positions).
 * jsonc-parser would add a dependency for comments that .json files must not have.
 */

export interface Located {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}
export type LocatedPolicy = FoundPolicy & Located;
export type LocatedUnresolved = UnresolvedPolicy & Located;
/** recogniseFile copies these fields one by one: a field added to FoundPolicy or UnresolvedPolicy fails to compile here until it is copied too. */
const COPIES_EVERY_FIELD: [Exclude<keyof FoundPolicy, "system" | "name" | "offset" | "preset" | "options" | "disabled">, Exclude<keyof UnresolvedPolicy, "system" | "name" | "offset" | "reason">] extends [never, never] ? true : never = true;
void COPIES_EVERY_FIELD;

export interface FileResult {
  readonly policies: readonly LocatedPolicy[];
  readonly unresolved: readonly LocatedUnresolved[];
  /** Set when the file was skipped (a template, or a syntax error while scanning). */
  readonly skipped: string | null;
  /** False when the file mentions nothing any recogniser looks for (it was not parsed). */
  readonly looked: boolean;
}

/**
 * Words some recogniser needs to see before it can find anything: a file (or a YAML
 * document) without one is passed over unparsed. Keys may be quoted (JSON) or not.
 */
const SYSTEM_WORDS = /StartAt|StateMachine|backoffLimit|retryStrategy|retry_policy|retryPolicy|resilience4j|kafka|VirtualService|\bkind["']?\s*:\s*["']?(?:Cron)?Job\b/;
/** backoff's own config while scanning: one of its identifying keys, at the start of a line or after { or ,. */
const OWN_WORDS_SCAN = /(?:^|[{,])[ \t]*["']?(?:policies|strategy|base|preset|backoff)["']?[ \t]*:/m;
/** …and named on the command line: any of its keys. */
const OWN_WORDS_NAMED = /["']?\b(?:strategy|base|cap|factor|step|attempts|jitter|preset|seed|assert|clients|policies|backoff)\b["']?\s*:/;
const KAFKA_WORDS = /retry\.backoff|delivery\.timeout|^[ \t]*retries\b|resilience4j|spring/m;
const SPRING_WORDS = /resilience4j|kafka/;
/** A state machine's StartAt, or a CloudFormation/SAM state machine's Type (step-functions.ts). */
const STEP_FUNCTIONS_WORDS = /StartAt|StateMachine/;
/** Envoy's policy keys (envoy.ts POLICY_KEYS). */
const ENVOY_WORDS = /retry_policy|retryPolicy/;

export function mentionsPolicy(text: string, kind: FileKind, named: boolean): boolean {
  if (kind === "properties") return KAFKA_WORDS.test(text);
  return SYSTEM_WORDS.test(text) || (named ? OWN_WORDS_NAMED : OWN_WORDS_SCAN).test(text);
}

/**
 * A Helm or Jinja template: `{{` or `{%` outside quoted strings and comments (Argo's own
 * `"{{inputs.parameters.x}}"` and Step Functions' JSONata `"{% … %}"` sit inside quotes).
 */
export function looksLikeTemplate(text: string): boolean {
  if (!text.includes("{{") && !text.includes("{%")) return false;
  for (const line of text.split("\n")) {
    if (!line.includes("{{") && !line.includes("{%")) continue;
    const bare = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '""').replace(/(^|\s)#.*$/, "$1");
    if (bare.includes("{{") || bare.includes("{%")) return true;
  }
  return false;
}

/** Offsets to 1-based line and column (UTF-16 units); \n, \r\n and \r end a line, as json-source counts. */
export class LineIndex {
  private starts: number[] | null = null;
  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    if (this.starts === null) {
      const starts = [0];
      const text = this.text;
      if (!text.includes("\r")) {
        // The usual case, found by the engine's own search rather than character by character.
        for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
      } else {
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
        }
      }
      this.starts = starts;
    }
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}

export interface FileInput {
  /** How the file is named in messages and reports (relative to the working directory). */
  readonly name: string;
  readonly text: string;
  readonly kind: FileKind;
  readonly named: boolean;
  /** Inside a Helm chart's templates/ folder. */
  readonly helmTemplate?: boolean;
}

export function recogniseFile(input: FileInput): FileResult {
  const { name, kind, named } = input;
  const text = input.text.charCodeAt(0) === 0xfeff ? input.text.slice(1) : input.text;
  const lines = new LineIndex(text);
  // Built property by property: spreading the recognisers' objects (of many shapes) was
  // the slowest step of a file after parsing it.
  const locatedPolicy = (p: FoundPolicy): LocatedPolicy => {
    const { line, column } = lines.at(p.offset);
    const located = { system: p.system, name: p.name, offset: p.offset, preset: p.preset, options: p.options, file: name, line, column };
    return p.disabled === undefined ? located : { ...located, disabled: p.disabled };
  };
  const locatedUnresolved = (u: UnresolvedPolicy): LocatedUnresolved => {
    const { line, column } = lines.at(u.offset);
    return { system: u.system, name: u.name, offset: u.offset, reason: u.reason, file: name, line, column };
  };
  const at = (offset: number) => {
    const { line, column } = lines.at(offset);
    return `${name}:${line}:${column}`;
  };
  const empty = (skipped: string | null, looked: boolean): FileResult => ({ policies: [], unresolved: [], skipped, looked });

  if (!mentionsPolicy(text, kind, named)) return empty(null, false);
  if (kind === "yaml" && (input.helmTemplate === true || looksLikeTemplate(text))) {
    return empty("a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -", true);
  }
  // Syntax first: while scanning, a file that cannot be parsed is skipped, not fatal.
  let parsed: { documents: Array<Node | null> } | { properties: ReturnType<typeof parseProperties> };
  try {
    if (kind === "properties") parsed = { properties: parseProperties(text) };
    else if (kind === "json") parsed = { documents: [parseJsonSource(text, name)] };
    else parsed = { documents: parseYamlDocuments(text, (document) => mentionsPolicy(document, "yaml", named)).map((d) => d.root) };
  } catch (error) {
    const problem = syntaxProblem(error, at);
    if (problem === null) throw error;
    if (named) throw new UsageError(problem);
    return empty(problem, true);
  }
  // Then the values: a wrong one is bad input however the file was found.
  const findings = new Findings();
  try {
    if ("properties" in parsed) readProperties(parsed.properties, name, findings);
    else readTree(parsed.documents, text, name, named, findings);
  } catch (error) {
    if (error instanceof FileProblem) throw new UsageError(`${at(error.offset)}: ${error.message}`);
    throw error;
  }
  return { policies: findings.policies.map(locatedPolicy), unresolved: findings.unresolved.map(locatedUnresolved), skipped: null, looked: true };
}

/** Errors that name a place in the file, as one `file:line:col: message` line; null for anything else. */
function syntaxProblem(error: unknown, at: (offset: number) => string): string | null {
  if (error instanceof YamlSyntaxError || error instanceof PropertiesError) {
    const prefix = error instanceof YamlSyntaxError ? "YAML: " : error instanceof PropertiesError ? "properties: " : "";
    return `${at(error.offset)}: ${prefix}${error.message}`;
  }
  // The JSON reader's errors already read "file:line:col: …".
  if (error instanceof UsageError) return error.message;
  return null;
}

function readTree(documents: ReadonlyArray<Node | null>, text: string, name: string, named: boolean, findings: Findings): void {
  const spring: SpringDocument[] = [];
  // The two recognisers that walk the whole tree look for keys that must then be in the
  // text (a JSON or double-quoted YAML key could spell them with escapes: then they walk).
  const escaped = text.includes("\\");
  const stepFunctions = escaped || STEP_FUNCTIONS_WORDS.test(text);
  const envoy = escaped || ENVOY_WORDS.test(text);
  for (const root of documents) {
    if (root === null) continue;
    const before = findings.policies.length + findings.unresolved.length;
    if (stepFunctions) recogniseStepFunctions(root, text, findings);
    recogniseKubernetesJobs(root, findings);
    recogniseArgo(root, findings);
    recogniseIstio(root, findings);
    if (envoy) recogniseEnvoy(root, findings);
    if (SPRING_WORDS.test(text)) spring.push({ entries: flattenTree(root, SPRING_ROOTS) });
    const foundHere = findings.policies.length + findings.unresolved.length > before;
    if (!foundHere && looksLikeOwnConfig(root, named)) recogniseOwnConfig(root, text, name, findings);
  }
  if (spring.length > 0) recogniseSpring(spring, findings);
}

function readProperties(entries: ReturnType<typeof parseProperties>, name: string, findings: Findings): void {
  const documents = new Map<number, SpringDocument & { entries: ReturnType<typeof flattenProperties> }>();
  const plain = flattenProperties(entries.filter((e) => !/^(?:spring|resilience4j)\./i.test(e.key)));
  for (const entry of entries) {
    if (!/^(?:spring|resilience4j)\./i.test(entry.key)) continue;
    const document = documents.get(entry.document) ?? { entries: [] };
    document.entries.push(...flattenProperties([entry]));
    documents.set(entry.document, document);
  }
  if (documents.size > 0) recogniseSpring([...documents.values()], findings);
  recogniseKafkaProperties(plain, name.split("/").pop()!, findings);
}
