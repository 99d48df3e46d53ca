import type { RetryBudget } from "../core/chain/budgets/budget.js";
import type { ChainLayer } from "../core/chain/layer.js";
import { NO_WAIT } from "./check-choice.js";
import { closest } from "../core/text/closest.js";
import { BudgetParameterError, budgetFrom } from "./chain-budget-spec.js";
import { UsageError, shown } from "./errors.js";
import { type OptionValues, parseCount } from "./option-values.js";
import { parseFailureRate, parseRps } from "./chain-inputs.js";
import { type PolicyReference, parsePolicyReference, referencedPolicy } from "./policy-reference.js";
import { type JsonEntry, type JsonNode, lineColumn, where } from "./read/json.js";
import type { FileResult } from "./recognise.js";
import { REPO_KEYS, SCHEMA_KEY, jsonNumberText, readConfigNode } from "./schema.js";
import { retryOnFromNames } from "./chain-retry-on.js";
import { parseDuration } from "./values.js";

// A configuration's `chain` section: the layers outermost first, each a SPEC string or an
// object ({"spec": "istio", "per-try-timeout": "2s", "budget": "envoy"}, the calculator's
// own keys, {"policy": "NAME"} naming one of the file's "policies", or
// {"policy": "FILE#NAME"} naming a policy `check FILE` finds, the file relative to the
// config's folder), and beside it the inputs `backoff chain` takes as flags (which override
// them) and the limit check reads. The text is read here; the policies the layers name are
// built by the LayerBuilder the caller hands over (the CLI's, which knows the presets:
// cli/shared/chain-layers.ts), and the files they refer to read by the caller
// (cli/shared/chain-config.ts), so every error is placed at the value that caused it.

/** The chain a file describes, its inputs as the flags' texts. */
export interface ChainConfig {
  readonly name: string;
  /** Where the "chain" key is in the file (1-based), where the reports place a chain's findings. */
  readonly line: number;
  readonly column: number;
  readonly layers: readonly ChainLayer[];
  readonly attemptTime?: string;
  readonly failureRate?: string;
  readonly rps?: string;
  readonly maxAmplification?: string;
}

type ObjectNode = Extract<JsonNode, { kind: "object" }>;

/** The keys of a file with a chain: its own, "$schema" and a repository config's (repo-config.ts), which the chain passes over. */
export const CHAIN_TOP_KEYS = ["chain", "policies", "attempt-time", "failure-rate", "rps", "assert"] as const;
const TOP_KEYS = [...CHAIN_TOP_KEYS, SCHEMA_KEY, ...REPO_KEYS];
/** The keys of a chain file's "assert". */
export const CHAIN_ASSERT_KEYS = ["max-amplification", "attempt-time"] as const;
/** The keys of one layer given as an object (beside the calculator's policy keys). */
export const CHAIN_LAYER_KEYS = ["name", "spec", "policy", "per-try-timeout", "budget", "retry-on"] as const;
const ASSERT_KEYS = CHAIN_ASSERT_KEYS;
const POLICY_VALUE_KEYS = { strategy: "strategy", base: "base", cap: "cap", factor: "factor", step: "step", attempts: "attempts", jitter: "jitter", preset: "preset", "max-elapsed": "maxElapsed" } as const;
const LAYER_KEYS = [...CHAIN_LAYER_KEYS, ...Object.keys(POLICY_VALUE_KEYS)];

/** Whether a parsed configuration has a `chain` section (then `check --config` checks the chain). */
export function hasChainSection(root: JsonNode): boolean {
  return root.kind === "object" && root.entries.has("chain");
}

/** A budget a layer names itself ("budget", or after "@" in its SPEC); a null budget is "none". */
export interface GivenBudget {
  readonly budget: RetryBudget | null;
}

/** What a layer's policy makes of it: its retries, the waits between them, its budget. */
export type LayerPolicy = Pick<ChainLayer, "retries" | "model" | "budget" | "budgetByDefault" | "retryOn">;

/**
 * How the policies a chain names become layers (config knows no preset: the CLI hands one
 * over). Each throws a UsageError, which the reader places at the value that caused it.
 */
export interface LayerBuilder {
  /** A SPEC as `backoff chain` takes it, a budget after "@" ("istio@envoy"), with the layer's per-try timeout. */
  readonly spec: (text: string, tryTimeoutMs: number | null) => ChainLayer;
  /**
   * A policy from option values, named `name`: its retries (none when `noRetries`: attempts
   * 0, or retries switched off in its file), its model, and `given` or else its preset's
   * default budget. `label` begins its errors ("chain[0] (db)").
   */
  readonly policy: (name: string, values: OptionValues, label: string, noRetries: boolean, given: GivenBudget | null) => LayerPolicy;
}

