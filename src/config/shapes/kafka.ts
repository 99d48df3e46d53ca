import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, norm, profileSuffix, springUnknownKeys, startsWith } from "../spring-boot.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { msText, wholeNumber } from "../tree/values.js";
import type { KeyTable } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { KAFKA_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/kafka.js";
import { closest, editDistance, editsAllowed } from "../../core/text/closest.js";

/**
 * Kafka client retry settings (clients' CommonClientConfigs and ProducerConfig), read as
 * Kafka reads them: `retry.backoff.ms` (long, default 100) and `retry.backoff.max.ms`
 * (long, default 1000) shape the back-off, `retries` (int, default Integer.MAX_VALUE)
 * counts, and the producer's `delivery.timeout.ms` (int, default 120000) ends retrying by
 * time. Values are whole numbers of milliseconds; 0 retries means none. Found in a
 * client's own .properties file, and in Spring Boot's `spring.kafka` properties.
 *
 * The timeouts (a producer's): `request.timeout.ms` bounds each produce request, the try
 * time; `delivery.timeout.ms` is the preset's own limit, which the deadline model counts with
 * the tries' time (a batch expires at it, queued or in flight: RecordAccumulator and
 * Sender.getExpiredInflightBatches, ProducerBatch.hasReachedDeliveryTimeout). A
 * request.timeout.ms left out is not assumed (30 s is the worst case, not every request's):
 * `--attempt-time 30s` says it.
 */
export const kafka: ConfigShape = {
  system: "kafka",
  label: "Kafka client",
  preset: "kafka",
  recognised: "Kafka client retry properties",
  levers: { cap: "retry.backoff.max.ms in the client's properties", limits: ["retries in the client's properties", "delivery.timeout.ms in the client's properties"], jitter: null },
  docs: {
    system: "Kafka clients",
    where: "`.properties` files, and `spring.kafka[.<client>].properties.*`",
    policy:
      "`retry.backoff.ms` (default 100), `retry.backoff.max.ms` (1000), `retries` (2147483647: `delivery.timeout.ms` ends retrying), `delivery.timeout.ms` (120000, a producer's only), whole ms; preset `kafka`. " +
      "Timeouts: a producer's `request.timeout.ms` (try time; not assumed when left out), `delivery.timeout.ms` (the preset's limit, counted with the tries' time: a retry starts only before it, a request in flight is cut at it); " +
      "a misspelt retry property (`retry.backof.ms`, `retires`) in a client's file (one that sets a retry property or `bootstrap.servers`) or under `spring.kafka` is an unknown key, named with the property meant (other keys are not judged: Kafka has hundreds)",
    conditions:
      "the errors the client deems transient: a `RetriableException` (a lost connection, a request timeout, NotLeaderOrFollower, NotEnoughReplicas, …), never another (the producer's Sender.canRetry); no key chooses them. No budget",
  },
  // In .properties: the keys themselves, Spring's prefix (spring.kafka.*), or a client's bootstrap.servers (for its misspelt retry keys).
  words: { tree: /kafka/, template: /\bretries\b|retry\.backoff|delivery\.timeout/, properties: /retry\.backoff|delivery\.timeout|^[ \t]*retries\b|spring|bootstrap\.servers/ },
  spring: { roots: [["spring", "kafka"]], read: springKafka },
  properties: kafkaProperties,
};

const KAFKA_RETRY_KEYS = ["retry.backoff.ms", "retry.backoff.max.ms", "retries", "delivery.timeout.ms"] as const;

function hasRetryKey(props: ReadonlyMap<string, unknown>): boolean {
  return KAFKA_RETRY_KEYS.some((key) => props.has(key));
}

/** One client's policy from its properties (`producer`: delivery.timeout.ms applies). */
function report(props: ReadonlyMap<string, FlatEntry>, name: string, producer: boolean, findings: Findings, at: FlatEntry | null = null): void {
  // The first retry key (by position), or the given entry (a Spring profile's own).
  const keyOf = (e: FlatEntry) => e.keyOffsets[e.keyOffsets.length - 1] ?? e.value.pos;
  const offsets = KAFKA_RETRY_KEYS.map((key) => props.get(key)).filter((e): e is FlatEntry => e !== undefined).map(keyOf);
  findings.policy("kafka", name, at === null ? Math.min(...offsets) : keyOf(at), () => {
    const options: OptionValues = {};
    const ms = (key: string, max: number): number | undefined => {
      const entry = props.get(key);
      return entry === undefined ? undefined : wholeNumber(entry.value, entry.elements.join("."), { quoted: true, max });
    };
    const positive = (key: string, value: number | undefined): number | undefined => {
      if (value === 0) throw new FileProblem(props.get(key)!.value.pos, `${props.get(key)!.elements.join(".")} is 0: backoff computes positive delays only`);
      return value;
    };
    const base = positive("retry.backoff.ms", ms("retry.backoff.ms", Number.MAX_SAFE_INTEGER));
    if (base !== undefined) options.base = msText(base);
    const cap = positive("retry.backoff.max.ms", ms("retry.backoff.max.ms", Number.MAX_SAFE_INTEGER));
    if (cap !== undefined) options.cap = msText(cap);
    const retries = ms("retries", 2_147_483_647);
    if (retries !== undefined) options.attempts = String(retries);
    const delivery = producer ? positive("delivery.timeout.ms", ms("delivery.timeout.ms", 2_147_483_647)) : undefined;
    if (delivery !== undefined) options.maxElapsed = msText(delivery);
    const timeouts: FoundTimeout[] = [];
    const request = producer ? ms("request.timeout.ms", 2_147_483_647) : undefined;
    if (request !== undefined && request > 0) {
      options.attemptTime = msText(request);
      timeouts.push({ role: "attempt-time", field: "request.timeout.ms", offset: keyOf(props.get("request.timeout.ms")!) });
    }
    return { options, disabled: retries === 0, ...(timeouts.length === 0 ? {} : { timeouts }), conditions: KAFKA_RETRY_ON };
  });
}

/**
 * What a Kafka client retries (apache/kafka 4.3.1, clients/.../producer/internals/Sender.java canRetry,
 * L876-883): a batch is retried only when the broker's error is a RetriableException (or, with a
 * transaction manager, what TransactionManager.canRetry allows of the same), before delivery.timeout.ms
 * and within retries. A lost connection and a request timed out come back as NETWORK_EXCEPTION
 * (NetworkException, retriable); NotLeaderOrFollower, NotEnoughReplicas, … are retriable too. No key
 * chooses them, and Kafka has no retry budget (its quotas delay responses, they send no error).
 */
const KAFKA_RETRY_ON: RetryOn = {
  ...KAFKA_DEFAULT_RETRY_ON,
  levers: { conditions: "no key: the client decides which errors are transient", budget: null },
};

/**
 * The retry properties a misspelling is judged against, and what the client does without each
 * (issue 36, item 1): CommonClientConfigs and ProducerConfig (apache/kafka at 0025adef:
 * RETRIES_CONFIG, RETRY_BACKOFF_MS_CONFIG with DEFAULT_RETRY_BACKOFF_MS 100, RETRY_BACKOFF_MAX_MS_CONFIG
 * with 1000, REQUEST_TIMEOUT_MS_CONFIG; ProducerConfig's delivery.timeout.ms, 120000). A Kafka client
 * logs an unknown config ("supplied but isn't a known config") and ignores it. Kafka has hundreds of
 * other keys, so only a key within did-you-mean's edits of one of these is reported, unless it is one
 * of the neighbours Kafka defines beside them.
 */
const KAFKA_RETRY: ReadonlyMap<string, string> = new Map([
  ["retries", "the client uses its default, 2147483647 retries (delivery.timeout.ms ends them)"],
  ["retry.backoff.ms", "the client uses its default, 100 ms"],
  ["retry.backoff.max.ms", "the client uses its default, 1000 ms"],
  ["delivery.timeout.ms", "the producer uses its default, 120000 ms"],
  ["request.timeout.ms", "the client uses its default, 30000 ms"],
]);
/** Kafka's own keys near the retry keys (CommonClientConfigs, ProducerConfig, ConsumerConfig): never a misspelling. */
const KAFKA_NEIGHBOURS = ["reconnect.backoff.ms", "reconnect.backoff.max.ms", "socket.connection.setup.timeout.ms", "socket.connection.setup.timeout.max.ms", "default.api.timeout.ms", "transaction.timeout.ms", "max.block.ms", "linger.ms"];
const KAFKA_KEYS: KeyTable = {
  system: "kafka",
  where: "a Kafka client's properties",
  known: [...KAFKA_RETRY.keys(), ...KAFKA_NEIGHBOURS],
  instead: (meant) => KAFKA_RETRY.get(meant!)!,
};

/** A Kafka property misspelt (within did-you-mean's edits of a retry property, Kafka's own neighbours aside), at its key. */
function misspeltKafkaKeys(props: ReadonlyMap<string, FlatEntry>, findings: Findings): void {
  const retryKeys = [...KAFKA_RETRY.keys()];
  const retryLengths = retryKeys.map((retryKey) => norm(retryKey).length);
  for (const [key, entry] of props) {
    if (KAFKA_KEYS.known.includes(key)) continue;
    // A key no retry key is within the edits allowed of, by length alone, is no misspelling of one (the test
    // below): passed over before closest, as most keys of a client's file are (a scan reads thousands).
    const length = norm(key).length;
    if (!retryLengths.some((retryLength) => Math.abs(retryLength - length) <= editsAllowed(length))) continue;
    const meant = closest(key, retryKeys);
    if (meant === null || editDistance(norm(key), norm(meant)) > editsAllowed(norm(key).length)) continue;
    const offset = entry.keyOffsets[entry.keyOffsets.length - 1] ?? entry.value.pos;
    findings.unknownKeys.push({ system: "kafka", offset, key, meant, where: KAFKA_KEYS.where, instead: KAFKA_KEYS.instead(meant) });
  }
}

/** A plain .properties file of a Kafka client (producer.properties, client.properties, …). */
function kafkaProperties(entries: readonly FlatEntry[], fileName: string, findings: Findings): void {
  const props = new Map<string, FlatEntry>();
  for (const entry of entries) props.set(entry.elements.join("."), entry);
  // A client's file (a retry property or bootstrap.servers): its misspelt retry properties are findings of their own.
  if (hasRetryKey(props) || props.has("bootstrap.servers")) misspeltKafkaKeys(props, findings);
  if (!hasRetryKey(props)) return;
  // A client that sets delivery.timeout.ms is a producer; a consumer's file rarely has it.
  report(props, fileName, true, findings);
}

const CLIENTS = ["producer", "consumer", "admin", "streams"] as const;

/**
 * Kafka client properties as Spring passes them: `spring.kafka.properties.*` for every
 * client, `spring.kafka.<client>.properties.*` for one, and the producer's own
 * `spring.kafka.producer.retries`. One policy per client that sets a retry property, with
 * the common ones under it; the common ones alone are one policy.
 */
/** spring.kafka.producer's own keys (Spring Boot KafkaProperties.Producer): only a misspelt retries is judged. */
const SPRING_PRODUCER: KeyTable = {
  system: "kafka",
  where: "Spring Boot's spring.kafka.producer",
  known: ["acks", "batchSize", "bootstrapServers", "bufferMemory", "clientId", "compressionType", "keySerializer", "valueSerializer", "retries", "transactionIdPrefix", "properties", "ssl", "security"],
  instead: () => KAFKA_RETRY.get("retries")!,
};

function springKafka(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
  springUnknownKeys(entries.filter((entry) => entry.elements.length >= 4 && startsWith(entry, ["spring", "kafka", "producer"])), 3, SPRING_PRODUCER, place, findings, ["retries"]);
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
  // The Kafka properties Spring passes on: their misspelt retry properties (each where its document writes it).
  const placed = (props: ReadonlyMap<string, FlatEntry>) => new Map([...props].filter(([, entry]) => place([entry]) !== null));
  misspeltKafkaKeys(placed(common), findings);
  for (const own of perClient.values()) misspeltKafkaKeys(placed(own), findings);
  let any = false;
  for (const client of CLIENTS) {
    const own = perClient.get(client);
    if (own === undefined || !hasRetryKey(own)) continue;
    any = true;
    const merged = new Map([...common, ...own]);
    // Placed at the client's own first setting (what the profile changes, for a profile).
    const at = place([...own.values()]) ?? place([...merged.values()]);
    if (at === null) continue;
    report(merged, `spring.kafka.${client}${profileSuffix(profile)}`, client === "producer", findings, at);
  }
  const at = place([...common.values()]);
  if (!any && hasRetryKey(common) && at !== null) {
    report(common, `spring.kafka.properties${profileSuffix(profile)}`, true, findings, at);
  }
}
