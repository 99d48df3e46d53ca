import { UsageError } from "./errors.js";
import { SUPPRESSION_WORD } from "./suppressions.js";
import { parseJsonSource, lineLocator } from "./read/json.js";
import { PropertiesError, type PropertyEntry, parseProperties } from "./read/properties.js";
import { TomlSyntaxError, parseTomlDocument } from "./read/toml.js";
import { type LenientRead, YamlSyntaxError, parseYamlDocuments } from "./read/yaml.js";
import type { DocumentFile } from "./shape.js";
import { SHAPES, SHAPE_WORDS, shapeOf } from "./shapes/index.js";
import { PROFILE_ROOTS, type SpringDocument, flattenProperties, flattenTree, readSpringDocuments } from "./spring-boot.js";
import { misspeltSectionsInProperties, misspeltSectionsInTree } from "./spring-sections.js";
import { ConfigProblem } from "./schema.js";
import type { Node } from "./tree/walk.js";
import { FileProblem, Findings, type FoundPolicy, type FoundTimeout, type InvalidPolicy, type UnresolvedPolicy } from "./tree/findings.js";
import type { FoundLimit } from "./tree/retry-limits.js";
import { type UnknownKey, unknownKeyMessage } from "./tree/unknown-keys.js";

/**
 * One file's text to the policies in it: the parser its syntax needs, then every
 * recogniser. Pure: the caller reads the file (src/cli/check/scan-file.ts) and reports.
 *
 * What happens to a file that is not what it seems depends on how it was given:
 * - named on the command line: a syntax error, a template, or no policy at all, is bad
 *   input (a UsageError, `file:line:col: …`, exit 2);
 * - found in a directory: a file that does not mention anything a recogniser looks for
 *   is passed over without being parsed; one that does but cannot be parsed, or is a
 *   template, is skipped with a reason (one line on stderr);
 * - either way, a recognised policy with a wrong value (`MaxAttempts: "three"`) is an
 *   invalid policy at the value's place: a finding (exit 1), and the file's other
 *   policies, and every other file, are still read.
 */
export type FileKind = "json" | "yaml" | "properties" | "toml";

/*
 * Why .json files are read by backoff's own JSON reader (read/json.ts) and not by
 * `yaml`, which reads JSON too, or by jsonc-parser:
 * - its errors are exact and already part of backoff's interface: `retry.json:1:16:
 *   unknown key "atempts"…` is the same line whether the file comes by --config or as a
 *   PATH, and the existing tests hold it byte for byte;
 * - it refuses what a JSON file must not hold and YAML would accept: comments, unquoted
 *   strings, single quotes, trailing commas, duplicate keys (yaml's duplicate check is
 *   quadratic in a map's size, see read/yaml.ts);
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
/** A policy found, with the preset its system is checked with (null: backoff's own config) and where it is. */
export type LocatedPolicy = Omit<FoundPolicy, "timeouts"> & Located & {
  readonly preset: string | null;
  readonly timeouts?: readonly LocatedTimeout[];
  /**
   * The lines of the keys the policy's block holds (its own line among them), for the inline
   * suppressions on them (config/suppressions.ts): set only in a file that holds one.
   */
  readonly keyLines?: readonly number[];
};
/** A timeout beside a policy, at its line and column (null for a system's default). */
export interface LocatedTimeout {
  readonly role: FoundTimeout["role"];
  readonly field: string;
  readonly line: number | null;
  readonly column: number | null;
}
export type LocatedUnresolved = UnresolvedPolicy & Located;
/** A retry limit (a circuit breaker, a retry budget) at its line and column. */
export type LocatedLimit = Omit<FoundLimit, "offset"> & Located;
export type LocatedInvalid = InvalidPolicy & Located;
/** A key its system does not define, at its line and column, with its message (`unknown key "backofLimit" in a Job's spec; …`). */
export type LocatedUnknownKey = Omit<UnknownKey, "offset"> & Located & { readonly message: string };
/** recogniseFile copies these fields one by one: a field added to FoundPolicy or UnresolvedPolicy fails to compile here until it is copied too. */
const COPIES_EVERY_FIELD: [Exclude<keyof FoundPolicy, "system" | "name" | "offset" | "options" | "disabled" | "atOnce" | "waitsFrom" | "forever" | "timeouts" | "routes" | "conditions">, Exclude<keyof UnresolvedPolicy, "system" | "name" | "offset" | "reason">] extends [never, never] ? true : never = true;
void COPIES_EVERY_FIELD;

