import type { OptionValues } from "../option-values.js";
import type { ConfigShape } from "../shape.js";
import { type FlatEntry, type Placement, profileSuffix, startsWith } from "../spring-boot.js";
import { type Findings, FileProblem, type FoundTimeout } from "../tree/findings.js";
import { msText, wholeNumber } from "../tree/values.js";

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
      "Timeouts: a producer's `request.timeout.ms` (try time; not assumed when left out), `delivery.timeout.ms` (the preset's limit, counted with the tries' time: a retry starts only before it, a request in flight is cut at it)",
  },
  // In .properties: the keys themselves, or Spring's prefix (spring.kafka.*).
  words: { tree: /kafka/, properties: /retry\.backoff|delivery\.timeout|^[ \t]*retries\b|spring/ },
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
    return { options, disabled: retries === 0, ...(timeouts.length === 0 ? {} : { timeouts }) };
  });
}

/** A plain .properties file of a Kafka client (producer.properties, client.properties, …). */
function kafkaProperties(entries: readonly FlatEntry[], fileName: string, findings: Findings): void {
  const props = new Map<string, FlatEntry>();
  for (const entry of entries) props.set(entry.elements.join("."), entry);
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
function springKafka(entries: readonly FlatEntry[], profile: string | null, place: Placement, findings: Findings): void {
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
