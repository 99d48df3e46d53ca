import type { OptionValues } from "../../shared/option-values.js";
import { shown } from "../../shared/errors.js";
import { springDuration } from "../../../config/durations.js";
import { type Findings, FileProblem, type Node, decimalText, describe, msText, notPlaceholder, wholeNumber } from "../tree.js";
import { type FlatEntry, norm, startsWith } from "./flat.js";
import { kafkaPolicy } from "./kafka.js";

/**
 * Spring Boot configuration (application*.yml / application*.properties): resilience4j's
 * retry instances and Kafka client properties, from the flat property view (flat.ts).
 *
 * Documents: a YAML `---` or a .properties `#---` starts one; a document with
 * `spring.config.activate.on-profile` (or the older `spring.profiles`) applies over the
 * others for that profile, so its instances are checked as the profile sees them and
 * named "name [profile p]". Other files (application-prod.yml) are read on their own.
 */
export interface SpringDocument {
  readonly entries: readonly FlatEntry[];
}

export const SPRING_ROOTS: readonly (readonly string[])[] = [
  ["resilience4j", "retry"],
  ["spring", "kafka"],
  ["spring", "config", "activate", "onprofile"],
  ["spring", "profiles"],
];

export function recogniseSpring(documents: readonly SpringDocument[], findings: Findings): void {
  const base: FlatEntry[] = [];
  const profiles: Array<{ profile: string; entries: readonly FlatEntry[] }> = [];
  for (const document of documents) {
    const profile = profileOf(document.entries);
    if (profile === null) base.push(...document.entries);
    else profiles.push({ profile, entries: document.entries });
  }
  resilience4j(base, null, (used) => used[0] ?? null, findings);
  kafka(base, null, (used) => used[0] ?? null, findings);
  for (const { profile, entries } of profiles) {
    const own = new Set(entries);
    // Only what the profile's document changes is reported for it, placed where the profile says it.
    const touched = (used: readonly FlatEntry[]) => used.find((entry) => own.has(entry)) ?? null;
    resilience4j([...base, ...entries], profile, touched, findings);
    kafka([...base, ...entries], profile, touched, findings);
  }
}

/** Of the entries a policy draws on, the one to place it at; null leaves the policy out. */
type Placement = (used: readonly FlatEntry[]) => FlatEntry | null;

function profileOf(entries: readonly FlatEntry[]): string | null {
  for (const entry of entries) {
    if (startsWith(entry, ["spring", "config", "activate", "onprofile"]) || (entry.elements.length === 2 && startsWith(entry, ["spring", "profiles"]))) {
      return entry.value.kind === "string" ? entry.value.value : describe(entry.value);
    }
  }
  return null;
}

const suffix = (profile: string | null) => (profile === null ? "" : ` [profile ${profile}]`);

// ---- resilience4j ---------------------------------------------------------------------

/** One instance's or config's properties, by normalised name; a later entry replaces an earlier. */
interface Block {
  readonly name: string;
  readonly offset: number;
  readonly props: Map<string, FlatEntry>;
  readonly entries: FlatEntry[];
}

/** The interval function resilience4j builds, and the attempts (counting the first call). */
interface Effective {
  maxAttempts: number;
  interval: { waitMs: number; multiplier: string; randomizationFactor: string; maxMs: number | null };
}

/** RetryConfig's defaults: 3 attempts, a fixed 500 ms wait. */
const RETRY_DEFAULTS: Effective = { maxAttempts: 3, interval: { waitMs: 500, multiplier: "1", randomizationFactor: "0", maxMs: null } };
/** IntervalFunction.DEFAULT_MULTIPLIER and DEFAULT_RANDOMIZATION_FACTOR. */
const DEFAULT_MULTIPLIER = "1.5";
const DEFAULT_RANDOMIZATION_FACTOR = "0.5";
/** The properties a baseConfig (or configs.default) lends an instance: ConfigUtils.mergePropertiesIfAny. */
const MERGED = ["enableexponentialbackoff", "enablerandomizedwait", "exponentialbackoffmultiplier", "exponentialmaxwaitduration"];

function blocks(entries: readonly FlatEntry[]): { instances: Map<string, Block>; configs: Map<string, Block> } {
  const instances = new Map<string, Block>();
  const configs = new Map<string, Block>();
  for (const entry of entries) {
    if (!startsWith(entry, ["resilience4j", "retry"]) || entry.elements.length !== 5) continue;
    const section = norm(entry.elements[2]!);
    const target = section === "instances" || section === "backends" ? instances : section === "configs" ? configs : null;
    if (target === null) continue;
    const name = entry.elements[3]!;
    let block = target.get(name);
    if (block === undefined) {
      block = { name, offset: entry.keyOffsets[3]!, props: new Map(), entries: [] };
      target.set(name, block);
    }
    block.props.set(norm(entry.elements[4]!), entry);
    block.entries.push(entry);
  }
  return { instances, configs };
}

