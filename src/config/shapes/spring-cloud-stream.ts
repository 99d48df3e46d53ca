import { shown } from "../errors.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, norm, profileSuffix, startsWith } from "../spring-boot.js";
import { type Findings, FileProblem, Placeholder } from "../tree/findings.js";
import { decimalText, msText, notPlaceholder, wholeNumber } from "../tree/values.js";

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
      "each consumer binding (one with `consumer.*` keys, or named `<fn>-in-<n>`), `default.consumer` under it: `maxAttempts` (default 3 tries; 1 switches retries off), `backOffInitialInterval` (1000 ms), `backOffMultiplier` (2.0), `backOffMaxInterval` (10000 ms), whole milliseconds; `default.consumer` alone is a policy of its own; a `retryTemplateName` (a bean decides the waits) is not computable from the file and not checked; relaxed names, profiles; preset `spring-retry`",
  },
  words: { tree: /\bstream\b/, properties: /cloud\.stream/i },
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
  readonly entries: FlatEntry[];
}

function springCloudStreamPolicies(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  const defaults = new Map<string, FlatEntry>();
  const defaultEntries: FlatEntry[] = [];
  const bindings = new Map<string, Binding>();
  for (const entry of entries) {
    if (!startsWith(entry, ROOT)) continue;
    const section = entry.elements.length > 3 ? norm(entry.elements[3]!) : "";
    if (section === "default" && entry.elements.length === 6 && norm(entry.elements[4]!) === "consumer") {
      defaults.set(norm(entry.elements[5]!), entry);
      defaultEntries.push(entry);
    } else if (section === "bindings" && entry.elements.length >= 5) {
      const name = entry.elements[4]!;
      let binding = bindings.get(name);
      if (binding === undefined) {
        binding = { name, offset: entry.keyOffsets[4]!, consumer: new Map(), entries: [] };
        bindings.set(name, binding);
      }
      binding.entries.push(entry);
      if (entry.elements.length === 7 && norm(entry.elements[5]!) === "consumer") binding.consumer.set(norm(entry.elements[6]!), entry);
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
    findings.policy("spring-cloud-stream", `spring.cloud.stream.bindings.${binding.name}${profileSuffix(profile)}`, offset, () => read(merged));
  }
  if (reported === 0 && defaultEntries.length > 0) {
    const at = place(defaultEntries);
    if (at === null) return;
    findings.policy("spring-cloud-stream", `spring.cloud.stream.default.consumer${profileSuffix(profile)}`, at.keyOffsets[4] ?? at.value.pos, () => read(defaults));
  }
}

function read(props: ReadonlyMap<string, FlatEntry>) {
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
  return { options, disabled: retries === 0 };
}
