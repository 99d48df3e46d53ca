import { RULE_IDS, RULE_LEVELS, type RuleLevel } from "../core/check-report/rules.js";
import { closest } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import { GRPC_CLIENTS, type GrpcClient, type OptionValues } from "./option-values.js";
import { type JsonNode, where } from "./read/json.js";
import { BULLMQ_TOP_KEYS, CONFIG_TOP_KEYS, PROTOTYPE_KEYS, REPO_KEYS, SCHEMA_KEY, configTree, readSettingNode } from "./schema.js";
import { CHAIN_TOP_KEYS } from "./chain-config.js";

/**
 * A repository's config: `.backoff.yaml` (or `.yml`, `.json`) at the repository's root,
 * which `check PATH…` finds by itself (cli/check/repo-config.ts finds it; this reads it), or
 * the file `--config FILE` names beside a PATH. The format is `--config`'s, with four keys
 * more (schema.ts REPO_KEYS), as ESLint's config holds its rules and overrides:
 *
 *   assert:   {max-total: 5m, …}            limits for every policy found (the flags' names)
 *   clients:  200                           as --clients
 *   rules:    {no-cap: error, early-cap: off}   a level per rule (rules.ts), `off` reports nothing
 *   exclude:  ["legacy/**"]                 as --exclude
 *   grpc-client: java                       as --grpc-client
 *   overrides:
 *     - files: ["deploy/batch/**"]          globs (.gitignore syntax) from the config's folder
 *       assert: {max-total: 1h}             applied in order to the policies of matching
 *       rules: {no-jitter: off}             files, the later over the earlier
 *       grpc-client: go                     (grpc-client too: one folder's services in Go)
 *
 * A policy (`base`, `policies`, BullMQ's keys) or a `chain` may sit beside them: `check
 * --config FILE` alone checks those, as it always has; with PATH they are a file like any
 * other, checked where the scan finds it. Flags override every setting of the file.
 */
export interface RepoConfig {
  /** How messages name the file (as given, or relative to the working directory). */
  readonly name: string;
  /** `assert` and `clients` at the top, as option values (the flags' keys). */
  readonly options: OptionValues;
  readonly rules: RuleLevels;
  readonly exclude: readonly string[];
  readonly overrides: readonly RepoOverride[];
  /** `grpc-client`: the gRPC client whose waits service configs are checked with, as --grpc-client (which overrides it). */
  readonly grpcClient?: GrpcClient;
}


/** A level per rule id. */
export type RuleLevels = ReadonlyMap<string, RuleLevel>;

/** One entry of `overrides`: the globs of the files it applies to, and its settings. */
export interface RepoOverride {
  readonly files: readonly string[];
  readonly options: OptionValues;
  readonly rules: RuleLevels;
  /** `grpc-client` for these files, over the top's (a repository of Java and Go services names each folder's client). */
  readonly grpcClient?: GrpcClient;
}

/** The top-level keys a repository config takes: a policy's, BullMQ's, a chain, "$schema" and its own. */
export const REPO_TOP_KEYS: readonly string[] = [...new Set([...REPO_KEYS, ...CONFIG_TOP_KEYS, ...BULLMQ_TOP_KEYS, ...CHAIN_TOP_KEYS, SCHEMA_KEY])];

/** The keys of an entry of `overrides`. */
export const OVERRIDE_KEYS = ["files", "assert", "clients", "rules", "grpc-client"] as const;

/** The file names `check PATH…` looks for at the repository's root, in this order. */
export const REPO_CONFIG_NAMES = [".backoff.yaml", ".backoff.yml", ".backoff.json"] as const;