export interface FileResult {
  readonly policies: readonly LocatedPolicy[];
  readonly unresolved: readonly LocatedUnresolved[];
  /** Policies whose values are wrong (findings, rule invalid-policy). */
  readonly invalid: readonly LocatedInvalid[];
  /** Retry limits the file sets (Envoy circuit breakers, Istio DestinationRules' maxRetries and retry budgets), whatever they govern. */
  readonly limits: readonly LocatedLimit[];
  /** Keys their system does not define, where a retry setting is written (findings, rule unknown-key). */
  readonly unknownKeys: readonly LocatedUnknownKey[];
  /** Set when the file was skipped (a template while scanning). */
  readonly skipped: string | null;
  /**
   * Set when the file holds a shape's key words but cannot be parsed while scanning (a
   * finding, rule unreadable): where the reader stopped, why, and the systems whose words
   * it holds (their labels, in the registry's order).
   */
  readonly unreadable: UnreadableNote | null;
  /** False when the file mentions nothing any recogniser looks for (it was not parsed). */
  readonly looked: boolean;
  /** Set when a YAML document was read past a rule of YAML 1.2 that the systems' own readers do not hold (read/yaml.ts): where, and what. */
  readonly lenient: LocatedNote | null;
}

/** A file that cannot be parsed: where and why, and the systems whose key words it holds. */
export interface UnreadableNote extends LocatedNote {
  readonly systems: readonly string[];
}

