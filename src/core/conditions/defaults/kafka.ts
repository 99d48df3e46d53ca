import type { RetryOn } from "../condition.js";

/**
 * What the Kafka producer retries (apache/kafka 4.3.1 clients/.../producer/internals/Sender.java
 * canRetry): a batch only on a RetriableException, a lost connection and a timed-out request
 * among them (NetworkException); no key chooses them. One definition for src/presets/kafka.ts
 * and src/config/shapes/kafka.ts: presets cannot import config.
 */
export const KAFKA_DEFAULT_RETRY_ON: RetryOn = {
  words: ["RetriableException"],
  from: "the client's transient errors (Sender.canRetry)",
  isDefault: true,
  conditions: [{ kind: "connection" }, { kind: "timeout" }, { kind: "error", name: "RetriableException (NotLeaderOrFollowerException, NotEnoughReplicasException, …)" }],
};
