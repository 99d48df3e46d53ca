import { shown } from "../errors.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, norm, profileSuffix, springUnknownKeys, startsWith } from "../spring-boot.js";
import { type Findings, FileProblem, Placeholder } from "../tree/findings.js";
import { decimalText, describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import type { KeyTable } from "../tree/unknown-keys.js";
import type { Condition, RetryOn } from "../../core/conditions/condition.js";

/**
 * Spring Cloud Stream's consumer retry (`spring.cloud.stream.bindings.<b>.consumer.*`,
 * with `spring.cloud.stream.default.consumer.*` under every binding), read as the binder
 * builds its RetryTemplate. ConsumerProperties (spring-cloud/spring-cloud-stream v5.0.3,
 * ec87bc8f, core/spring-cloud-stream/…/binder/ConsumerProperties.java:95-131): `maxAttempts`
 * 3 (an int counting the first call; 1 turns retrying off), `backOffInitialInterval` 1000,
 * `backOffMaxInterval` 10000 (ints, milliseconds), `backOffMultiplier` 2.0. AbstractBinder
 * .buildRetryTemplate (:193-227) makes them Spring Framework's RetryPolicy (maxRetries
 * max(0, maxAttempts − 1), delay, multiplier, maxDelay), whose ExponentialBackOff waits
 * each (long)(previous × multiplier), at most maxDelay; v4.3.3 (94dd0e69, :191-216) made
 * the same values spring-retry's SimpleRetryPolicy and ExponentialBackOffPolicy: the same
 * waits, the spring-retry preset's. A `retryTemplateName` names a @StreamRetryTemplate
 * bean that then decides everything: not computable from the file, not checked.
 *
 * A binding is a consumer when it has `consumer.*` properties or is named as the
 * functional model names inputs (`<function>-in-<n>`); `default.consumer` alone, with no
 * such binding, is a policy of its own (what every consumer binding gets).
 */
export const springCloudStream: ConfigShape = {
  system: "spring-cloud-stream",
  label: "Spring Cloud Stream",
  preset: "spring-retry",
  recognised: "Spring Cloud Stream consumer retry (spring.cloud.stream.bindings)",
  levers: { cap: "backOffMaxInterval of the binding's consumer", limits: ["maxAttempts of the binding's consumer (counts the first call)"], jitter: null },
  docs: {
    system: "Spring Cloud Stream",
    where: "`spring.cloud.stream.bindings.<b>.consumer.*` and `spring.cloud.stream.default.consumer.*` in YAML or `.properties`",
    policy:
      "each consumer binding (one with `consumer.*` keys, or named `<fn>-in-<n>`), `default.consumer` under it: `maxAttempts` (default 3 tries; 1 switches retries off), `backOffInitialInterval` (1000 ms), `backOffMultiplier` (2.0), `backOffMaxInterval` (10000 ms), whole milliseconds; `default.consumer` alone is a policy of its own; a `retryTemplateName` (a bean decides the waits) is not computable from the file and not checked; relaxed names, profiles; a misspelt retry property of a consumer (`maxAtempts`) or a misspelt `consumer` is an unknown key, named with the key meant; preset `spring-retry`",
    conditions:
      "every exception the consumer's handler throws, unless `retryableExceptions` maps classes to `true` (only those, and their subclasses) or `false` (never those); `default.consumer`'s map under each binding's. No budget",
  },
  words: { tree: /\bstream\b/, properties: /cloud\.stream/i, template: /max-?attempts|back-?off|retryable/i },
  spring: { roots: [["spring", "cloud", "stream"]], read: springCloudStreamPolicies },
};

const ROOT = ["spring", "cloud", "stream"] as const;
const RETRY_KEYS = ["maxattempts", "backoffinitialinterval", "backoffmaxinterval", "backoffmultiplier", "retrytemplatename"] as const;
/** ConsumerProperties' defaults. */
const DEFAULTS = { maxAttempts: 3, initialMs: 1000, maxMs: 10_000, multiplier: "2.0" } as const;
/** The functional model's input bindings: `<function>-in-<index>`. */
const INPUT_BINDING = /-in-\d+$/;

interface Binding {
  readonly name: string;
  /** Offset of the binding's name key. */
  offset: number;
  readonly consumer: Map<string, FlatEntry>;
  /** consumer.retryableExceptions, by class name. */
  readonly exceptions: Map<string, FlatEntry>;
  readonly entries: FlatEntry[];
}

/**
 * ConsumerProperties' fields (v5.0.3, ConsumerProperties.java:44-180), and what the binder does
 * without each of its retry properties (issue 36, item 1). A consumer holds many other keys, so only
 * a misspelling of a retry property is reported (Spring Boot ignores an unknown property: the
 * default stays); so is a misspelt `consumer` of a binding (BindingProperties).
 */
const CONSUMER_RETRY: ReadonlyMap<string, string> = new Map([
  ["maxAttempts", "Spring Cloud Stream uses its default, 3 attempts"],
  ["backOffInitialInterval", "Spring Cloud Stream uses its default, 1000 ms"],
  ["backOffMaxInterval", "Spring Cloud Stream uses its default, 10000 ms"],
  ["backOffMultiplier", "Spring Cloud Stream uses its default multiplier, 2.0"],
  ["defaultRetryable", "Spring Cloud Stream uses its default, true"],
  ["retryableExceptions", "Spring Cloud Stream retries every exception, its default"],
  ["retryTemplateName", "the binder builds its retry from the consumer's properties (or takes the one @StreamRetryTemplate bean)"],
]);
const CONSUMER_KEYS: KeyTable = {
  system: "spring-cloud-stream",
  where: "a Spring Cloud Stream consumer",
  known: ["bindingName", "autoStartup", "concurrency", "partitioned", "instanceCount", "instanceIndex", "instanceIndexList", ...CONSUMER_RETRY.keys(), "headerMode", "useNativeDecoding", "multiplex", "batchMode"],
  instead: (meant) => CONSUMER_RETRY.get(meant!) ?? "Spring binds nothing to it, so it has no effect",
};
const BINDING_KEYS: KeyTable = {
  system: "spring-cloud-stream",
  where: "a Spring Cloud Stream binding",
  known: ["destination", "group", "contentType", "binder", "consumer", "producer", "errorHandlerDefinition"],
  instead: () => "the binding's consumer keeps its defaults (3 attempts, 1000 ms ×2.0 up to 10000 ms)",
};

/**
 * spring.cloud.stream's keys: BindingServiceProperties (v5.0.3, @ConfigurationProperties("spring.cloud.stream"):
 * inputBindings, outputBindings, instanceIndex, instanceIndexList, instanceCount, bindings, binders,
 * defaultBinder, dynamicDestinationCacheSize, bindingRetryInterval) and `default`. Other classes share the
 * prefix (function, poller, integration, …), so only a misspelt `bindings` is judged.
 */
const STREAM_KEYS: KeyTable = {
  system: "spring-cloud-stream",
  where: "spring.cloud.stream",
  known: ["inputBindings", "outputBindings", "instanceIndex", "instanceIndexList", "instanceCount", "bindings", "binders", "defaultBinder", "dynamicDestinationCacheSize", "bindingRetryInterval", "default"],
  instead: () => "Spring binds no binding there: its consumers are not configured",
};

function springCloudStreamPolicies(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  const stream = entries.filter((entry) => entry.elements.length > 4 && startsWith(entry, ROOT));
  const section = (entry: FlatEntry, name: string) => norm(entry.elements[3]!) === name;
  springUnknownKeys(stream.filter((e) => section(e, "bindings") && e.elements.length > 6 && norm(e.elements[5]!) === "consumer"), 6, CONSUMER_KEYS, place, findings, [...CONSUMER_RETRY.keys()]);
  springUnknownKeys(stream.filter((e) => section(e, "default") && e.elements.length > 5 && norm(e.elements[4]!) === "consumer"), 5, CONSUMER_KEYS, place, findings, [...CONSUMER_RETRY.keys()]);
  springUnknownKeys(stream.filter((e) => section(e, "bindings") && e.elements.length > 6), 5, BINDING_KEYS, place, findings, ["consumer"]);
  springUnknownKeys(stream.filter((e) => section(e, "default") && e.elements.length > 5), 4, BINDING_KEYS, place, findings, ["consumer"]);
  springUnknownKeys(stream, 3, STREAM_KEYS, place, findings, ["bindings"]);
  const defaults = new Map<string, FlatEntry>();
  const defaultExceptions = new Map<string, FlatEntry>();
  const defaultEntries: FlatEntry[] = [];
  const bindings = new Map<string, Binding>();
  for (const entry of entries) {
    if (!startsWith(entry, ROOT)) continue;
    const section = entry.elements.length > 3 ? norm(entry.elements[3]!) : "";
    if (section === "default" && entry.elements.length === 6 && norm(entry.elements[4]!) === "consumer") {
      defaults.set(norm(entry.elements[5]!), entry);
      defaultEntries.push(entry);
    } else if (section === "default" && entry.elements.length > 6 && norm(entry.elements[4]!) === "consumer" && norm(entry.elements[5]!) === "retryableexceptions") {
      defaultExceptions.set(entry.elements.slice(6).join("."), entry);
      defaultEntries.push(entry);
    } else if (section === "bindings" && entry.elements.length >= 5) {
      const name = entry.elements[4]!;
      let binding = bindings.get(name);
      if (binding === undefined) {
        binding = { name, offset: entry.keyOffsets[4]!, consumer: new Map(), exceptions: new Map(), entries: [] };
        bindings.set(name, binding);
      }
      binding.entries.push(entry);
      if (entry.elements.length === 7 && norm(entry.elements[5]!) === "consumer") binding.consumer.set(norm(entry.elements[6]!), entry);
      else if (entry.elements.length > 7 && norm(entry.elements[5]!) === "consumer" && norm(entry.elements[6]!) === "retryableexceptions") {
        binding.exceptions.set(entry.elements.slice(7).join("."), entry);
        binding.consumer.set("retryableexceptions", entry);
      }
    }
  }
  let reported = 0;
  for (const binding of bindings.values()) {
    if (binding.consumer.size === 0 && !INPUT_BINDING.test(binding.name)) continue;
    reported++;
    const merged = new Map([...defaults, ...binding.consumer]);
    const at = place([...binding.entries, ...defaultEntries.filter((e) => !binding.consumer.has(norm(e.elements[5]!)))]);
    if (at === null) continue;
    const offset = profile === null ? binding.offset : (at.keyOffsets[4] ?? at.keyOffsets[3] ?? binding.offset);
    findings.policy("spring-cloud-stream", `spring.cloud.stream.bindings.${binding.name}${profileSuffix(profile)}`, offset, () => read(merged, new Map([...defaultExceptions, ...binding.exceptions])));
  }
  if (reported === 0 && defaultEntries.length > 0) {
    const at = place(defaultEntries);
    if (at === null) return;
    findings.policy("spring-cloud-stream", `spring.cloud.stream.default.consumer${profileSuffix(profile)}`, at.keyOffsets[4] ?? at.value.pos, () => read(defaults, defaultExceptions));
  }
}

function read(props: ReadonlyMap<string, FlatEntry>, exceptions: ReadonlyMap<string, FlatEntry>) {
  const label = (entry: FlatEntry) => entry.elements.join(".");
  const named = props.get("retrytemplatename");
  if (named !== undefined) {
    notPlaceholder(named.value, label(named));
    const bean = named.value.kind === "string" ? named.value.value.trim() : named.value.kind === "number" ? named.value.source : "";
    // StringUtils.hasText: an empty name leaves the properties in charge.
    if (bean !== "") {
      throw new Placeholder(named.keyOffsets[named.keyOffsets.length - 1]!, `retries and waits decided by the @StreamRetryTemplate bean ${shown(bean)} (${label(named)}): not computable from the file`);
    }
  }
  const int = (key: (typeof RETRY_KEYS)[number], fallback: number): number => {
    const entry = props.get(key);
    return entry === undefined ? fallback : wholeNumber(entry.value, label(entry), { quoted: true, max: 2_147_483_647 });
  };
  const maxAttempts = int("maxattempts", DEFAULTS.maxAttempts);
  const positive = (key: (typeof RETRY_KEYS)[number], fallback: number): number => {
    const value = int(key, fallback);
    if (value === 0) throw new FileProblem(props.get(key)!.value.pos, `${label(props.get(key)!)} is 0: backoff computes positive delays only`);
    return value;
  };
  const initialMs = positive("backoffinitialinterval", DEFAULTS.initialMs);
  const maxMs = positive("backoffmaxinterval", DEFAULTS.maxMs);
  const multiplierEntry = props.get("backoffmultiplier");
  const multiplier = multiplierEntry === undefined ? DEFAULTS.multiplier : decimalText(multiplierEntry.value, label(multiplierEntry), { quoted: true });
  // Spring Framework's RetryPolicy.Builder refuses a multiplier below 1 (v5); spring-retry (v4) read it as 1.
  if (Number(multiplier) < 1) throw new FileProblem(multiplierEntry!.value.pos, `${label(multiplierEntry!)} must be at least 1 (Spring Framework's RetryPolicy refuses it), got ${multiplier}`);
  const retries = Math.max(0, maxAttempts - 1);
  const options: OptionValues = { base: msText(initialMs), factor: multiplier, cap: msText(maxMs), attempts: String(retries) };
  return { options, disabled: retries === 0, conditions: retryOn(exceptions, props.get("defaultretryable")) };
}

/** What the findings about a consumer's conditions tell the reader to edit (Spring Cloud Stream has no retry budget). */
const STREAM_LEVERS = { conditions: "retryableExceptions of the binding's consumer, such as java.io.IOException: true", budget: null };

/**
 * What a consumer retries (v5.0.3, ec87bc8f, AbstractBinder.buildRetryTemplate): the classes mapped to
 * true in retryableExceptions are the RetryPolicy's includes, those mapped to false its excludes; Spring
 * Framework's DefaultRetryPolicy (spring-core 7.0, at 16edf986) refuses an excluded class first, then
 * retries only an included one when there are any, else every exception. defaultRetryable is no longer
 * read there (v4.3.3, 94dd0e69, made it SimpleRetryPolicy's default for unlisted classes): said, not applied.
 */
function retryOn(exceptions: ReadonlyMap<string, FlatEntry>, defaultRetryable: FlatEntry | undefined): RetryOn {
  const includes: string[] = [];
  const excludes: string[] = [];
  for (const [name, entry] of exceptions) {
    notPlaceholder(entry.value, entry.elements.join("."));
    const raw = entry.value.kind === "boolean" ? String(entry.value.value) : entry.value.kind === "string" ? entry.value.value.trim().toLowerCase() : "";
    if (raw !== "true" && raw !== "false") throw new FileProblem(entry.value.pos, `${entry.elements.join(".")} must be true or false, got ${describeNode(entry.value)}`);
    (raw === "true" ? includes : excludes).push(name);
  }
  const conditions: Condition[] =
    includes.length === 0 ? [{ kind: "every-error" }] : includes.map((name): Condition => (/^(java\.lang\.)?(Exception|Throwable)$/.test(name) ? { kind: "every-error" } : { kind: "error", name }));
  const ignored = defaultRetryable === undefined ? [] : ["defaultRetryable (not read since 5.0)"];
  if (exceptions.size === 0) return { words: ignored, from: "no retryableExceptions: every exception", isDefault: true, conditions, levers: STREAM_LEVERS };
  const words = [...exceptions].map(([name]) => `${name}: ${includes.includes(name)}`);
  return { words: [...words, ...ignored], from: "retryableExceptions", isDefault: false, conditions, ...(excludes.length === 0 ? {} : { except: excludes }), levers: STREAM_LEVERS };
}