/** A file a layer refers to ("FILE#NAME"), as check PATH reads it: its policies, or why it cannot be read. */
export type ReferencedFile = { readonly name: string; readonly result: FileResult } | { readonly name: string; readonly error: string };

/** The files the chain's layers refer to ("FILE" of each {"policy": "FILE#NAME"}), as written, in order. */
export function chainReferences(root: JsonNode): string[] {
  const files: string[] = [];
  const chain = root.kind === "object" ? root.entries.get("chain")?.value : undefined;
  if (chain?.kind !== "array") return files;
  for (const item of chain.items) {
    const policy = item.kind === "object" ? item.entries.get("policy")?.value : undefined;
    if (policy?.kind !== "string") continue;
    let reference: PolicyReference | null;
    try {
      reference = parsePolicyReference(policy.value);
    } catch {
      continue; // placed by the reader
    }
    if (reference !== null) files.push(reference.file);
  }
  return files;
}

/**
 * The chain of a parsed configuration that has a `chain` section (hasChainSection): its
 * layers built by `build`, a referenced file looked up by `file` (the FILE as written).
 */
export function readChainSection(root: JsonNode, text: string, name: string, build: LayerBuilder, file: (written: string) => ReferencedFile | undefined): ChainConfig {
  return new ChainReader(text, name, build, file).read(root as ObjectNode);
}

/** A UsageError from `read` with "label: " before its message. */
function prefixed<T>(label: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`${label}: ${error.message}`);
    throw error;
  }
}

class ChainReader {
  constructor(
    private readonly text: string,
    private readonly name: string,
    private readonly build: LayerBuilder,
    private readonly file: (written: string) => ReferencedFile | undefined,
  ) {}

  private fail(pos: number, message: string): never {
    throw new UsageError(`${where(this.name, this.text, pos)}: ${message}`);
  }