function resilience4j(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  const { instances, configs } = blocks(entries);
  const report = (block: Block, name: string, isInstance: boolean) => {
    const chain = isInstance ? chainOf(block, configs) : [block];
    const at = place(chain.flatMap((b) => b.entries));
    if (at === null) return;
    // The instance's name key (in a profile: where the profile names it, or what it changes).
    const offset = profile === null ? block.offset : (at.keyOffsets[3] ?? block.offset);
    findings.policy("resilience4j", `${name}${suffix(profile)}`, offset, () => {
      const effective = resolve(block, isInstance ? block.name : "default", configs, []);
      const options: OptionValues = {
        base: msText(effective.interval.waitMs),
        factor: effective.interval.multiplier,
        jitter: effective.interval.randomizationFactor,
        attempts: String(effective.maxAttempts - 1),
      };
      if (effective.interval.maxMs !== null) options.cap = msText(effective.interval.maxMs);
      return { preset: "resilience4j", options, disabled: effective.maxAttempts === 1 };
    });
  };
  for (const block of instances.values()) report(block, block.name, true);
  const fallback = configs.get("default");
  // configs.default is what every Retry without an instance entry gets: a policy of its own.
  if (fallback !== undefined) report(fallback, "configs.default", false);
}

/** The blocks an instance draws on (itself, its baseConfig chain, configs.default), for "did the profile touch it". */
function chainOf(block: Block, configs: ReadonlyMap<string, Block>): Block[] {
  const chain = [block];
  let current: Block | undefined = block;
  while (current !== undefined && chain.length < 20) {
    const baseName: string | undefined = stringProp(current, "baseconfig");
    const next: Block | undefined = baseName !== undefined ? configs.get(baseName) : current.name !== "default" ? configs.get("default") : undefined;
    if (next === undefined || chain.includes(next)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

function stringProp(block: Block, prop: string): string | undefined {
  const entry = block.props.get(prop);
  if (entry === undefined) return undefined;
  notPlaceholder(entry.value, label(block, entry));
  return entry.value.kind === "string" ? entry.value.value.trim() : entry.value.kind === "number" ? entry.value.source : undefined;
}

/** The property as written ("resilience4j.retry.instances.backendA.maxAttempts"), for messages. */
function label(_block: Block, entry: FlatEntry): string {
  return entry.elements.join(".");
}

/**
 * CommonRetryConfigurationProperties.createRetryConfig, step for step: the base (baseConfig,
 * else configs.default for anything but "default" itself, else RetryConfig's defaults),
 * the four merged properties copied into the instance, then the instance's own waitDuration
 * (which alone decides the interval function, with the merged switches) and maxAttempts
 * (0 leaves the base's).
 */
function resolve(block: Block, name: string, configs: ReadonlyMap<string, Block>, seen: readonly string[]): Effective {
  const props = new Map(block.props);
  let base: Effective;
  const baseName = stringProp(block, "baseconfig");
  const lend = (from: Block) => {
    for (const key of MERGED) if (!props.has(key) && from.props.has(key)) props.set(key, from.props.get(key)!);
  };
  if (baseName !== undefined && baseName !== "") {
    const baseBlock = configs.get(baseName);
    const entry = block.props.get("baseconfig")!;
    if (baseBlock === undefined) {
      const known = [...configs.keys()];
      throw new FileProblem(entry.value.pos, `baseConfig ${shown(baseName)} of ${block.name} names no resilience4j.retry.configs entry${known.length ? ` (there are ${known.map((k) => shown(k)).join(", ")})` : ""}`);
    }
    if (seen.includes(baseName)) throw new FileProblem(entry.value.pos, `baseConfig ${shown(baseName)} of ${block.name} makes a cycle (${[...seen, baseName].join(" → ")})`);
    lend(baseBlock);
    base = resolve(baseBlock, baseName, configs, [...seen, baseName]);
  } else if (name !== "default" && configs.has("default")) {
    lend(configs.get("default")!);
    base = resolve(configs.get("default")!, "default", configs, [...seen, "default"]);
  } else {
    base = RETRY_DEFAULTS;
  }
  const result: Effective = { maxAttempts: base.maxAttempts, interval: base.interval };
  const wait = props.get("waitduration");
  if (wait !== undefined) result.interval = interval(block, props, duration(block, wait));
  const attempts = props.get("maxattempts");
  if (attempts !== undefined) {
    const count = wholeNumber(attempts.value, label(block, attempts), { quoted: true, max: 2_147_483_647 });
    // InstanceProperties.setMaxAttempts refuses anything below 1 when Spring binds it.
    if (count < 1) throw new FileProblem(attempts.value.pos, `${label(block, attempts)} must be at least 1 (it counts the first call), got ${count}`);
    result.maxAttempts = count;
  }
  return result;
}

/** configureRetryIntervalFunction: which IntervalFunction, with which arguments. */
function interval(block: Block, props: ReadonlyMap<string, FlatEntry>, waitMs: number): Effective["interval"] {
  const exponential = bool(block, props.get("enableexponentialbackoff"));
  const randomized = bool(block, props.get("enablerandomizedwait"));
  const multiplierEntry = props.get("exponentialbackoffmultiplier");
  const multiplier = multiplierEntry === undefined ? null : decimal(block, multiplierEntry, 1);
  const factorEntry = props.get("randomizedwaitfactor");
  const factor = factorEntry === undefined ? null : decimal(block, factorEntry, 0, 1);
  const maxEntry = props.get("exponentialmaxwaitduration");
  const max = maxEntry === undefined ? null : duration(block, maxEntry);
  if (waitMs === 0) throw new FileProblem(props.get("waitduration")!.value.pos, `${label(block, props.get("waitduration")!)} is zero; a retry delay must be greater than zero`);
  if (exponential && randomized) {
    // The max is used only with both the multiplier and the factor (the 4-argument overload).
    if (multiplier !== null && factor !== null) return { waitMs, multiplier, randomizationFactor: factor, maxMs: max };
    return { waitMs, multiplier: multiplier ?? DEFAULT_MULTIPLIER, randomizationFactor: DEFAULT_RANDOMIZATION_FACTOR, maxMs: null };
  }
  if (exponential) return { waitMs, multiplier: multiplier ?? DEFAULT_MULTIPLIER, randomizationFactor: "0", maxMs: multiplier !== null ? max : null };
  if (randomized) return { waitMs, multiplier: "1", randomizationFactor: factor ?? DEFAULT_RANDOMIZATION_FACTOR, maxMs: null };
  return { waitMs, multiplier: "1", randomizationFactor: "0", maxMs: null };
}

function duration(block: Block, entry: FlatEntry): number {
  const node = entry.value;
  notPlaceholder(node, label(block, entry));
  const raw = node.kind === "string" ? node.value : node.kind === "number" ? node.source : null;
  const ms = raw === null ? null : springDuration(raw);
  if (ms === null) throw new FileProblem(node.pos, `${label(block, entry)} must be a duration such as 500ms, 2s or PT1S, got ${describe(node)}`);
  return Math.round(ms * 1e6) / 1e6;
}

/** Spring's String-to-Boolean conversion: true/false, on/off, yes/no, 1/0. */
function bool(block: Block, entry: FlatEntry | undefined): boolean {
  if (entry === undefined) return false;
  const node: Node = entry.value;
  notPlaceholder(node, label(block, entry));
  if (node.kind === "boolean") return node.value;
  const raw = node.kind === "string" ? node.value.trim().toLowerCase() : node.kind === "number" ? node.source : "";
  if (["true", "on", "yes", "1"].includes(raw)) return true;
  if (["false", "off", "no", "0"].includes(raw)) return false;
  throw new FileProblem(node.pos, `${label(block, entry)} must be true or false, got ${describe(node)}`);
}

function decimal(block: Block, entry: FlatEntry, min: number, max?: number): string {
  const digits = decimalText(entry.value, label(block, entry), { quoted: true });
  const value = Number(digits);
  if (value < min || (max !== undefined && value > max)) {
    throw new FileProblem(entry.value.pos, `${label(block, entry)} must be ${max === undefined ? `at least ${min}` : `from ${min} to ${max}`}, got ${digits}`);
  }
  return digits;
}

// ---- spring.kafka -------------------------------------------------------------------------

const CLIENTS = ["producer", "consumer", "admin", "streams"] as const;

/**
 * Kafka client properties as Spring passes them: `spring.kafka.properties.*` for every
 * client, `spring.kafka.<client>.properties.*` for one, and the producer's own
 * `spring.kafka.producer.retries`. One policy per client that sets a retry property, with
 * the common ones under it; the common ones alone are one policy.
 */
function kafka(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  const common = new Map<string, FlatEntry>();
  const perClient = new Map<string, Map<string, FlatEntry>>();
  for (const entry of entries) {
    if (startsWith(entry, ["spring", "kafka", "properties"]) && entry.elements.length > 3) {
      common.set(entry.elements.slice(3).join("."), entry);
      continue;
    }
    for (const client of CLIENTS) {
      const own = perClient.get(client) ?? new Map<string, FlatEntry>();
      if (startsWith(entry, ["spring", "kafka", client, "properties"]) && entry.elements.length > 4) own.set(entry.elements.slice(4).join("."), entry);
      else if (client === "producer" && entry.elements.length === 4 && startsWith(entry, ["spring", "kafka", "producer", "retries"])) own.set("retries", entry);
      else continue;
      perClient.set(client, own);
    }
  }
  let any = false;
  for (const client of CLIENTS) {
    const own = perClient.get(client);
    if (own === undefined || !kafkaPolicy.hasRetryKey(own)) continue;
    any = true;
    const merged = new Map([...common, ...own]);
    // Placed at the client's own first setting (what the profile changes, for a profile).
    const at = place([...own.values()]) ?? place([...merged.values()]);
    if (at === null) continue;
    kafkaPolicy.report(merged, `spring.kafka.${client}${suffix(profile)}`, client === "producer", findings, at);
  }
  const at = place([...common.values()]);
  if (!any && kafkaPolicy.hasRetryKey(common) && at !== null) {
    kafkaPolicy.report(common, `spring.kafka.properties${suffix(profile)}`, true, findings, at);
  }
}
