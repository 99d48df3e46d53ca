import { ONE, compareDecimals, decimalText, parseDecimalText, parsePlainDecimal } from "../core/decimal.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { STRATEGIES } from "../core/policy.js";
import { closest, didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import { ASSERT_KEYS, LINT_LEVELS, type AssertKey, type OptionKey, type OptionValues, type PolicyKey, parseCount } from "./option-values.js";
import { type JsonEntry, type JsonNode, lineLocator, parseJsonSource, where } from "./read/json.js";
import { YamlSyntaxError, parseYamlDocuments } from "./read/yaml.js";
import { describeNode } from "./tree/values.js";
import { exactDecimalNumber, parseAttempts, parseBase, parseCap, parseDuration, parseFactor, parseTimeout } from "./values.js";

/**
 * backoff's own configuration format (what `--config` reads, and `check PATH` in JSON or
 * YAML), turned into the option values the command line gives: validation of the values themselves is the flags' own
 * (parseDuration, parseFactor, …), labelled with the file, line, column and key.
 */
export interface ConfigPolicy {
  /** The name under `policies`, or null for a file holding one policy. */
  readonly name: string | null;
  readonly options: OptionValues;
  /** 1-based line of the policy (its key under `policies`, or the file's opening brace). */
  readonly line: number;
  /** 1-based column there, as check PATH gives it for the same policy. */
  readonly column: number;
}

export interface ConfigFile {
  /** How messages name the source: the path, or "<stdin>". */
  readonly name: string;
  readonly policies: readonly ConfigPolicy[];
}

/** Keys that would reach an object's prototype if copied onto a plain object. */
export const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The kinds of value a config key takes, each read by ConfigReader.value below and described
 * in the JSON Schema (schema/backoff-config.schema.json) by scripts/config-schema.ts.
 */
export type ConfigValueKind = "strategy" | "base" | "cap" | "duration" | "timeout" | "factor" | "attempts" | "jitter" | "seed" | "preset" | "count" | "level";

/**
 * A policy's own keys (the flags' long names, in the order messages list them), the option
 * each sets and the kind of value it takes: the reader and the JSON Schema read this table.
 */
export const POLICY_CONFIG_KEYS = {
  strategy: { option: "strategy", kind: "strategy" },
  base: { option: "base", kind: "base" },
  cap: { option: "cap", kind: "cap" },
  factor: { option: "factor", kind: "factor" },
  step: { option: "step", kind: "duration" },
  attempts: { option: "attempts", kind: "attempts" },
  jitter: { option: "jitter", kind: "jitter" },
  preset: { option: "preset", kind: "preset" },
  seed: { option: "seed", kind: "seed" },
  /** A preset's elapsed-time limit (cenkalti MaxElapsedTime, p-retry maxRetryTime), like --max-elapsed. */
  "max-elapsed": { option: "maxElapsed", kind: "duration" },
} as const satisfies Record<PolicyKey | "max-elapsed", { readonly option: OptionKey; readonly kind: ConfigValueKind }>;
export type PolicyConfigKey = keyof typeof POLICY_CONFIG_KEYS;

const CALCULATOR_KEYS = Object.keys(POLICY_CONFIG_KEYS) as PolicyConfigKey[];
/** Keys a policy takes beside its own, which a file with "policies" sets for all of them at its top. */
export const SHARED_KEYS = ["assert", "clients"] as const;
/**
 * The keys of a repository's config (`.backoff.yaml`, read by `check PATH…`: repo-config.ts)
 * beside the policy's: levels per rule, globs left out, settings per folder. A policy reader
 * passes over them, so one file serves `check --config FILE` and `check PATH` alike.
 */
export const REPO_KEYS = ["rules", "exclude", "overrides", "grpc-client"] as const;
/**
 * The top level may name its JSON Schema (`"$schema": "…"`), for editors; the reader
 * checks it is a string and otherwise ignores it.
 */
export const SCHEMA_KEY = "$schema";
export const BULLMQ_BACKOFF_KEYS = ["type", "delay", "jitter"] as const;
/**
 * BullMQ job options that do not change when retries happen; accepted and ignored
 * so that a job's options can be pasted as they are. (`delay` postpones the first
 * try only.)
 */
export const BULLMQ_IGNORED = [
  "delay", "priority", "lifo", "jobId", "timestamp", "removeOnComplete", "removeOnFail", "keepLogs", "stackTraceLimit",
  "sizeLimit", "repeat", "parent", "failParentOnFailure", "ignoreDependencyOnFailure", "removeDependencyOnFailure",
  "continueParentOnFailure", "deduplication", "debounce", "telemetry", "prevMillis", "repeatJobKey",
] as const;
export const BULLMQ_TYPES = ["fixed", "exponential"] as const;
/** BullMQ's `attempts` counts every try, so fewer than 2 is no retry at all. */
export const BULLMQ_MIN_TRIES = 2;

/** What a duration in a file may be, as messages (and the JSON Schema's descriptions) say it. */
export const DURATION_FORMS = 'a number of milliseconds or a string such as "1.5s"';

/** The most characters (code points) in a policy name. */
export const MAX_POLICY_NAME = 100;
/** The characters a policy name may not hold (control characters), as the body of a character class. */
export const POLICY_NAME_REFUSED = "\\u0000-\\u001f\\u007f";
const REFUSED_IN_NAME = new RegExp(`[${POLICY_NAME_REFUSED}]`);

/** A JSON configuration's tree, after its byte-order mark. */
function jsonTree(text: string, name: string): { root: JsonNode; body: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") throw new UsageError(`${name} is empty; expected a JSON object such as {"base": "1s", "attempts": 5}`);
  return { root: parseJsonSource(body, name), body };
}

/**
 * A YAML configuration's tree (`--config retry.yaml`), read by the YAML reader `check PATH`
 * uses, one document; syntax errors at file:line:col.
 */
function yamlTree(text: string, name: string): { root: JsonNode; body: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let documents;
  try {
    documents = parseYamlDocuments(body);
  } catch (error) {
    if (error instanceof YamlSyntaxError) throw new UsageError(`${where(name, body, error.offset)}: YAML: ${error.message}`);
    throw error;
  }
  const given = documents.filter((document) => document.root !== null);
  if (given.length === 0) throw new UsageError(`${name} is empty; expected a YAML mapping such as "base: 1s" and "attempts: 5" on two lines`);
  if (given.length > 1) throw new UsageError(`${where(name, body, given[1]!.offset)}: a config file holds one YAML document; this is a second one`);
  return { root: given[0]!.root!, body };
}

/** Reads a configuration document; every problem is a UsageError naming file:line:column and the key. */
export function parseConfig(text: string, name: string): ConfigFile {
  const { root, body } = jsonTree(text, name);
  return new ConfigReader(body, name).file(root);
}

/** A YAML configuration: the same keys and the same checks as JSON. */
export function parseYamlConfig(text: string, name: string): ConfigFile {
  const { root, body } = yamlTree(text, name);
  return new ConfigReader(body, name).file(root);
}

/**
 * A configuration's tree, JSON or YAML by the file's name (.json; .yaml or .yml), else by its
 * first character (standard input, other names): `{` or `[` is JSON, anything else YAML. For
 * a command that looks at its sections first (`check --config` with a "chain").
 */
export function configTree(text: string, name: string): { root: JsonNode; body: string } {
  const lower = name.toLowerCase();
  const yaml = lower.endsWith(".yaml") || lower.endsWith(".yml") || (!lower.endsWith(".json") && !/^\uFEFF?\s*[{[]/.test(text) && text.trim() !== "");
  return yaml ? yamlTree(text, name) : jsonTree(text, name);
}

/** JSON or YAML, as configTree decides. */
export function parseConfigFile(text: string, name: string): ConfigFile {
  const { root, body } = configTree(text, name);
  return new ConfigReader(body, name).file(root);
}

/**
 * The same reading for a document already parsed (`check PATH` reads YAML too): node
 * offsets are into `text`, which names positions in messages.
 */
export function readConfigNode(root: JsonNode, text: string, name: string): ConfigFile {
  return new ConfigReader(text, name).file(root);
}

const isPolicyKey = (key: string): key is PolicyConfigKey => Object.hasOwn(POLICY_CONFIG_KEYS, key);
const isRepoKey = (key: string): boolean => (REPO_KEYS as readonly string[]).includes(key);

/**
 * An `assert` object (or `clients`, kind "count") read as a config's top level reads it, for
 * a repository config's settings: option values, each checked as its flag is, every problem
 * at file:line:col.
 */
export function readSettingNode(node: JsonNode, text: string, name: string, label: string, kind: "assert" | "clients"): OptionValues {
  const reader = new ConfigReader(text, name);
  return kind === "assert" ? reader.readAssert(node, label) : { clients: reader.readValue(node, label, "count") };
}

/**
 * A config's wrong value: the `file:line:col: …` line `--config` stops at (exit 2), with the
 * offset and the bare message, which `check PATH` reports as an invalid policy instead.
 */
export class ConfigProblem extends UsageError {
  constructor(
    message: string,
    readonly offset: number,
    readonly detail: string,
  ) {
    super(message);
  }
}

/** The top-level keys of a config: the calculator's, the shared ones, "policies", and BullMQ's. */
export const CONFIG_TOP_KEYS: readonly string[] = [...CALCULATOR_KEYS, ...SHARED_KEYS, "policies"];
export const BULLMQ_TOP_KEYS: readonly string[] = ["attempts", "backoff", ...SHARED_KEYS, ...BULLMQ_IGNORED];

class ConfigReader {
  constructor(
    private readonly text: string,
    private readonly name: string,
  ) {}

  private fail(pos: number, message: string): never {
    throw new ConfigProblem(`${where(this.name, this.text, pos)}: ${message}`, pos, message);
  }

  /** Checks every key of an object against the allowed ones; a member of Object.prototype is refused as any unknown key is, with no suggestion. */
  private keys(node: Extract<JsonNode, { kind: "object" }>, path: string, allowed: readonly string[], hint = ""): void {
    for (const [key, entry] of node.entries) {
      if (PROTOTYPE_KEYS.has(key) || !allowed.includes(key)) {
        const near = PROTOTYPE_KEYS.has(key) ? null : closest(key, allowed);
        const suggestion = near === null ? ` (known keys: ${allowed.join(", ")})` : `; did you mean ${shown(near)}?`;
        this.fail(entry.keyPos, `unknown key ${shown(key)} in ${path || "the top level"}${suggestion}${hint}`);
      }
    }
  }

  private object(node: JsonNode, label: string): Extract<JsonNode, { kind: "object" }> {
    if (node.kind !== "object") this.fail(node.pos, `${label} must be a JSON object, got ${kindOf(node)}`);
    return node;
  }

  file(root: JsonNode): ConfigFile {
    const top = this.object(root, "the configuration");
    const schema = top.entries.get(SCHEMA_KEY);
    if (schema !== undefined) this.string(schema.value, SCHEMA_KEY);
    const chain = top.entries.get("chain");
    if (chain !== undefined) this.fail(chain.keyPos, '"chain" lists the layers of a chain, which backoff chain and backoff check read; this command reads a policy or "policies"');
    const policies = top.entries.get("policies");
    if (policies === undefined) {
      return { name: this.name, policies: [this.policy(top, null, "", new Map(), this.place(top.pos))] };
    }
    this.keys(top, "", ["policies", ...SHARED_KEYS, SCHEMA_KEY, ...REPO_KEYS], "; with \"policies\", put the policy keys inside each policy");
    const named = this.object(policies.value, "policies");
    if (named.entries.size === 0) this.fail(named.pos, "policies is empty; name at least one policy");
    const shared = new Map<string, JsonEntry>([...top.entries].filter(([key]) => key !== "policies" && !isRepoKey(key)));
    const list: ConfigPolicy[] = [];
    for (const [policyName, entry] of named.entries) {
      if (PROTOTYPE_KEYS.has(policyName)) this.fail(entry.keyPos, `policy name ${shown(policyName)} is not allowed`);
      if (policyName.trim() === "" || [...policyName].length > MAX_POLICY_NAME || REFUSED_IN_NAME.test(policyName)) {
        this.fail(entry.keyPos, `policy name ${shown(policyName)} must be 1 to ${MAX_POLICY_NAME} printable characters`);
      }
      const node = this.object(entry.value, `policies.${policyName}`);
      list.push(this.policy(node, policyName, `policies.${policyName}`, shared, this.place(entry.keyPos)));
    }
    return { name: this.name, policies: list };
  }

  private locate: ((offset: number) => { line: number; column: number }) | null = null;

  private place(pos: number): { line: number; column: number } {
    this.locate ??= lineLocator(this.text);
    return this.locate(pos);
  }

  /** One policy: the calculator's keys, or BullMQ's job options (recognised by `backoff`). */
  private policy(node: Extract<JsonNode, { kind: "object" }>, name: string | null, path: string, shared: ReadonlyMap<string, JsonEntry>, { line, column }: { line: number; column: number }): ConfigPolicy {
    const prefix = path === "" ? "" : `${path}.`;
    const options: OptionValues = {};
    // Shared `assert` and `clients` first, so that the policy's own override them key by key.
    const sharedAssert = shared.get("assert");
    if (sharedAssert) this.assert(sharedAssert.value, "assert", options);
    const sharedClients = shared.get("clients");
    if (sharedClients) options.clients = this.value(sharedClients.value, "clients", "count");
    const isBullmq = node.entries.has("backoff");
    // Only the top level names its schema and holds a repository's keys (and would hold "policies": see file()).
    const top = name === null ? [SCHEMA_KEY, ...REPO_KEYS] : [];
    const allowed = isBullmq ? [...BULLMQ_TOP_KEYS, ...top] : [...CALCULATOR_KEYS, ...SHARED_KEYS, ...(name === null ? ["policies", ...top] : [])];
    if (isBullmq) {
      for (const [key, entry] of node.entries) {
        if (isPolicyKey(key) && key !== "attempts") {
          this.fail(entry.keyPos, `${prefix}${key} cannot be mixed with BullMQ's "backoff" in one policy; use one or the other`);
        }
      }
    }
    this.keys(node, path, allowed);
    if (isBullmq) Object.assign(options, this.bullmq(node, prefix));
    for (const [key, { value }] of node.entries) {
      const label = `${prefix}${key}`;
      if (key === "assert") this.assert(value, label, options);
      else if (key === "clients") options.clients = this.value(value, label, "count");
      else if (!isBullmq && isPolicyKey(key)) options[POLICY_CONFIG_KEYS[key].option] = this.value(value, label, POLICY_CONFIG_KEYS[key].kind);
    }
    return { name, options, line, column };
  }

  /**
   * BullMQ job options: `attempts` counts every try (5 = the first try and 4 retries),
   * `backoff` is a number (a fixed delay) or { type, delay, jitter }; the delay is the
   * first retry's, doubled each time by "exponential", without a cap.
   */
  private bullmq(node: Extract<JsonNode, { kind: "object" }>, prefix: string): OptionValues {
    const attemptsEntry = node.entries.get("attempts");
    if (attemptsEntry === undefined) {
      this.fail(node.pos, `${prefix}attempts is missing: BullMQ then makes a single try and never retries`);
    }
    const tries = this.integer(attemptsEntry.value, `${prefix}attempts`);
    if (tries < BULLMQ_MIN_TRIES) this.fail(attemptsEntry.value.pos, `${prefix}attempts is ${tries}: BullMQ counts every try, so that is no retry at all; use ${BULLMQ_MIN_TRIES} or more`);
    const backoff = node.entries.get("backoff")!.value;
    let type: (typeof BULLMQ_TYPES)[number];
    let delay: JsonNode | undefined;
    let jitter: JsonNode | undefined;
    if (backoff.kind === "number") {
      type = "fixed";
      delay = backoff;
    } else {
      const spec = this.object(backoff, `${prefix}backoff`);
      this.keys(spec, `${prefix}backoff`, BULLMQ_BACKOFF_KEYS);
      const typeEntry = spec.entries.get("type");
      if (typeEntry === undefined) this.fail(spec.pos, `${prefix}backoff.type is missing; use "fixed" or "exponential"`);
      const typeName = this.string(typeEntry.value, `${prefix}backoff.type`);
      if (!(BULLMQ_TYPES as readonly string[]).includes(typeName)) {
        this.fail(typeEntry.value.pos, `${prefix}backoff.type ${shown(typeName)} is a custom strategy that backoff cannot compute; use "fixed" or "exponential"`);
      }
      type = typeName as (typeof BULLMQ_TYPES)[number];
      delay = spec.entries.get("delay")?.value;
      if (delay === undefined) this.fail(spec.pos, `${prefix}backoff.delay is missing (BullMQ would retry at once)`);
      jitter = spec.entries.get("jitter")?.value;
    }
    const options: OptionValues = {
      preset: "bullmq",
      strategy: type,
      base: this.duration(delay, `${prefix}backoff.delay`, "a number of milliseconds", parseBase),
      attempts: String(tries - 1),
    };
    if (jitter !== undefined) {
      // Compared as the decimal written (1.0000000000000001 is above 1), as the flag is.
      const fraction = jitter.kind === "number" ? parsePlainDecimal(this.numberText(jitter, `${prefix}backoff.jitter`)) : null;
      if (fraction === null || compareDecimals(fraction, ONE) > 0) {
        this.fail(jitter.pos, `${prefix}backoff.jitter must be a number from 0 to 1, got ${describeValue(jitter)}`);
      }
      const text = decimalText(fraction);
      this.checked(jitter, `${prefix}backoff.jitter`, (l) => exactDecimalNumber(l, text, fraction));
      if (fraction.digits > 0n) options.jitter = text;
    }
    return options;
  }

  readAssert(node: JsonNode, path: string): OptionValues {
    const into: OptionValues = {};
    this.assert(node, path, into);
    return into;
  }

  readValue(node: JsonNode, label: string, kind: ConfigValueKind): string {
    return this.value(node, label, kind);
  }

  private assert(node: JsonNode, path: string, into: OptionValues): void {
    const limits = this.object(node, path);
    this.keys(limits, path, Object.keys(ASSERT_KEYS));
    for (const [key, { value }] of limits.entries) {
      const { option, kind } = ASSERT_KEYS[key as AssertKey];
      into[option] = this.value(value, `${path}.${key}`, kind);
    }
  }

  /** A value of the given kind as the text its option parser reads, checked as the flag is where the reader can. */
  private value(node: JsonNode, label: string, kind: ConfigValueKind): string {
    switch (kind) {
      case "strategy":
        return this.choice(node, label, STRATEGIES);
      case "base":
        return this.duration(node, label, undefined, parseBase);
      case "cap":
        return this.duration(node, label, undefined, parseCap);
      case "duration":
        return this.duration(node, label);
      case "timeout":
        return this.duration(node, label, undefined, (l, t) => parseTimeout(l, t, false));
      case "level":
        return this.choice(node, label, LINT_LEVELS);
      case "factor":
        return this.factor(node, label);
      case "attempts":
        return this.attempts(node, label);
      case "jitter":
      case "seed":
        // Validated by the option's own parser (src/config/jitter-options.ts), exactly as if given as a flag.
        return this.scalar(node, label);
      case "preset":
        // The preset registry is above this layer: the command looks the name up.
        return this.string(node, label);
      case "count":
        return this.count(node, label);
    }
  }

  /** Runs a flag parser on a value, so that its message carries file:line:column and the key. */
  private checked<T>(node: JsonNode, label: string, parse: (label: string) => T): T {
    try {
      return parse(label);
    } catch (error) {
      // A problem already placed (a number too large, found while parsing) keeps its place, said once.
      if (error instanceof UsageError && !(error instanceof ConfigProblem)) this.fail(node.pos, error.message);
      throw error;
    }
  }

  /** A duration: a number of milliseconds, or a string with a unit ("1.5s", "2m"). */
  private duration(node: JsonNode, label: string, allowed = DURATION_FORMS, parse = parseDuration): string {
    const text = node.kind === "number" ? this.plainNumber(node, label) : node.kind === "string" ? node.value : this.fail(node.pos, `${label} must be a duration (${allowed}), got ${describeValue(node)}`);
    this.checked(node, label, (l) => parse(l, text));
    return text;
  }

  private factor(node: JsonNode, label: string): string {
    // The number's own digits, so parseFactor can refuse digits a double would drop.
    const text = node.kind === "number" ? this.numberText(node, label) : node.kind === "string" ? node.value : this.fail(node.pos, `${label} must be a number such as 2 or 1.5, got ${describeValue(node)}`);
    this.checked(node, label, (l) => parseFactor(l, text));
    return text;
  }

  private attempts(node: JsonNode, label: string): string {
    const text = node.kind === "number" ? this.plainNumber(node, label) : node.kind === "string" ? node.value : this.fail(node.pos, `${label} must be a count such as 10 or a range such as "3..8", got ${describeValue(node)}`);
    this.checked(node, label, (l) => parseAttempts(l, text));
    return text;
  }

  private count(node: JsonNode, label: string): string {
    if (node.kind !== "number") this.fail(node.pos, `${label} must be a whole number, got ${describeValue(node)}`);
    const text = this.plainNumber(node, label);
    this.checked(node, label, (l) => parseCount(l, text));
    return text;
  }

  private integer(node: JsonNode, label: string): number {
    if (node.kind !== "number") this.fail(node.pos, `${label} must be a whole number, got ${describeValue(node)}`);
    return Number(this.checked(node, label, (l) => parseCount(l, this.plainNumber(node, label))));
  }

  /** A number as plain decimal digits; refuses what cannot be held exactly. */
  private plainNumber(node: Extract<JsonNode, { kind: "number" }>, label: string): string {
    if (Math.abs(node.value) > MAX_EXACT_MS) this.fail(node.pos, `${label} is too large: ${node.source} is beyond ${MAX_EXACT_MS}`);
    return this.numberText(node, label);
  }

  /**
   * A JSON number as the exact decimal it spells (1e3 → 1000, 5e-1 → 0.5), for every key
   * alike; the option's own parser then judges it as it judges the flag.
   */
  private numberText(node: Extract<JsonNode, { kind: "number" }>, label: string): string {
    return jsonNumberText(node.source) ?? this.fail(node.pos, `${label} is out of range: ${node.source}`);
  }

  private choice<T extends string>(node: JsonNode, label: string, choices: readonly T[]): T {
    const text = this.string(node, label);
    if (!(choices as readonly string[]).includes(text)) this.fail(node.pos, `${label} must be one of ${choices.join(", ")}, got ${shown(text)}${didYouMean(text, choices)}`);
    return text as T;
  }

  private string(node: JsonNode, label: string): string {
    if (node.kind !== "string") this.fail(node.pos, `${label} must be a string, got ${describeValue(node)}`);
    return node.value;
  }

  /** A number (its own digits) or a string, as a flag would give it. */
  private scalar(node: JsonNode, label: string): string {
    if (node.kind === "number") return this.numberText(node, label);
    if (node.kind === "string") return node.value;
    return this.fail(node.pos, `${label} must be a number or a string, got ${describeValue(node)}`);
  }
}

/** What kind of value a node is, in JSON's words ("an array", "a string"), for "must be a JSON object, got …". */
function kindOf(node: JsonNode): string {
  return node.kind === "string" || node.kind === "number" || node.kind === "boolean" ? `a ${node.kind}` : describeNode(node, "object");
}

/** A value as messages show it, collections in JSON's words. */
const describeValue = (node: JsonNode): string => describeNode(node, "object");

/**
 * A JSON number literal as the plain decimal it denotes, exactly ("1e3" → "1000",
 * "5e-1" → "0.5", "-2.50" → "-2.5"), so that a configuration's 1e3 is read as the flag
 * 1000 is, by every key alike, without passing through a double. Null for what is no JSON
 * number (a YAML ".5" or "0x1F") and for an exponent out of all reasonable range.
 */
export function jsonNumberText(source: string): string | null {
  const read = parseDecimalText(source, { sign: true, exponent: true });
  if (read === null) return null;
  return `${read.negative && read.value.digits !== 0n ? "-" : ""}${decimalText(read.value)}`;
}

/**
 * The policies a command works on: from the file (all, or the one `--policy` names),
 * or one unnamed policy from the flags alone.
 */
export function selectPolicies(config: ConfigFile | null, policyName: string | undefined): readonly ConfigPolicy[] {
  if (config === null) {
    if (policyName !== undefined) throw new UsageError(`--policy ${shown(policyName)} needs --config, which holds the named policies`);
    return [{ name: null, options: {}, line: 1, column: 1 }];
  }
  if (policyName === undefined) return config.policies;
  const found = config.policies.find((p) => p.name === policyName);
  if (!found) {
    const names = config.policies.map((p) => p.name).filter((n): n is string => n !== null);
    throw new UsageError(
      names.length === 0
        ? `--policy ${shown(policyName)}: ${config.name} holds a single unnamed policy, not "policies"`
        : `--policy ${shown(policyName)} is not in ${config.name}; it has ${names.map((n) => shown(n)).join(", ")}`,
    );
  }
  return [found];
}
