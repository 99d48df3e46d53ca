import { shown } from "../errors.js";
import { springDuration } from "../durations.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, norm, profileSuffix, springUnknownKeys, startsWith } from "../spring-boot.js";
import { type Findings, FileProblem, Placeholder } from "../tree/findings.js";
import type { KeyTable } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { decimalText, describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";

/**
 * Spring Boot's own RabbitMQ retry settings (`spring.rabbitmq.listener.simple.retry.*`,
 * `listener.direct.retry.*`, `template.retry.*`), read as Spring Boot builds its retry
 * from them.
 *
 * Spring Boot 3.5 (spring-projects/spring-boot v3.5.16, 0566f693,
 * spring-boot-autoconfigure/…/amqp/RabbitProperties.java:1093-1167): `enabled` false,
 * `max-attempts` 3 (an int, counting the first call), `initial-interval` 1000 ms,
 * `multiplier` 1.0, `max-interval` 10000 ms, and for a listener `stateless` true.
 * RetryTemplateFactory.java:41-53 makes them a spring-retry SimpleRetryPolicy(maxAttempts)
 * and ExponentialBackOffPolicy(initialInterval, multiplier, maxInterval), durations
 * through Duration.toMillis (whole ms). Only `enabled: true` builds it
 * (AbstractRabbitListenerContainerFactoryConfigurer.java:138-149,
 * RabbitTemplateConfigurer.java:98-101): otherwise Spring retries nothing, so such a
 * block is retries switched off. A stateful retry (`stateless: false`) rethrows after
 * each wait and the broker redelivers: the same waits.
 *
 * Spring Boot 4.0 (v4.0.8, 847f7427, spring-boot-amqp/…/RabbitProperties.java:1097-1181)
 * renamed the count `max-retries` (a long, retries after the first call, default 3) and
 * no longer reads `max-attempts` (its metadata deprecates it at level error); its
 * RetryPolicySettings (initializeRetryPolicySettings, :1164) hands the same durations
 * and multiplier to Spring Framework's RetryPolicy, whose ExponentialBackOff waits as
 * spring-retry's does (each interval (long)(previous × multiplier), at most maxDelay).
 * So `max-retries` reads a block as Spring Boot 4, `max-attempts` as Spring Boot 3; with
 * neither, Spring Boot 3's default (3 attempts, 2 retries) is taken, as the spring-retry
 * preset (spring-retry 2.0, Spring Boot 3's) reproduces; both together cannot be told
 * apart (each version ignores the other's) and are not checked.
 */
export const springRabbitmq: ConfigShape = {
  system: "spring-rabbitmq",
  label: "Spring Boot RabbitMQ",
  preset: "spring-retry",
  recognised: "Spring Boot RabbitMQ retry (spring.rabbitmq.*.retry)",
  levers: { cap: "max-interval of the retry block", limits: ["max-attempts of the retry block (counts the first call; max-retries in Spring Boot 4)"], jitter: null },
  docs: {
    system: "Spring Boot RabbitMQ",
    where: "`spring.rabbitmq.listener.simple.retry.*`, `listener.direct.retry.*` and `template.retry.*` in YAML or `.properties`",
    policy:
      "Spring Boot's RetryTemplate as it builds it (3.5 and 4.0): `enabled` (default false: then retries switched off), `max-attempts` (Spring Boot 3, default 3 tries) or `max-retries` (Spring Boot 4, retries; with neither, Spring Boot 3's 2 retries), `initial-interval` (1000 ms), `multiplier` (1), `max-interval` (10000 ms), `stateless` (same waits); Spring durations (`500ms`, `2s`, `PT1S`), relaxed names, profiles; both `max-attempts` and `max-retries` are not checked (each version ignores the other); a key neither version defines (`max-atempts`, `stateless` under `template.retry`), or a misspelt `retry`, is an unknown key, named with the key meant; preset `spring-retry`",
    conditions:
      "every exception the listener (or the RabbitTemplate operation) throws: the properties have no key for which (Spring Boot 3's SimpleRetryPolicy(maxAttempts) retries Exception, Spring Boot 4's RetryPolicy without includes or excludes every Throwable); a block not enabled retries nothing. No budget",
  },
  words: { tree: /rabbitmq/, properties: /rabbitmq/, template: /\bretry\b/ },
  spring: { roots: [["spring", "rabbitmq"]], read: springRabbitmqPolicies },
};

/** The three blocks with a RetryTemplate: their path (normalised) and how many elements it has. */
const BLOCKS: ReadonlyArray<readonly string[]> = [
  ["spring", "rabbitmq", "listener", "simple", "retry"],
  ["spring", "rabbitmq", "listener", "direct", "retry"],
  ["spring", "rabbitmq", "template", "retry"],
];

/** RabbitProperties.Retry's defaults (the same in 3.5 and 4.0). */
const DEFAULTS = { initialMs: 1000, multiplier: "1", maxMs: 10_000 } as const;
/** Spring Boot 3's SimpleRetryPolicy maxAttempts default, counting the first call. */
const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * A retry block's keys and what Spring Boot does without each (issue 36, item 1): RabbitProperties
 * .Retry and ListenerRetry in Spring Boot 3.5 (v3.5.16, RabbitProperties.java:1093-1167: enabled,
 * maxAttempts, initialInterval, multiplier, maxInterval; stateless for a listener) and 4.0
 * (spring-boot-amqp RabbitProperties.java at 170c52f2: maxRetries for maxAttempts). Spring Boot
 * ignores a property neither defines, so its default stays.
 */
const RETRY_FIELDS: ReadonlyMap<string, string> = new Map([
  ["enabled", "Spring Boot retries nothing (enabled is false by default)"],
  ["maxAttempts", "Spring Boot uses its default, 3 attempts"],
  ["maxRetries", "Spring Boot uses its default, 3 retries (Spring Boot 4)"],
  ["initialInterval", "Spring Boot uses its default, 1000 ms"],
  ["multiplier", "Spring Boot uses its default multiplier, 1"],
  ["maxInterval", "Spring Boot uses its default, 10000 ms"],
  ["stateless", "Spring Boot uses its default, stateless retries"],
]);
const retryKeys = (listener: boolean): KeyTable => ({
  system: "spring-rabbitmq",
  where: listener ? "a Spring Boot RabbitMQ listener retry" : "a Spring Boot RabbitTemplate retry",
  known: [...RETRY_FIELDS.keys()].filter((key) => listener || key !== "stateless"),
  instead: (meant) => (meant === null ? "Spring binds nothing to it, so it has no effect" : RETRY_FIELDS.get(meant)!),
});
/** The block's own `retry` misspelt beside a container's (or the template's) many other keys. */
const RETRY_BLOCK: KeyTable = { system: "spring-rabbitmq", where: "Spring Boot's RabbitMQ properties", known: ["retry"], instead: () => "Spring Boot retries nothing there (no retry block)" };

function springRabbitmqPolicies(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  for (const path of BLOCKS) {
    const under = entries.filter((entry) => entry.elements.length > path.length - 1 && startsWith(entry, path.slice(0, -1)));
    springUnknownKeys(under, path.length - 1, RETRY_BLOCK, place, findings, ["retry"]);
    springUnknownKeys(under.filter((entry) => entry.elements.length > path.length && startsWith(entry, path)), path.length, retryKeys(path[2] === "listener"), place, findings);
  }
  for (const path of BLOCKS) {
    const props = new Map<string, FlatEntry>();
    const used: FlatEntry[] = [];
    for (const entry of entries) {
      if (entry.elements.length !== path.length + 1 || !startsWith(entry, path)) continue;
      props.set(norm(entry.elements[path.length]!), entry);
      used.push(entry);
    }
    if (used.length === 0) continue;
    const at = place(used);
    if (at === null) continue;
    // At the block's `retry` key (in a profile, where the profile's document has it).
    const offset = at.keyOffsets[path.length - 1] ?? at.value.pos;
    findings.policy("spring-rabbitmq", `${path.join(".")}${profileSuffix(profile)}`, offset, () => read(props));
  }
}

function read(props: ReadonlyMap<string, FlatEntry>) {
  const label = (entry: FlatEntry) => entry.elements.join(".");
  const enabled = bool(props.get("enabled"), label);
  const stateless = props.get("stateless");
  if (stateless !== undefined) bool(stateless, label);
  const attemptsEntry = props.get("maxattempts");
  const retriesEntry = props.get("maxretries");
  if (attemptsEntry !== undefined && retriesEntry !== undefined) {
    throw new Placeholder(
      retriesEntry.keyOffsets[retriesEntry.keyOffsets.length - 1]!,
      `${label(attemptsEntry)} (Spring Boot 3) and ${label(retriesEntry)} (Spring Boot 4) are both set: each version reads one and ignores the other, so the count depends on the Spring Boot version`,
    );
  }
  const boot4 = retriesEntry !== undefined;
  const retries =
    retriesEntry !== undefined
      ? wholeNumber(retriesEntry.value, label(retriesEntry), { quoted: true })
      : Math.max(0, (attemptsEntry === undefined ? DEFAULT_MAX_ATTEMPTS : wholeNumber(attemptsEntry.value, label(attemptsEntry), { quoted: true, max: 2_147_483_647 })) - 1);
  // ExponentialBackOffPolicy's setters replace an interval below 1 ms by 1 ms and a multiplier ≤ 1 by 1;
  // Spring Framework's RetryPolicy.Builder (Spring Boot 4) refuses a multiplier below 1.
  const initialMs = interval(props.get("initialinterval"), label, DEFAULTS.initialMs, boot4);
  const maxMs = interval(props.get("maxinterval"), label, DEFAULTS.maxMs, boot4);
  const multiplierEntry = props.get("multiplier");
  let multiplier: string = DEFAULTS.multiplier;
  if (multiplierEntry !== undefined) {
    multiplier = decimalText(multiplierEntry.value, label(multiplierEntry), { quoted: true });
    if (Number(multiplier) < 1) {
      if (boot4) throw new FileProblem(multiplierEntry.value.pos, `${label(multiplierEntry)} must be at least 1 (Spring Framework's RetryPolicy refuses it), got ${multiplier}`);
      multiplier = "1";
    }
  }
  const options: OptionValues = { base: msText(initialMs), factor: multiplier, cap: msText(maxMs), attempts: String(retries) };
  return { options, disabled: !enabled || retries === 0, ...(enabled ? { conditions: boot4 ? BOOT4_RETRY_ON : BOOT3_RETRY_ON } : {}) };
}

/** What the findings about a block's conditions tell the reader to edit: the properties have none, so a customizer's own policy (no retry budget in Spring). */
const RABBIT_LEVERS = { conditions: "a retry customizer bean's own policy: the properties have no key for the exceptions", budget: null };
/**
 * What a retry block retries: Spring Boot 3 builds SimpleRetryPolicy(maxAttempts) (RetryTemplateFactory.java:41-53),
 * whose retryableExceptions are {Exception: true} (spring-retry 2.0.12 SimpleRetryPolicy, as the spring-retry
 * preset says); Spring Boot 4 hands RetryPolicySettings with no includes or excludes to Spring Framework's
 * RetryPolicy, whose DefaultRetryPolicy (spring-core org/springframework/core/retry, 7.0, at 16edf986) then
 * retries every Throwable. Every exception of the listener (or the template's operation) either way.
 */
const BOOT3_RETRY_ON: RetryOn = { words: ["retryableExceptions {Exception: true}"], from: "SimpleRetryPolicy's default", isDefault: true, conditions: [{ kind: "every-error", but: "Errors outside Exception" }], levers: RABBIT_LEVERS };
const BOOT4_RETRY_ON: RetryOn = { words: [], from: "RetryPolicy's default: no includes or excludes", isDefault: true, conditions: [{ kind: "every-error" }], levers: RABBIT_LEVERS };

/** A Spring Boot Duration (a bare number is milliseconds) as whole ms, Duration.toMillis's truncation. */
function interval(entry: FlatEntry | undefined, label: (entry: FlatEntry) => string, fallback: number, boot4: boolean): number {
  if (entry === undefined) return fallback;
  notPlaceholder(entry.value, label(entry));
  const raw = entry.value.kind === "string" ? entry.value.value : entry.value.kind === "number" ? entry.value.source : null;
  const ms = raw === null ? null : springDuration(raw);
  if (ms === null) throw new FileProblem(entry.value.pos, `${label(entry)} must be a duration such as 500ms, 2s or PT1S, got ${describeNode(entry.value)}`);
  const whole = Math.floor(ms + 1e-9);
  if (whole < 1) {
    if (boot4) throw new FileProblem(entry.value.pos, `${label(entry)} is ${shown(raw!)}, under a millisecond: backoff computes positive delays only`);
    // spring-retry's setInitialInterval and setMaxInterval: a value below 1 becomes 1.
    return 1;
  }
  return whole;
}

/** Spring's String-to-Boolean conversion: true/false, on/off, yes/no, 1/0; absent is false. */
function bool(entry: FlatEntry | undefined, label: (entry: FlatEntry) => string): boolean {
  if (entry === undefined) return false;
  const node = entry.value;
  notPlaceholder(node, label(entry));
  if (node.kind === "boolean") return node.value;
  const raw = node.kind === "string" ? node.value.trim().toLowerCase() : node.kind === "number" ? node.source : "";
  if (["true", "on", "yes", "1"].includes(raw)) return true;
  if (["false", "off", "no", "0"].includes(raw)) return false;
  throw new FileProblem(node.pos, `${label(entry)} must be true or false, got ${describeNode(node)}`);
}