/** "a number", "an array": a value's kind as a message says it. */
const kindWords = (kind: string) => `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;

/** Reads a repository config's text (JSON or YAML by its name); every problem is a UsageError at file:line:col. */
export function parseRepoConfig(text: string, name: string): RepoConfig {
  const { root, body } = configTree(text, name);
  return readRepoConfig(root, body, name);
}

/** The same for a tree already parsed (offsets into `text`). */
export function readRepoConfig(root: JsonNode, text: string, name: string): RepoConfig {
  const at = (offset: number) => where(name, text, offset);
  const fail = (offset: number, message: string): never => {
    throw new UsageError(`${at(offset)}: ${message}`);
  };
  const object = (node: JsonNode, label: string) => (node.kind === "object" ? node : fail(node.pos, `${label} must be a mapping of keys to values`));
  const keys = (node: Extract<JsonNode, { kind: "object" }>, label: string, allowed: readonly string[]) => {
    for (const [key, entry] of node.entries) {
      // A member of Object.prototype is refused as any unknown key is, with no suggestion.
      if (PROTOTYPE_KEYS.has(key) || !allowed.includes(key)) {
        const near = PROTOTYPE_KEYS.has(key) ? null : closest(key, allowed);
        fail(entry.keyPos, `unknown key ${shown(key)} in ${label}${near === null ? ` (known keys: ${allowed.join(", ")})` : `; did you mean ${shown(near)}?`}`);
      }
    }
  };
  const strings = (node: JsonNode, label: string): string[] => {
    const items = node.kind === "array" ? node.items : node.kind === "string" ? [node] : fail(node.pos, `${label} must be a glob or a list of globs`);
    return items.map((item) => (item.kind === "string" && item.value.trim() !== "" ? item.value : fail(item.pos, `${label} must hold globs such as "deploy/**", got ${item.kind === "string" ? shown(item.value) : `a ${item.kind}`}`)));
  };
  const rules = (node: JsonNode, label: string): RuleLevels => {
    const levels = new Map<string, RuleLevel>();
    for (const [rule, entry] of object(node, label).entries) {
      if (PROTOTYPE_KEYS.has(rule) || !RULE_IDS.includes(rule)) {
        const near = closest(rule, RULE_IDS);
        fail(entry.keyPos, `unknown rule ${shown(rule)} in ${label}${near === null ? ` (rules: ${RULE_IDS.join(", ")})` : `; did you mean ${shown(near)}?`}`);
      }
      const value = entry.value;
      const level = value.kind === "string" ? RULE_LEVELS.find((l) => l === value.value.trim().toLowerCase()) : undefined;
      if (level === undefined) {
        const typed = value.kind === "string" ? value.value : "";
        const near = closest(typed, RULE_LEVELS);
        fail(value.pos, `${label}.${rule} must be error, warning or off, got ${value.kind === "string" ? shown(value.value) : kindWords(value.kind)}${near === null ? "" : `; did you mean ${shown(near)}?`}`);
      }
      levels.set(rule, level!);
    }
    return levels;
  };
  const grpcClientOf = (node: Extract<JsonNode, { kind: "object" }>, label: string): GrpcClient | undefined => {
    const entry = node.entries.get("grpc-client");
    if (entry === undefined) return undefined;
    const value = entry.value;
    const client = value.kind === "string" ? GRPC_CLIENTS.find((c) => c === value.value.trim().toLowerCase()) : undefined;
    if (client !== undefined) return client;
    const near = value.kind === "string" ? closest(value.value, GRPC_CLIENTS) : null;
    return fail(value.pos, `${label} must be one of ${GRPC_CLIENTS.join(", ")}, got ${value.kind === "string" ? shown(value.value) : kindWords(value.kind)}${near === null ? "" : `; did you mean ${shown(near)}?`}`);
  };
  const settings = (node: Extract<JsonNode, { kind: "object" }>, prefix: string): OptionValues => {
    // A chain's "assert" is the chain's (max-amplification), read by chain-config.ts: no limit on the policies found.
    const assert = prefix === "" && node.entries.has("chain") ? undefined : node.entries.get("assert");
    const clients = node.entries.get("clients");
    return {
      ...(assert === undefined ? {} : readSettingNode(assert.value, text, name, `${prefix}assert`, "assert")),
      ...(clients === undefined ? {} : readSettingNode(clients.value, text, name, `${prefix}clients`, "clients")),
    };
  };

  const top = object(root, "the configuration");
  keys(top, "the top level", REPO_TOP_KEYS);
  const rulesEntry = top.entries.get("rules");
  const excludeEntry = top.entries.get("exclude");
  const overridesEntry = top.entries.get("overrides");
  const overrides: RepoOverride[] = [];
  if (overridesEntry !== undefined) {
    const list = overridesEntry.value.kind === "array" ? overridesEntry.value.items : fail(overridesEntry.value.pos, "overrides must be a list of {files, assert, rules}");
    list.forEach((item, i) => {
      const label = `overrides[${i}]`;
      const entry = object(item, label);
      keys(entry, label, OVERRIDE_KEYS);
      const files = entry.entries.get("files");
      if (files === undefined) fail(entry.pos, `${label}.files is missing: name the files it applies to ("deploy/**")`);
      const globs = strings(files!.value, `${label}.files`);
      if (globs.length === 0) fail(files!.value.pos, `${label}.files is empty: name the files it applies to ("deploy/**")`);
      const ruleEntry = entry.entries.get("rules");
      const client = grpcClientOf(entry, `${label}.grpc-client`);
      overrides.push({ files: globs, options: settings(entry, `${label}.`), rules: ruleEntry === undefined ? new Map() : rules(ruleEntry.value, `${label}.rules`), ...(client === undefined ? {} : { grpcClient: client }) });
    });
  }
  const grpcClient = grpcClientOf(top, "grpc-client");
  return {
    name,
    ...(grpcClient === undefined ? {} : { grpcClient }),
    options: settings(top, ""),
    rules: rulesEntry === undefined ? new Map() : rules(rulesEntry.value, "rules"),
    exclude: excludeEntry === undefined ? [] : strings(excludeEntry.value, "exclude"),
    overrides,
  };
}