  /** A UsageError from a flag's parser, placed at the value that caused it. */
  private at<T>(pos: number, read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof UsageError) this.fail(pos, error.message);
      throw error;
    }
  }

  private keys(node: ObjectNode, path: string, allowed: readonly string[]): void {
    for (const [key, entry] of node.entries) {
      if (allowed.includes(key)) continue;
      const near = closest(key, allowed);
      this.fail(entry.keyPos, `unknown key ${shown(key)} in ${path}${near === null ? ` (known keys: ${allowed.join(", ")})` : `; did you mean ${shown(near)}?`}`);
    }
  }

  /** A scalar as the text a flag would give: a string as it is, a number as the decimal it spells. */
  private scalar(node: JsonNode, label: string): string {
    if (node.kind === "string") return node.value;
    if (node.kind === "number") return jsonNumberText(node.source) ?? this.fail(node.pos, `${label} is out of range: ${node.source}`);
    return this.fail(node.pos, `${label} must be a number or a string, got ${node.kind === "object" ? "an object" : node.kind === "array" ? "an array" : node.kind}`);
  }

  read(top: ObjectNode): ChainConfig {
    this.keys(top, "the top level", TOP_KEYS);
    const chain = top.entries.get("chain")!.value;
    if (chain.kind !== "array") this.fail(chain.pos, 'chain must be a list of layers, outermost first: ["aws-sdk", "istio", "resilience4j"]');
    if (chain.items.length === 0) this.fail(chain.pos, "chain is empty; list at least one layer");
    const policies = top.entries.get("policies");
    const named = policies === undefined ? null : readConfigNode({ kind: "object", pos: top.pos, entries: new Map([["policies", policies]]) }, this.text, this.name);
    const layers = chain.items.map((item, k) => this.layer(item, k, named));
    const seen = new Set<string>();
    chain.items.forEach((item, k) => {
      const layerName = layers[k]!.name;
      if (seen.has(layerName)) this.fail(item.pos, `chain[${k}] is named ${shown(layerName)} like an earlier layer; give each layer its own "name"`);
      seen.add(layerName);
    });
    const config: { -readonly [K in keyof ChainConfig]: ChainConfig[K] } = { name: this.name, ...lineColumn(this.text, top.entries.get("chain")!.keyPos), layers };
    // Each value is checked here, at its place in the file and by its key (the flags that replace them are checked as flags).
    const input = (entry: JsonEntry, key: string, parse: (label: string, text: string) => unknown): string => {
      const value = this.scalar(entry.value, key);
      this.at(entry.value.pos, () => parse(key, value));
      return value;
    };
    for (const key of ["attempt-time", "failure-rate", "rps"] as const) {
      const entry = top.entries.get(key);
      if (entry === undefined) continue;
      if (key === "attempt-time") config.attemptTime = input(entry, key, parseDuration);
      else if (key === "failure-rate") config.failureRate = input(entry, key, parseFailureRate);
      else config.rps = input(entry, key, parseRps);
    }
    const assert = top.entries.get("assert");
    if (assert !== undefined) {
      if (assert.value.kind !== "object") this.fail(assert.value.pos, 'assert must be a JSON object such as {"max-amplification": 10}');
      this.keys(assert.value, "assert", ASSERT_KEYS);
      const limit = assert.value.entries.get("max-amplification");
      if (limit !== undefined) config.maxAmplification = input(limit, "assert.max-amplification", parseCount);
      const attempt = assert.value.entries.get("attempt-time");
      if (attempt !== undefined) config.attemptTime ??= input(attempt, "assert.attempt-time", parseDuration);
    }
    return config;
  }

  /** A layer, with the conditions its "retry-on" names over its preset's or file's (issue 41, item 5). */
  private layer(node: JsonNode, k: number, named: ReturnType<typeof readConfigNode> | null): ChainLayer {
    const layer = this.layerPolicy(node, k, named);
    const entry = node.kind === "object" ? node.entries.get("retry-on") : undefined;
    if (entry === undefined) return layer;
    const path = `chain[${k}].retry-on`;
    const value = entry.value;
    const names =
      value.kind === "string"
        ? value.value.split(/[+,]/)
        : value.kind === "array" && value.items.length > 0 && value.items.every((item) => item.kind === "string")
          ? value.items.map((item) => (item as Extract<JsonNode, { kind: "string" }>).value)
          : this.fail(value.pos, `${path} must be a list of failures such as ["connection", "502", "504"], or one such as "connection"`);
    return { ...layer, retryOn: this.at(value.pos, () => retryOnFromNames(names, `chain[${k}]`)) };
  }

  private layerPolicy(node: JsonNode, k: number, named: ReturnType<typeof readConfigNode> | null): ChainLayer {
    const path = `chain[${k}]`;
    if (node.kind === "string") return this.at(node.pos, () => this.build.spec(node.value, null));
    if (node.kind !== "object") this.fail(node.pos, `${path} must be a SPEC such as "istio" or an object such as {"spec": "istio", "budget": "envoy"}`);
    this.keys(node, path, LAYER_KEYS);
    const entries = node.entries;
    const text = (key: string) => {
      const entry = entries.get(key);
      return entry === undefined ? undefined : this.scalar(entry.value, `${path}.${key}`);
    };
    const timeoutEntry = entries.get("per-try-timeout");
    const tryTimeoutMs = timeoutEntry === undefined ? null : this.at(timeoutEntry.value.pos, () => parseDuration(`${path}.per-try-timeout`, this.scalar(timeoutEntry.value, `${path}.per-try-timeout`)));
    const budgetEntry = entries.get("budget");
    const given = budgetEntry === undefined ? null : { budget: this.budget(budgetEntry.value, `${path}.budget`) };
    const valueKeys = Object.keys(POLICY_VALUE_KEYS).filter((key) => entries.has(key));
    const sources = [entries.has("spec") ? "spec" : null, entries.has("policy") ? "policy" : null, valueKeys.length > 0 ? valueKeys[0]! : null].filter((source) => source !== null);
    if (sources.length !== 1) {
      this.fail(node.pos, sources.length === 0 ? `${path} names no policy: give "spec" (as "istio:attempts=2"), "policy" (one of "policies"), or the policy's keys` : `${path} gives both ${shown(sources[0]!)} and ${shown(sources[1]!)}; give the policy one way`);
    }
    const layerName = text("name");
    if (entries.has("spec")) {
      const spec = text("spec")!;
      if (given !== null && spec.includes("@")) this.fail(budgetEntry!.keyPos, `${path} gives a budget twice: after "@" in its spec and as "budget"`);
      const { budgetByDefault, ...layer } = this.at(entries.get("spec")!.value.pos, () => this.build.spec(spec, tryTimeoutMs));
      const named = { ...layer, ...(layerName === undefined ? {} : { name: layerName }) };
      // A budget given here replaces the library's default, as "@" would.
      return given === null ? { ...named, ...(budgetByDefault ? { budgetByDefault } : {}) } : { ...named, budget: given.budget };
    }
    let values: OptionValues;
    let label: string;
    let pos = node.pos;
    if (entries.has("policy")) {
      const policyName = text("policy")!;
      pos = entries.get("policy")!.value.pos;
      const reference = this.at(pos, () => prefixed(`${path}.policy`, () => parsePolicyReference(policyName)));
      if (reference !== null) return this.found(reference, pos, path, { name: layerName ?? policyName, tryTimeoutMs, given });
      const found = named?.policies.find((policy) => policy.name === policyName);
      if (found === undefined) {
        const names = named?.policies.map((policy) => policy.name ?? "") ?? [];
        this.fail(pos, names.length === 0 ? `${path}.policy names ${shown(policyName)}, but the file has no "policies" (a policy check PATH finds is written FILE#NAME)` : `${path}.policy ${shown(policyName)} is not in "policies"; it has ${names.map((n) => shown(n)).join(", ")}`);
      }
      values = found.options;
      label = layerName ?? policyName;
    } else {
      values = {};
      for (const key of valueKeys) values[POLICY_VALUE_KEYS[key as keyof typeof POLICY_VALUE_KEYS]] = text(key)!;
      label = layerName ?? (values.preset !== undefined ? values.preset : `layer ${k + 1}`);
    }
    return this.at(pos, () => {
      const { retries, model, budget, budgetByDefault, retryOn } = this.build.policy(label, values, `${path} (${label})`, asksNoRetries(values.attempts), given);
      return { name: label, retries, model, tryTimeoutMs, budget, ...(budgetByDefault === true ? { budgetByDefault } : {}), ...(retryOn === undefined ? {} : { retryOn }) };
    });
  }

  /**
   * A layer that is a policy check PATH finds: its system's preset with the values the file
   * gives, the file's per-try timeout unless the layer sets one, the preset's budget unless
   * it names one. Placed at the reference when it matches nothing or more than one.
   */
  private found(reference: PolicyReference, pos: number, path: string, layer: { name: string; tryTimeoutMs: number | null; given: GivenBudget | null }): ChainLayer {
    const file = this.file(reference.file);
    if (file === undefined) return this.fail(pos, `${path}.policy: ${reference.file} was not read`);
    if ("error" in file) return this.fail(pos, `${path}.policy: ${file.error}`);
    const policy = this.at(pos, () => prefixed(`${path}.policy`, () => referencedPolicy(file.result, file.name, reference.name)));
    return this.at(pos, () => {
      const label = `${path} (${reference.name} in ${file.name})`;
      if (policy.forever === true) throw new UsageError(`${label} retries forever, so its calls have no count`);
      if (policy.waitsFrom !== undefined) throw new UsageError(`${label}: ${policy.waitsFrom.why}`);
      const { attemptTime, ...options } = policy.options;
      const values: OptionValues = policy.preset === null ? options : { ...options, preset: policy.preset };
      const none = policy.disabled === true || asksNoRetries(values.attempts);
      const { retries, model, budget, budgetByDefault, retryOn } = this.build.policy(layer.name, values, label, none, layer.given);
      const fileTimeout = attemptTime === undefined ? null : parseDuration(`${label}'s per-try timeout`, attemptTime);
      // What it retries on: the file's conditions, as check FILE reports them (issue 41), else its preset's default.
      const conditions = policy.conditions ?? retryOn;
      return {
        name: layer.name,
        retries,
        model: policy.atOnce === undefined ? model : NO_WAIT,
        tryTimeoutMs: layer.tryTimeoutMs ?? fileTimeout,
        budget,
        ...(budgetByDefault === true ? { budgetByDefault } : {}),
        ...(conditions === undefined ? {} : { retryOn: conditions }),
      };
    });
  }

  /** "envoy", or {"type": "aws", "cost": 5}. */
  private budget(node: JsonNode, path: string) {
    if (node.kind === "string") return this.at(node.pos, () => budgetFrom(node.value, [], path));
    if (node.kind !== "object") this.fail(node.pos, `${path} must be a budget's name such as "envoy" or an object such as {"type": "aws", "cost": 5}`);
    const type = node.entries.get("type");
    if (type === undefined || type.value.kind !== "string") this.fail(node.pos, `${path} needs "type": one of none, envoy, envoy-max-retries, grpc, aws, finagle, linkerd, ratio`);
    const kind = type.value.value;
    // Keys before values: a key the budget does not take is refused at that key whatever its value (a list, a mapping).
    try {
      budgetFrom(kind, [...node.entries.keys()].filter((key) => key !== "type").map((key) => [key, ""] as const), path);
    } catch (error) {
      const refused = error instanceof BudgetParameterError && error.part === "key" ? node.entries.get(error.key) : undefined;
      if (refused !== undefined) this.fail(refused.keyPos, (error as BudgetParameterError).message);
    }
    const pairs = [...node.entries].filter(([key]) => key !== "type").map(([key, entry]) => [key, this.scalar(entry.value, `${path}.${key}`)] as const);
    try {
      return budgetFrom(kind, pairs, path);
    } catch (error) {
      // A parameter it does not take is placed at its key, a value it cannot read at the value; the rest at the budget.
      const entry = error instanceof BudgetParameterError ? node.entries.get(error.key) : undefined;
      if (entry !== undefined) this.fail((error as BudgetParameterError).part === "key" ? entry.keyPos : entry.value.pos, (error as BudgetParameterError).message);
      return this.at(node.pos, () => {
        throw error;
      });
    }
  }
}

/** Whether option values ask for no retry at all (attempts 0), which a chain layer may. */
export function asksNoRetries(attempts: string | undefined): boolean {
  return attempts !== undefined && attempts.trim() === "0";
}