/** A remark on how a file was read, at its first place. */
export interface LocatedNote {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** Why a document read leniently was read at all: the rule YAML 1.2 holds, the library's words, the readers that do not hold it. */
export function lenientReason(read: Pick<LenientRead, "rule" | "lines" | "refused">): string {
  const lines = read.lines === 1 ? "a line" : `${read.lines} lines`;
  const their = read.lines === 1 ? "its" : "their";
  const what = read.rule === "flow" ? `a flow collection indented left of ${their} key` : `a quoted string not indented past ${their} key`;
  return (
    `${lines} of ${what}, which YAML 1.2 refuses ("${read.refused}"); ` +
    "PyYAML (SAM CLI's and cfn-lint's reader) and go-yaml accept it: read as they read it"
  );
}

/** The systems whose key words (ConfigShape.words) the text holds, in the registry's order. */
export function systemsMentioned(text: string, kind: FileKind, named: boolean): string[] {
  return SHAPES.filter((shape) => {
    const words = kind === "properties" ? shape.words.properties : kind === "toml" ? shape.words.toml : named ? (shape.words.named ?? shape.words.tree) : shape.words.tree;
    return words !== undefined && words.test(text);
  }).map((shape) => shape.system);
}

/** Whether the text holds any shape's words (shapes/index.ts SHAPE_WORDS): else it is passed over unparsed. */
export function mentionsPolicy(text: string, kind: FileKind, named: boolean): boolean {
  return (kind === "properties" ? SHAPE_WORDS.properties : kind === "toml" ? SHAPE_WORDS.toml : named ? SHAPE_WORDS.named : SHAPE_WORDS.tree).test(text);
}

/**
 * A Helm or Jinja template: `{{` or `{%` outside quoted strings, block scalars and comments
 * (Argo's own `"{{inputs.parameters.x}}"` and Step Functions' JSONata `"{% … %}"` sit inside
 * quotes; a chart's values.yaml carries `{{ .Values.x }}` for a config file inside a `|`
 * block, which is a string to every YAML reader, as is a GitHub `if: |` expression).
 */
export function looksLikeTemplate(text: string): boolean {
  return templateOffset(text) !== -1;
}

/**
 * A Go or Jinja template of a TOML file (traefik's own test fixtures: `{{if .IsHTTP}}` on a line
 * of its own): `{{` or `{%` opening a line or a value, where TOML allows neither (an inline
 * table opens with one brace). Inside a quoted string (`"http://{{.IP}}:4318"`) it is text.
 */
function tomlTemplateOffset(text: string): number {
  const found = /^[ \t]*\{[{%]|=[ \t]*\{[{%]/m.exec(text);
  return found === null ? -1 : found.index + found[0].indexOf("{");
}

/** A Kubernetes object: a top-level `apiVersion:` with a value (a backoff config never has one). */
const KUBERNETES_MANIFEST = /^apiVersion:[ \t]*["']?[A-Za-z]/m;

/** Every resource of the text a CustomResourceDefinition (its top-level `kind:` lines): a schema, never a policy, in a template or a file. */
function onlyDefinitions(text: string): boolean {
  const kinds = [...text.matchAll(/^kind:[ \t]*["']?([A-Za-z]+)/gm)].map((m) => m[1]);
  return kinds.length > 0 && kinds.every((kind) => kind === "CustomResourceDefinition");
}

/**
 * Argo Workflows' own expressions (`{{workflow.uid}}`, `{{inputs.parameters.x}}`,
 * `{{=sprig.int(…)}}`, …), which Argo substitutes when it runs the workflow: written
 * bare in plain scalars (`name: client-{{workflow.uid}}`) they are no Helm. The prefixes are
 * those of Argo's docs/variables.md (argoproj/argo-workflows v3.5): global `workflow.*`,
 * template `inputs.*`, `outputs.*`, `steps.*`, `tasks.*`, `pod.name`, `node.name`, `item`,
 * `retries`, `lastRetry.*`, `cronworkflow.*`, and `=` expressions.
 */
const ARGO_EXPRESSION = /\{\{\s*(?:=|(?:workflow|inputs|outputs|steps|tasks|pod|node|item|retries|lastRetry|cronworkflow)\b)[^{}]*\}\}/g;

/**
 * GitHub Actions' expressions (`${{ github.sha }}`, `${{ matrix.attempts }}`), which the
 * runner evaluates when the step runs, in a workflow or an action file (a top-level
 * `jobs:` or `runs:` key): written bare they are no Helm. One may run over several lines
 * (`if: ${{` … `}}`, a multi-line plain scalar), so they are blanked in the whole text.
 */
const GITHUB_EXPRESSION = /\$\{\{[^{}]*\}\}/g;
const GITHUB_WORKFLOW = /^(?:jobs|runs):/m;

/**
 * A line that opens a block scalar (`key: |`, `- >-`, `key: |2`), its quotes and comment
 * blanked: the lines indented deeper than it are the scalar's text, whatever they hold.
 */
const BLOCK_SCALAR_OPENER = /(?:^|[\s:])[|>][1-9+-]{0,2}\s*$/;

/** Where the first `{{` or `{%` outside quoted strings, block scalars, comments and Argo's or GitHub's expressions is; -1 for none. */
function templateOffset(text: string): number {
  if (!text.includes("{{") && !text.includes("{%")) return -1;
  const argo = text.includes("argoproj.io/");
  // Blanked, not removed, so that an offset in the blanked text is one in the file.
  const blank = (match: string) => match.replace(/[^\n]/g, " ");
  const scanned = GITHUB_WORKFLOW.test(text) ? text.replace(GITHUB_EXPRESSION, blank) : text;
  let start = 0;
  // The indentation of the line that opened the block scalar being passed over; -1 outside one.
  let blockIndent = -1;
  for (const line of scanned.split("\n")) {
    const lineStart = start;
    start += line.length + 1;
    const indent = line.search(/\S/);
    if (blockIndent !== -1) {
      if (indent === -1 || indent > blockIndent) continue;
      blockIndent = -1;
    }
    let bare = argo ? line.replace(ARGO_EXPRESSION, blank) : line;
    bare = bare.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, blank).replace(/(^|\s)#.*$/, (m) => blank(m));
    const at = Math.min(...[bare.indexOf("{{"), bare.indexOf("{%")].filter((i) => i !== -1));
    if (Number.isFinite(at)) return lineStart + at;
    if (BLOCK_SCALAR_OPENER.test(bare)) blockIndent = indent;
  }
  return -1;
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
  const lines = lineLocator(text);
  // Built property by property: spreading the recognisers' objects (of many shapes) was
  // the slowest step of a file after parsing it.
  const locatedPolicy = (p: FoundPolicy): LocatedPolicy => {
    const { line, column } = lines(p.offset);
    const located = { system: p.system, name: p.name, offset: p.offset, preset: shapeOf(p.system).preset, options: p.options, file: name, line, column };
    if (p.disabled === undefined && p.atOnce === undefined && p.waitsFrom === undefined && p.forever === undefined && p.timeouts === undefined && p.routes === undefined && p.conditions === undefined) return located;
    return {
      ...located,
      ...(p.disabled === undefined ? {} : { disabled: p.disabled }),
      ...(p.atOnce === undefined ? {} : { atOnce: p.atOnce }),
      ...(p.waitsFrom === undefined ? {} : { waitsFrom: p.waitsFrom }),
      ...(p.forever === undefined ? {} : { forever: p.forever }),
      ...(p.timeouts === undefined ? {} : { timeouts: p.timeouts.map(locatedTimeout) }),
      ...(p.routes === undefined ? {} : { routes: p.routes }),
      ...(p.conditions === undefined ? {} : { conditions: p.conditions }),
    };
  };
  const locatedTimeout = (t: FoundTimeout): LocatedTimeout => {
    if (t.offset === null) return { role: t.role, field: t.field, line: null, column: null };
    const { line, column } = lines(t.offset);
    return { role: t.role, field: t.field, line, column };
  };
  const locatedUnresolved = (u: UnresolvedPolicy): LocatedUnresolved => {
    const { line, column } = lines(u.offset);
    return { system: u.system, name: u.name, offset: u.offset, reason: u.reason, file: name, line, column };
  };
  const locatedInvalid = (u: InvalidPolicy): LocatedInvalid => ({ ...locatedUnresolved(u) });
  const at = (offset: number) => {
    const { line, column } = lines(offset);
    return `${name}:${line}:${column}`;
  };
  const locatedLimit = (l: FoundLimit): LocatedLimit => ({ system: l.system, source: l.source, limit: l.limit, scope: l.scope, ...(l.overridden === undefined ? {} : { overridden: l.overridden }), file: name, ...lines(l.offset) });
  const locatedUnknownKey = (u: UnknownKey): LocatedUnknownKey => ({ system: u.system, key: u.key, meant: u.meant, where: u.where, instead: u.instead, message: unknownKeyMessage(u), file: name, ...lines(u.offset) });
  const empty = (skipped: string | null, looked: boolean, unreadable: UnreadableNote | null = null): FileResult => ({ policies: [], unresolved: [], invalid: [], limits: [], unknownKeys: [], skipped, looked, lenient: null, unreadable });

  if (!mentionsPolicy(text, kind, named)) return empty(null, false);
  const template = kind === "yaml" ? (input.helmTemplate === true ? Math.max(0, text.search(/\{\{|\{%/)) : templateOffset(text)) : kind === "toml" ? tomlTemplateOffset(text) : -1;
  if (template !== -1) {
    const why = "a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -";
    if (named) throw new UsageError(`${at(template)}: ${why}`);
    // Found while scanning: a warning only where it may hold a policy (shape.ts words.template), else passed over,
    // as is a chart's CustomResourceDefinition (an HTTPRoute's or a ServiceProfile's schema names their keys).
    if (kind === "yaml" && (!SHAPE_WORDS.template.test(text) || onlyDefinitions(text))) return empty(null, false);
    return empty(why, true);
  }
  // Syntax first: while scanning, a file that cannot be parsed is a finding (rule unreadable), not fatal.
  let parsed: { documents: Array<Node | null> } | { properties: PropertyEntry[] };
  let lenient: LocatedNote | null = null;
  try {
    if (kind === "properties") parsed = { properties: parseProperties(text) };
    else if (kind === "json") parsed = { documents: [parseJsonWithSubstitutions(text, name)] };
    else if (kind === "toml") parsed = { documents: [parseTomlDocument(text)] };
    else {
      // A CustomResourceDefinition is a schema, never a policy: not parsed (the Gateway API's and
      // Istio's CRDs name every retry key, and the Gateway API's CEL rules are quoted strings
      // indented as YAML 1.2 refuses, hundreds of lines of them).
      const documents = parseYamlDocuments(text, (document) => mentionsPolicy(document, "yaml", named) && !onlyDefinitions(document));
      const read = documents.filter((d) => d.lenient !== undefined).map((d) => d.lenient!);
      if (read.length > 0) lenient = { ...lines(read[0]!.offset), reason: lenientReason({ rule: read[0]!.rule, lines: read.filter((r) => r.rule === read[0]!.rule).reduce((n, r) => n + r.lines, 0), refused: read[0]!.refused }) };
      parsed = { documents: documents.map((d) => d.root) };
    }
  } catch (error) {
    const problem = syntaxProblem(error, at);
    if (problem === null) throw error;
    if (named) throw new UsageError(problem);
    const systems = systemsMentioned(text, kind, named);
    // A Kubernetes manifest that only backoff's own words matched (a Deployment's `strategy:`) is
    // no backoff config, which has no apiVersion or kind: broken or not, it holds no policy.
    if (systems.every((system) => system === "backoff") && KUBERNETES_MANIFEST.test(text)) return empty(null, false);
    return empty(null, true, unreadableNote(problem, name, systems));
  }
  // Then the values: a wrong one makes its policy invalid (a finding), however the file was found.
  const findings = new Findings();
  const fileName = name.split("/").pop()!;
  if ("properties" in parsed) readProperties(parsed.properties, fileName, findings);
  else readTree(parsed.documents, { text, name, named }, findings, kind === "toml");
  // Inline suppressions apply to the lines of a policy's keys: found only in a file that holds one.
  const keyLinesOf = text.includes(SUPPRESSION_WORD) ? blockLines(parsed, (offset) => lines(offset).line) : null;
  return {
    policies: findings.policies.map((p) => {
      const located = locatedPolicy(p);
      return keyLinesOf === null ? located : { ...located, keyLines: keyLinesOf(p.offset) };
    }),
    unresolved: findings.unresolved.map(locatedUnresolved),
    invalid: findings.invalid.map(locatedInvalid),
    limits: findings.limits.map(locatedLimit),
    unknownKeys: findings.unknownKeys.map(locatedUnknownKey),
    skipped: null,
    looked: true,
    lenient,
    unreadable: null,
  };
}

/**
 * The lines of the keys in the block a policy came from (the node at its offset, or the value
 * of the key there), each line once: in a .properties file, the keys that share the prefix
 * of the key at its offset (an instance's `resilience4j.retry.instances.svc.`; a plain
 * Kafka client's file, every key).
 */
function blockLines(parsed: { documents: Array<Node | null> } | { properties: PropertyEntry[] }, lineOf: (offset: number) => number): (offset: number) => number[] {
  if ("properties" in parsed) {
    return (offset) => {
      const at = parsed.properties.find((e) => e.keyOffset === offset);
      const prefix = at === undefined ? null : at.key.slice(0, at.key.lastIndexOf(".") + 1);
      const entries = prefix === null ? [] : parsed.properties.filter((e) => e.document === at!.document && e.key.startsWith(prefix));
      return [...new Set([lineOf(offset), ...entries.map((e) => lineOf(e.keyOffset))])];
    };
  }
  return (offset) => {
    const found = new Set<number>([lineOf(offset)]);
    const seen = new Set<Node>();
    const collect = (node: Node) => {
      if (seen.has(node)) return;
      seen.add(node);
      found.add(lineOf(node.pos));
      if (node.kind === "object") for (const entry of node.entries.values()) {
        found.add(lineOf(entry.keyPos));
        collect(entry.value);
      }
      else if (node.kind === "array") for (const item of node.items) collect(item);
    };
    // The block: the node at the offset, or the value of the key at it.
    const search = (node: Node, visited: Set<Node>): boolean => {
      if (visited.has(node)) return false;
      visited.add(node);
      if (node.pos === offset) {
        collect(node);
        return true;
      }
      if (node.kind === "object") {
        for (const entry of node.entries.values()) {
          if (entry.keyPos === offset) {
            collect(entry.value);
            return true;
          }
          if (search(entry.value, visited)) return true;
        }
      } else if (node.kind === "array") for (const item of node.items) if (search(item, visited)) return true;
      return false;
    };
    for (const root of parsed.documents) if (root !== null && search(root, new Set())) break;
    return [...found].sort((a, b) => a - b);
  };
}

/**
 * Runs one shape's reader: a wrong value it meets outside a single policy's reading (a
 * `Retry` that is no list, backoff's own config with an unknown key) makes an invalid
 * policy named after the file, and the other readers and documents are read on.
 */
function guarded(system: string, fileName: string, findings: Findings, read: () => void): void {
  try {
    read();
  } catch (error) {
    if (error instanceof FileProblem || error instanceof ConfigProblem) {
      findings.invalid.push({ system, name: fileName, offset: error.offset, reason: error instanceof ConfigProblem ? error.detail : error.message });
    } else {
      throw error;
    }
  }
}

/**
 * A JSON file as JSON has it, else, when it holds `${`, with CloudFormation/SAM variables
 * written bare where a value goes (a Step Functions definition a SAM `DefinitionUri`
 * names, for `DefinitionSubstitutions`): each is a value set when the stack is deployed,
 * and the rest of the file is read as it is. A file that fails both ways reports the
 * lenient reading's error: the same as the strict one's, or past it where the first
 * error was only a variable.
 */
function parseJsonWithSubstitutions(text: string, name: string): Node {
  try {
    return parseJsonSource(text, name);
  } catch (error) {
    if (!(error instanceof UsageError) || !text.includes("${")) throw error;
    return parseJsonSource(text, name, { substitutions: true });
  }
}

/** A syntax problem's `file:line:col: message` line as a place and a reason (the file's start when it names no place in it). */
function unreadableNote(problem: string, name: string, systems: readonly string[]): UnreadableNote {
  const prefix = `${name}:`;
  const located = problem.startsWith(prefix) ? /^(\d+):(\d+): (.*)$/s.exec(problem.slice(prefix.length)) : null;
  if (located === null) return { line: 1, column: 1, reason: problem, systems };
  return { line: Number(located[1]), column: Number(located[2]), reason: located[3]!, systems };
}

/** Errors that name a place in the file, as one `file:line:col: message` line; null for anything else. */
function syntaxProblem(error: unknown, at: (offset: number) => string): string | null {
  if (error instanceof YamlSyntaxError || error instanceof PropertiesError || error instanceof TomlSyntaxError) {
    const prefix = error instanceof YamlSyntaxError ? "YAML: " : error instanceof PropertiesError ? "properties: " : "TOML: ";
    return `${at(error.offset)}: ${prefix}${error.message}`;
  }
  // The JSON reader's errors already read "file:line:col: …".
  if (error instanceof UsageError) return error.message;
  return null;
}

/** The registry's readers of each view, in its order. */
const DOCUMENT_SHAPES = SHAPES.filter((shape) => shape.documents !== undefined && shape.documents.lastResort !== true);
const LAST_RESORT_SHAPES = SHAPES.filter((shape) => shape.documents?.lastResort === true);
const SPRING_SHAPES = SHAPES.filter((shape) => shape.spring !== undefined);
const PROPERTIES_SHAPES = SHAPES.filter((shape) => shape.properties !== undefined);
const SPRING_READERS = SPRING_SHAPES.map((shape) => shape.spring!.read);
/** What Spring Boot's view of a document keeps: the Spring shapes' roots and what names a profile. */
const SPRING_ROOTS = [...SPRING_SHAPES.flatMap((shape) => shape.spring!.roots), ...PROFILE_ROOTS];
/** A YAML or JSON text worth flattening for Spring Boot: one Spring shape's words are in it. */
const SPRING_WORDS = new RegExp(SPRING_SHAPES.map((shape) => `(?:${shape.words.tree?.source ?? "(?!)"})`).join("|") || "(?!)", "m");
/** A .properties key of Spring Boot's view ("spring.", "resilience4j."): the first elements of the roots, in any case. */
const SPRING_PROPERTY = new RegExp(`^(?:${[...new Set(SPRING_ROOTS.map((root) => root[0]!))].join("|")})\\.`, "i");

const TOML_SHAPES = DOCUMENT_SHAPES.filter((shape) => shape.documents!.toml === true);

/** A TOML document (toml: true) is read by the shapes that read TOML alone: no Spring Boot view, no last resort. */
function readTree(documents: ReadonlyArray<Node | null>, file: DocumentFile, findings: Findings, toml = false): void {
  if (toml) {
    const fileName = file.name.split("/").pop()!;
    for (const root of documents) if (root !== null) for (const shape of TOML_SHAPES) guarded(shape.system, fileName, findings, () => shape.documents!.read(root, file, findings));
    return;
  }
  const spring: SpringDocument[] = [];
  const fileName = file.name.split("/").pop()!;
  // The readers that walk the whole tree look for keys that must then be in the text (a
  // JSON or double-quoted YAML key could spell them with escapes: then they walk).
  const escaped = file.text.includes("\\");
  const shapes = DOCUMENT_SHAPES.filter((shape) => shape.documents!.onlyWithWords !== true || escaped || shape.words.tree!.test(file.text));
  const springWanted = SPRING_WORDS.test(file.text);
  for (const root of documents) {
    if (root === null) continue;
    const before = findings.count;
    for (const shape of shapes) guarded(shape.system, fileName, findings, () => shape.documents!.read(root, file, findings));
    if (springWanted) guarded(SPRING_SHAPES[0]!.system, fileName, findings, () => spring.push({ entries: flattenTree(root, SPRING_ROOTS) }));
    // A misspelt section (resilience4j.rety) hides every retry setting under it: an unknown key.
    if (springWanted) misspeltSectionsInTree(root, findings);
    if (findings.count === before) for (const shape of LAST_RESORT_SHAPES) guarded(shape.system, fileName, findings, () => shape.documents!.read(root, file, findings));
  }
  if (spring.length > 0) guarded(SPRING_SHAPES[0]!.system, fileName, findings, () => readSpringDocuments(spring, SPRING_READERS, findings));
}

function readProperties(entries: readonly PropertyEntry[], fileName: string, findings: Findings): void {
  const documents = new Map<number, SpringDocument & { entries: ReturnType<typeof flattenProperties> }>();
  const plain = flattenProperties(entries.filter((e) => !SPRING_PROPERTY.test(e.key)));
  for (const entry of entries) {
    if (!SPRING_PROPERTY.test(entry.key)) continue;
    const document = documents.get(entry.document) ?? { entries: [] };
    document.entries.push(...flattenProperties([entry]));
    documents.set(entry.document, document);
  }
  if (documents.size > 0) guarded(SPRING_SHAPES[0]!.system, fileName, findings, () => readSpringDocuments([...documents.values()], SPRING_READERS, findings));
  misspeltSectionsInProperties(entries, findings);
  for (const shape of PROPERTIES_SHAPES) guarded(shape.system, fileName, findings, () => shape.properties!(plain, fileName, findings));
}
