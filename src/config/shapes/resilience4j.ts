import { shown } from "../errors.js";
import { springDuration } from "../durations.js";
import { type FlatEntry, type Placement, norm, profileSuffix, springUnknownKeys, startsWith } from "../spring-boot.js";
import type { ConfigShape } from "../shape.js";
import type { Node } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundTimeout, Placeholder } from "../tree/findings.js";
import type { KeyTable } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";
import { decimalText, describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import type { OptionValues } from "../option-values.js";

/**
 * resilience4j's retry instances and configs in Spring Boot configuration
 * (application*.yml / application*.properties: `resilience4j.retry.instances.*`,
 * `backends.*` and `configs.*`), from the flat property view, profiles applied
 * (spring-boot.ts). RetryConfig is built as resilience4j-spring-boot builds it.
 *
 * A class that decides the waits: CommonRetryConfigurationProperties.buildConfig
 * (resilience4j v2.4.0, f1c3be8e, resilience4j-framework-common/…/retry/configuration/
 * CommonRetryConfigurationProperties.java:117-167) runs configureRetryIntervalFunction
 * (:175-190: the instance's waitDuration and switches) and then, when the instance names
 * one, sets `intervalBiFunction` (:153-157, a class instantiated by ClassUtils): it wins
 * over the waitDuration. RetryConfig.from(base) keeps a base config's class (RetryConfig
 * .java:230-233) until the instance's own waitDuration replaces it. Such a policy's waits
 * are not computable from the file: only its count is checked. InstanceProperties has no
 * `intervalFunction` property (2.4.0, :245-332), so no other key names a class that
 * decides waits. resilience4j 1.x's `maxRetryAttempts` (v1.7.1, acd5406b,
 * RetryConfigurationProperties.java:127-132, deprecated, at least 1) counts as maxAttempts,
 * which is applied after it; 2.x no longer has it.
 *
 * The try time: a `resilience4j.timelimiter.instances.<name>` of the retry instance's own
 * name. `@Retry(name = "x")` and `@TimeLimiter(name = "x")` on one method pair them, and the
 * retry aspect runs outside the time limiter's (RetryConfigurationProperties'
 * retryAspectOrder LOWEST_PRECEDENCE − 4 against TimeLimiterConfigurationProperties'
 * timeLimiterAspectOrder − 1; −5 and −2 in resilience4j-spring6), so each try is cut at the
 * limiter's timeoutDuration. It is resolved as CommonTimeLimiterConfigurationProperties
 * createTimeLimiterConfig does (resilience4j af9e7c97, 2.x): the instance's own
 * timeoutDuration, else its baseConfig's, else configs.default's (for any instance not named
 * default), else TimeLimiterConfig's 1 s. No time limiter of that name: no try time is read
 * (the annotations are in the code, not the file).
 */
export const resilience4j: ConfigShape = {
  system: "resilience4j",
  label: "Spring resilience4j",
  preset: "resilience4j",
  recognised: "Spring resilience4j retry (application*.yml/.properties)",
  levers: { cap: "exponentialMaxWaitDuration of the instance, with exponentialBackoffMultiplier beside it (resilience4j reads the max only then)", limits: ["maxAttempts of the instance (counts the first call)"], jitter: "enableRandomizedWait and randomizedWaitFactor of the instance" },
  docs: {
    system: "Spring resilience4j",
    where: "`resilience4j.retry.instances.*` and `configs.*` in YAML or `.properties`",
    policy:
      "`maxAttempts` (counts the first call; default 3), `waitDuration` (500 ms, fixed); beside a `waitDuration` only (configureRetryIntervalFunction), `enableExponentialBackoff` with `exponentialBackoffMultiplier` (1.5), `enableRandomizedWait` with `randomizedWaitFactor` (0.5), and `exponentialMaxWaitDuration` (no cap; read only with an explicit multiplier); " +
      "`baseConfig` and `configs.default` resolved as resilience4j does, camelCase or kebab-case keys, Spring durations (`500ms`, `PT1S`), profiles; `maxAttempts` (1.x's `maxRetryAttempts` too); an `intervalBiFunction` class (the instance's own, or a base config's that the instance's `waitDuration` does not replace) decides the waits: reported as not computable from the file, its count still checked (`--max-attempts`), every limit that needs a wait not computable; preset `resilience4j`. " +
      "Timeouts: the `resilience4j.timelimiter.instances.<name>` of the same name, when there is one: its `timeoutDuration` (try time; baseConfig and configs.default inherited, 1 s by default). No deadline; " +
      "a property `InstanceProperties` does not define (`maxAtempts`), or a misspelt `instances`/`configs`, is an unknown key, named with the property meant",
    conditions:
      "the exceptions that are (subclasses of) one of `retryExceptions`, or that the `retryExceptionPredicate` class accepts (decided by code), never one of `ignoreExceptions`; neither set: every exception (RetryConfig's default); a `resultPredicate` class also retries the results it accepts (decided by code); each inherited from the base config (`baseConfig`, else `configs.default`) when the instance sets none. No budget",
  },
  words: { tree: /resilience4j/, properties: /resilience4j/ },
  spring: {
    roots: [
      ["resilience4j", "retry"],
      ["resilience4j", "timelimiter"],
    ],
    read: resilience4jPolicies,
  },
};

// ---- resilience4j ---------------------------------------------------------------------

/** One instance's or config's properties, by normalised name; a later entry replaces an earlier. */
interface Block {
  readonly name: string;
  readonly offset: number;
  readonly props: Map<string, FlatEntry>;
  readonly entries: FlatEntry[];
  /** List properties written element by element (retryExceptions[0], [1]), by normalised name. */
  readonly lists: Map<string, FlatEntry[]>;
}

/** The interval function resilience4j builds, and the attempts (counting the first call). */
interface Effective {
  maxAttempts: number;
  /** The intervalBiFunction class that decides the waits instead (`interval` is then unused), and the property naming it. */
  waitsFrom: { readonly className: string; readonly property: string } | null;
  interval: { waitMs: number; multiplier: string; randomizationFactor: string; maxMs: number | null };
}

/** RetryConfig's defaults: 3 attempts, a fixed 500 ms wait. */
const RETRY_DEFAULTS: Effective = { maxAttempts: 3, waitsFrom: null, interval: { waitMs: 500, multiplier: "1", randomizationFactor: "0", maxMs: null } };
/** IntervalFunction.DEFAULT_MULTIPLIER and DEFAULT_RANDOMIZATION_FACTOR. */
const DEFAULT_MULTIPLIER = "1.5";
const DEFAULT_RANDOMIZATION_FACTOR = "0.5";
/** The properties a baseConfig (or configs.default) lends an instance: ConfigUtils.mergePropertiesIfAny. */
const MERGED = ["enableexponentialbackoff", "enablerandomizedwait", "exponentialbackoffmultiplier", "exponentialmaxwaitduration"];

function blocks(entries: readonly FlatEntry[], module = "retry"): { instances: Map<string, Block>; configs: Map<string, Block> } {
  const instances = new Map<string, Block>();
  const configs = new Map<string, Block>();
  const listed: FlatEntry[] = [];
  for (const entry of entries) {
    if (!startsWith(entry, ["resilience4j", module]) || entry.elements.length !== 5) {
      if (entry.elements.length === 6 && /^\[?\d+\]?$/.test(entry.elements[5]!)) listed.push(entry);
      continue;
    }
    const section = norm(entry.elements[2]!);
    const target = section === "instances" || section === "backends" ? instances : section === "configs" ? configs : null;
    if (target === null) continue;
    const name = entry.elements[3]!;
    let block = target.get(name);
    if (block === undefined) {
      block = { name, offset: entry.keyOffsets[3]!, props: new Map(), entries: [], lists: new Map() };
      target.set(name, block);
    }
    block.props.set(norm(entry.elements[4]!), entry);
    block.entries.push(entry);
  }
  // A list's elements belong to a block its other properties make (a list alone makes none); a first element starts the list again (a profile's list replaces the base's, as Spring binds lists).
  for (const entry of listed) {
    if (!startsWith(entry, ["resilience4j", module])) continue;
    const section = norm(entry.elements[2]!);
    const block = (section === "instances" || section === "backends" ? instances : section === "configs" ? configs : null)?.get(entry.elements[3]!);
    if (block === undefined) continue;
    const prop = norm(entry.elements[4]!);
    const known = block.lists.get(prop);
    if (known === undefined || /^\[?0\]?$/.test(entry.elements[5]!)) block.lists.set(prop, [entry]);
    else known.push(entry);
    block.entries.push(entry);
  }
  return { instances, configs };
}

function resilience4jPolicies(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  // A property no instance defines, and a misspelt section, are findings of their own (rule unknown-key); the instance is read without it.
  const retry = entries.filter((e) => e.elements.length >= 3 && startsWith(e, ["resilience4j", "retry"]));
  springUnknownKeys(retry, 2, SECTION_KEYS, place, findings, ["instances", "backends", "configs"]);
  springUnknownKeys(retry.filter((e) => e.elements.length >= 5 && ["instances", "backends", "configs"].includes(norm(e.elements[2]!))), 4, INSTANCE_KEYS, place, findings);
  const { instances, configs } = blocks(entries);
  const limiters = blocks(entries, "timelimiter");
  const report = (block: Block, name: string, isInstance: boolean) => {
    const chain = isInstance ? chainOf(block, configs) : [block];
    const at = place(chain.flatMap((b) => b.entries));
    if (at === null) return;
    // The instance's name key (in a profile: where the profile names it, or what it changes).
    const offset = profile === null ? block.offset : (at.keyOffsets[3] ?? block.offset);
    findings.policy("resilience4j", `${name}${profileSuffix(profile)}`, offset, () => {
      const effective = resolve(block, isInstance ? block.name : "default", configs, []);
      const options: OptionValues = {
        base: msText(effective.interval.waitMs),
        factor: effective.interval.multiplier,
        jitter: effective.interval.randomizationFactor,
        attempts: String(effective.maxAttempts - 1),
      };
      if (effective.interval.maxMs !== null) options.cap = msText(effective.interval.maxMs);
      // A class decides the waits: only the count comes from the file.
      if (effective.waitsFrom !== null) for (const key of ["base", "factor", "jitter", "cap"] as const) delete options[key];
      const limiter = isInstance ? limiters.instances.get(block.name) : undefined;
      const timeouts: FoundTimeout[] = [];
      if (limiter !== undefined) {
        const timeout = limiterTimeout(limiter, limiter.name, limiters.configs, []);
        // A zero timeoutDuration times every try out at once: tries of no time, nothing to say.
        if (timeout.ms > 0) {
          options.attemptTime = msText(timeout.ms);
          timeouts.push(timeout.found);
        }
      }
      const waitsFrom = effective.waitsFrom === null ? {} : { waitsFrom: { why: `waits decided by ${effective.waitsFrom.className} (${effective.waitsFrom.property}): not computable from the file` } };
      const conditions = retryOn(conditionsOf(block, isInstance ? block.name : "default", configs, []));
      return { options, disabled: effective.maxAttempts === 1, ...waitsFrom, ...(timeouts.length === 0 ? {} : { timeouts }), conditions };
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
  // RetryConfig.from(base) keeps the base's interval function, its class included.
  const result: Effective = { maxAttempts: base.maxAttempts, waitsFrom: base.waitsFrom, interval: base.interval };
  const wait = props.get("waitduration");
  if (wait !== undefined) {
    // configureRetryIntervalFunction replaces the base's interval function, a class's too.
    result.interval = interval(block, props, duration(block, wait));
    result.waitsFrom = null;
  }
  // buildConfig sets the instance's own intervalBiFunction after that: it decides the waits.
  const biFunction = props.get("intervalbifunction");
  if (biFunction !== undefined) {
    const className = stringProp(block, "intervalbifunction");
    if (className === undefined || className === "") throw new FileProblem(biFunction.value.pos, `${label(block, biFunction)} must name an IntervalBiFunction class, got ${describeNode(biFunction.value)}`);
    result.waitsFrom = { className, property: label(block, biFunction) };
  }
  // resilience4j 1.x's maxRetryAttempts (1.7.1 RetryConfigurationProperties.buildConfig), then maxAttempts over it.
  for (const key of ["maxretryattempts", "maxattempts"]) {
    const attempts = props.get(key);
    if (attempts === undefined) continue;
    const count = wholeNumber(attempts.value, label(block, attempts), { quoted: true, max: 2_147_483_647 });
    // InstanceProperties.setMaxAttempts (and 1.x's setMaxRetryAttempts) refuse anything below 1 when Spring binds it.
    if (count < 1) throw new FileProblem(attempts.value.pos, `${label(block, attempts)} must be at least 1 (it counts the first call), got ${count}`);
    result.maxAttempts = count;
  }
  return result;
}

/** TimeLimiterConfig's timeoutDuration when nothing sets it. */
const LIMITER_DEFAULT_MS = 1000;

/**
 * createTimeLimiterConfig's timeoutDuration for a limiter block: its own, else its baseConfig's
 * (a missing one is ConfigurationNotFoundException), else configs.default's for any name but
 * default, else 1 s; with the property that sets it.
 */
function limiterTimeout(block: Block, name: string, configs: ReadonlyMap<string, Block>, seen: readonly string[]): { ms: number; found: FoundTimeout } {
  const own = block.props.get("timeoutduration");
  if (own !== undefined) {
    const ms = duration(block, own);
    if (!Number.isSafeInteger(ms)) throw new FileProblem(own.value.pos, `${label(block, own)} is ${msText(ms)}: backoff checks timeouts in whole milliseconds (every start is one)`);
    return { ms, found: { role: "attempt-time", field: label(block, own), offset: own.keyOffsets[4] ?? own.value.pos } };
  }
  const baseName = stringProp(block, "baseconfig");
  if (baseName !== undefined && baseName !== "") {
    const entry = block.props.get("baseconfig")!;
    const base = configs.get(baseName);
    if (base === undefined) {
      const known = [...configs.keys()];
      throw new FileProblem(entry.value.pos, `baseConfig ${shown(baseName)} of time limiter ${block.name} names no resilience4j.timelimiter.configs entry${known.length ? ` (there are ${known.map((k) => shown(k)).join(", ")})` : ""}`);
    }
    if (seen.includes(baseName)) throw new FileProblem(entry.value.pos, `baseConfig ${shown(baseName)} of time limiter ${block.name} makes a cycle (${[...seen, baseName].join(" → ")})`);
    return limiterTimeout(base, baseName, configs, [...seen, baseName]);
  }
  const fallback = configs.get("default");
  if (name !== "default" && fallback !== undefined) return limiterTimeout(fallback, "default", configs, [...seen, "default"]);
  return { ms: LIMITER_DEFAULT_MS, found: { role: "attempt-time", field: "TimeLimiterConfig's default timeoutDuration (1 s)", offset: null } };
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
  if (ms === null) throw new FileProblem(node.pos, `${label(block, entry)} must be a duration such as 500ms, 2s or PT1S, got ${describeNode(node)}`);
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
  throw new FileProblem(node.pos, `${label(block, entry)} must be true or false, got ${describeNode(node)}`);
}

function decimal(block: Block, entry: FlatEntry, min: number, max?: number): string {
  const digits = decimalText(entry.value, label(block, entry), { quoted: true });
  const value = Number(digits);
  if (value < min || (max !== undefined && value > max)) {
    throw new FileProblem(entry.value.pos, `${label(block, entry)} must be ${max === undefined ? `at least ${min}` : `from ${min} to ${max}`}, got ${digits}`);
  }
  return digits;
}

// ---- unknown keys (issue 36, item 1) ------------------------------------------------------

/**
 * A retry instance's (or config's) properties and what resilience4j does without each:
 * CommonRetryConfigurationProperties.InstanceProperties (resilience4j v2.4.0, f1c3be8e,
 * resilience4j-framework-common/…/CommonRetryConfigurationProperties.java:245-332) and 1.x's
 * maxRetryAttempts (v1.7.1, RetryConfigurationProperties.InstanceProperties). Spring Boot
 * ignores a property the class does not define (ignoreUnknownFields), so the instance keeps
 * its base's value, or RetryConfig's default.
 */
const INSTANCE_FIELDS: ReadonlyMap<string, string> = new Map([
  ["waitDuration", "resilience4j uses its default, a fixed 500 ms wait"],
  ["intervalBiFunction", "the waits come from waitDuration, not from a class"],
  ["maxAttempts", "resilience4j uses its default, 3 attempts"],
  ["maxRetryAttempts", "resilience4j uses its default, 3 attempts"],
  ["retryExceptionPredicate", "no predicate class decides which exceptions are retried"],
  ["resultPredicate", "no result is retried"],
  ["consumeResultBeforeRetryAttempt", "nothing runs on a result before it is retried"],
  ["retryExceptions", "resilience4j retries every exception, its default"],
  ["ignoreExceptions", "no exception is kept from being retried"],
  ["eventConsumerBufferSize", "resilience4j uses its default event buffer size"],
  ["enableExponentialBackoff", "the waits do not grow (a fixed waitDuration)"],
  ["exponentialBackoffMultiplier", "resilience4j uses its default multiplier, 1.5, when exponential backoff is on"],
  ["exponentialMaxWaitDuration", "the waits have no cap"],
  ["enableRandomizedWait", "the waits are not randomized"],
  ["randomizedWaitFactor", "resilience4j uses its default factor, 0.5, when randomized waits are on"],
  ["failAfterMaxAttempts", "resilience4j uses its default, false"],
  ["baseConfig", "the instance takes configs.default, or RetryConfig's defaults, as its base"],
]);
const INSTANCE_KEYS: KeyTable = {
  system: "resilience4j",
  where: "a resilience4j retry instance",
  known: [...INSTANCE_FIELDS.keys()],
  instead: (meant) => (meant === null ? "Spring binds nothing to it, so it has no effect" : INSTANCE_FIELDS.get(meant)!),
};
/**
 * The keys of `resilience4j.retry`: CommonRetryConfigurationProperties' instances, backends
 * and configs, CommonProperties' tags, and the Spring modules' retryAspectOrder
 * (RetryConfigurationProperties, resilience4j-spring6 at v2.4.0). Other modules may add more,
 * so only a misspelling of instances, backends or configs is reported.
 */
const SECTION_KEYS: KeyTable = {
  system: "resilience4j",
  where: "resilience4j.retry",
  known: ["instances", "backends", "configs", "tags", "retryAspectOrder"],
  instead: () => "Spring binds nothing under it: no retry instance or config is read from it",
};

// ---- what is retried (issue 41, item 1) ----------------------------------------------------

/** The properties that decide what an instance retries, each its own or its base's, with the config it comes from (null: the instance's own). */
interface ConditionProps {
  retry: Inherited<FlatEntry[]> | null;
  ignore: Inherited<FlatEntry[]> | null;
  predicate: Inherited<FlatEntry> | null;
  result: Inherited<FlatEntry> | null;
}
type Inherited<T> = { readonly value: T; readonly via: string | null };

/** A list property: its elements (retryExceptions[0], [1]) or its one comma-separated value. */
function listProp(block: Block, prop: string): FlatEntry[] | null {
  const whole = block.props.get(prop);
  return block.lists.get(prop) ?? (whole === undefined ? null : [whole]);
}

/**
 * buildConfig (CommonRetryConfigurationProperties v2.4.0:117-167) sets retryExceptions,
 * ignoreExceptions, retryExceptionPredicate and resultPredicate only when the instance has
 * them, over RetryConfig.from(base), which keeps the base's (RetryConfig.java:219-233): so each
 * is the instance's own, else its base's (baseConfig, else configs.default), as resolve
 * follows them (which refuses a missing base or a cycle first).
 */
function conditionsOf(block: Block, name: string, configs: ReadonlyMap<string, Block>, seen: readonly string[]): ConditionProps {
  const baseName = block.props.get("baseconfig") === undefined ? undefined : stringProp(block, "baseconfig");
  const next = baseName !== undefined && baseName !== "" ? baseName : name !== "default" ? "default" : null;
  const base: ConditionProps =
    next !== null && configs.has(next) && !seen.includes(next) ? conditionsOf(configs.get(next)!, next, configs, [...seen, next]) : { retry: null, ignore: null, predicate: null, result: null };
  const via = <T>(inherited: Inherited<T> | null): Inherited<T> | null => (inherited === null ? null : { value: inherited.value, via: inherited.via ?? `configs.${next}` });
  const own = <T>(value: T | null | undefined): Inherited<T> | null => (value === null || value === undefined ? null : { value, via: null });
  return {
    retry: own(listProp(block, "retryexceptions")) ?? via(base.retry),
    ignore: own(listProp(block, "ignoreexceptions")) ?? via(base.ignore),
    predicate: own(block.props.get("retryexceptionpredicate")) ?? via(base.predicate),
    result: own(block.props.get("resultpredicate")) ?? via(base.result),
  };
}

/** What the findings about an instance's conditions tell the reader to edit (resilience4j has no retry budget). */
const RESILIENCE4J_LEVERS = { conditions: "retryExceptions of the instance, with ignoreExceptions for the permanent failures", budget: null };

/** Class names as Spring reads a Class[] property: every element, each comma-separated. */
function classNames(entries: readonly FlatEntry[]): string[] {
  const names: string[] = [];
  for (const entry of entries) {
    notPlaceholder(entry.value, entry.elements.join("."));
    const raw = entry.value.kind === "string" ? entry.value.value : entry.value.kind === "number" ? entry.value.source : "";
    names.push(...raw.split(",").map((n) => n.trim()).filter((n) => n !== ""));
  }
  return names;
}

/**
 * What an instance retries on (RetryConfig.Builder v2.4.0, createExceptionPredicate and
 * createRetryOnExceptionPredicate; PredicateCreator.createExceptionsPredicate): an exception
 * that is an instance of one of retryExceptions, or that the retryExceptionPredicate class
 * accepts (the two or-ed), and is an instance of none of ignoreExceptions; neither set, every
 * exception (DEFAULT_RECORD_FAILURE_PREDICATE, throwable -> true). A resultPredicate class
 * retries results too. A class is decided by code, never guessed.
 */
function retryOn(props: ConditionProps): RetryOn {
  try {
    const retry = props.retry === null ? [] : classNames(props.retry.value);
    const ignore = props.ignore === null ? [] : classNames(props.ignore.value);
    const className = (entry: Inherited<FlatEntry> | null) => (entry === null ? null : (classNames([entry.value])[0] ?? null));
    const predicate = className(props.predicate);
    const result = className(props.result);
    const of = (inherited: Inherited<unknown> | null) => (inherited?.via == null ? "" : ` of ${inherited.via}`);
    const conditions: Condition[] = retry.map((name): Condition => (/^(java\.lang\.)?(Exception|Throwable)$/.test(name) ? { kind: "every-error" } : { kind: "error", name }));
    if (predicate !== null) conditions.push({ kind: "code", why: `retryExceptionPredicate ${predicate}` });
    if (retry.length === 0 && predicate === null) conditions.push({ kind: "every-error" });
    if (result !== null) conditions.push({ kind: "code", why: `the results resultPredicate ${result} accepts` });
    const words = [
      ...(retry.length === 0 ? [] : [`retryExceptions ${retry.join(" and ")}${of(props.retry)}`]),
      ...(predicate === null ? [] : [`retryExceptionPredicate ${predicate}${of(props.predicate)}`]),
      ...(ignore.length === 0 ? [] : [`ignoreExceptions ${ignore.join(" and ")}${of(props.ignore)}`]),
      ...(result === null ? [] : [`resultPredicate ${result}${of(props.result)}`]),
    ];
    const isDefault = words.length === 0;
    return { words, from: isDefault ? "no retryExceptions: RetryConfig's default" : "the retry properties", isDefault, conditions, ...(ignore.length === 0 ? {} : { except: ignore }), levers: RESILIENCE4J_LEVERS };
  } catch (error) {
    // A placeholder among the class names leaves them to where it is rendered; the schedule is still checked.
    if (!(error instanceof Placeholder)) throw error;
    return { words: [], from: "a placeholder in retryExceptions, ignoreExceptions or a predicate", isDefault: false, conditions: [{ kind: "other", text: "what the placeholder gives" }], levers: RESILIENCE4J_LEVERS };
  }
}
