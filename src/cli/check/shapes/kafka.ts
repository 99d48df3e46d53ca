import type { OptionValues } from "../../shared/option-values.js";
import { type Findings, FileProblem, msText, wholeNumber } from "../tree.js";
import type { FlatEntry } from "./flat.js";

/**
 * Kafka client retry settings (clients' CommonClientConfigs and ProducerConfig), read as
 * Kafka reads them: `retry.backoff.ms` (long, default 100) and `retry.backoff.max.ms`
 * (long, default 1000) shape the back-off, `retries` (int, default Integer.MAX_VALUE)
 * counts, and the producer's `delivery.timeout.ms` (int, default 120000) ends retrying by
 * time. Values are whole numbers of milliseconds; 0 retries means none.
 */
export const KAFKA_RETRY_KEYS = ["retry.backoff.ms", "retry.backoff.max.ms", "retries", "delivery.timeout.ms"] as const;

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
    return { preset: "kafka", options, disabled: retries === 0 };
  });
}

export const kafkaPolicy = { hasRetryKey, report };

/** A plain .properties file of a Kafka client (producer.properties, client.properties, …). */
export function recogniseKafkaProperties(entries: readonly FlatEntry[], fileName: string, findings: Findings): void {
  const props = new Map<string, FlatEntry>();
  for (const entry of entries) props.set(entry.elements.join("."), entry);
  if (!hasRetryKey(props)) return;
  // A client that sets delivery.timeout.ms is a producer; a consumer's file rarely has it.
  report(props, fileName, true, findings);
}
