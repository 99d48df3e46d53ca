import { groupDigits } from "../core/text/digits.js";
import { clampedTo } from "./kit/attempt-delay.js";
import { ELAPSED_WALK_LIMIT, type ElapsedLimitSpec, elapsedLimit, elapsedModelParts, drawnWaits, elapsedStop } from "./kit/elapsed-limit.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { RANDOM53_MAX, random53 } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset, PresetModel } from "./types.js";
import { PresetError } from "./errors.js";
import { KAFKA_DEFAULT_RETRY_ON } from "../core/conditions/defaults/kafka.js";

/** Every refusal goes through here: one PresetError per bad value, in Kafka's own config names. */
function reject(message: string): never {
  throw new PresetError([message]);
}

/** CommonClientConfigs.RETRY_BACKOFF_EXP_BASE and RETRY_BACKOFF_JITTER: constants, not configs. */
const EXP_BASE = 2;
const JITTER = 0.2;
const INT_MAX = 2_147_483_647;
/** request.timeout.ms (30 s) + linger.ms (0) by default: the least delivery.timeout.ms the producer accepts. */
const LEAST_DELIVERY_TIMEOUT_MS = 30_000;

/** Java's (long) cast of a double (saturated past 2^53 here). */
function javaLong(x: number): number {
  return saturate(x >= 2 ** 63 ? 2 ** 63 : Math.trunc(x));
}

/** Math.nextDown for a positive double. */
function nextDown(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

function wholeMillis(config: string, ms: number): number {
  if (!Number.isInteger(ms)) reject(`${config} is a long (whole milliseconds), got ${ms} ms`);
  return ms;
}

/** The Kafka producer's retry backoff (KIP-580, ExponentialBackoff), bounded by delivery.timeout.ms. */
export const kafka: Preset = {
  name: "kafka",
  aliases: ["kafka-clients"],
  library: "Apache Kafka producer 3.7+ (KIP-580 ExponentialBackoff; source read at 4.0.0-SNAPSHOT)",
  repository: "apache/kafka",
  source: "clients/src/main/java/org/apache/kafka/common/utils/ExponentialBackoff.java, clients/.../producer/internals/RecordAccumulator.java, ProducerBatch.java (hasReachedDeliveryTimeout)",
  formula: "min((long)(U[0.8, 1.2) × b × 2^min(a−1, log₂(M / b))), M), b = retry.backoff.ms, M = retry.backoff.max.ms",
  defaults: "retry.backoff.ms 100, retry.backoff.max.ms 1000, retries 2147483647, delivery.timeout.ms 120000 (what ends retrying)",
  jitter: "always on: × U[0.8, 1.2) around the exponential term, then clamped to retry.backoff.max.ms (from attempt 5: 800–1000 ms)",
  defaultRetries: INT_MAX,
  retriesNote: "2147483647: delivery.timeout.ms (120 s) ends retrying long before",
  defaultAttempts: 10,
  conditions: KAFKA_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "retry.backoff.ms",
    capMs: "retry.backoff.max.ms",
    retries: "retries",
    maxElapsedMs: "delivery.timeout.ms (at least linger.ms + request.timeout.ms, 30 s by default)",
  },
  quirks: [
    "KIP-580 arrived in Kafka 3.7; before it retry.backoff.ms was a constant wait (100 ms).",
    "retries defaults to 2147483647: delivery.timeout.ms (120 s) ends retrying, a batch expiring once its age reaches it; each attempt's request (up to request.timeout.ms, 30 s) counts too (0 here unless a try time is given), and a batch in flight expires at delivery.timeout.ms as well.",
    "The exponent stops at log₂(max / base), 3.32 for 100 ms and 1 s: the term is 1000.0000000000002 ms, so the un-jittered wait is 1000 ms; for 100 ms and 5 s it is 4999.999999999998, so 4999 ms.",
    "The jitter is applied around the term and the result clamped to retry.backoff.max.ms, so past the cap waits fall between 0.8 × max and max, never above it.",
    "The producer draws the jitter again at each readiness check (RecordAccumulator.shouldBackoff), so real waits lean to the low end of the range; the bounds hold, the mean is that of one draw.",
    "retry.backoff.max.ms at or below retry.backoff.ms gives a constant wait of retry.backoff.max.ms, without jitter; a leader change skips the backoff.",
  ],
  retryAfter: "The Kafka producer does not read Retry-After: the schedule is unchanged (a broker's throttle_time_ms is another mechanism, not modelled).",
  build(overrides) {
    const backoffMs = wholeMillis("retry.backoff.ms", overrides.baseMs ?? 100);
    const maxMs = wholeMillis("retry.backoff.max.ms", overrides.capMs ?? 1000);
    const retries = overrides.retries ?? INT_MAX;
    if (retries > INT_MAX) reject(`retries is an int, at most ${groupDigits(INT_MAX)}, got ${groupDigits(retries)}`);
    const deliveryTimeout = wholeMillis("delivery.timeout.ms", overrides.maxElapsedMs ?? 120_000);
    if (deliveryTimeout > INT_MAX) reject(`delivery.timeout.ms is an int, at most ${groupDigits(INT_MAX)} ms, got ${groupDigits(deliveryTimeout)} ms`);
    if (deliveryTimeout < LEAST_DELIVERY_TIMEOUT_MS) reject(`delivery.timeout.ms should be equal to or larger than linger.ms + request.timeout.ms (0 + 30,000 ms by default), got ${groupDigits(deliveryTimeout)} ms`);

    // ExponentialBackoff(initialInterval, multiplier, maxInterval, jitter):
    //   initialInterval = Math.min(maxInterval, initialInterval);
    //   expMax = maxInterval > initialInterval ? Math.log(maxInterval / (double) Math.max(initialInterval, 1)) / Math.log(multiplier) : 0;
    // backoff(attempts): if (expMax == 0) return initialInterval;
    //   term = initialInterval * Math.pow(multiplier, Math.min(attempts, expMax));
    //   randomFactor = ThreadLocalRandom.current().nextDouble(1 - jitter, 1 + jitter);
    //   return Math.min((long) (randomFactor * term), maxInterval);
    // The producer calls backoff(batch.attempts() - 1): attempt a is backoff(a − 1).
    const initial = Math.min(maxMs, backoffMs);
    const expMax = maxMs > initial ? Math.log(maxMs / Math.max(initial, 1)) / Math.log(EXP_BASE) : 0;
    const term = (attempt: number) => initial * Math.pow(EXP_BASE, Math.min(attempt - 1, expMax));
    const origin = 1 - JITTER;
    const bound = 1 + JITTER;
    // nextDouble(origin, bound): r = nextDouble() * (bound - origin) + origin; if (r >= bound) r = Math.nextDown(bound)
    const factor = (r: number) => {
      const value = r * (bound - origin) + origin;
      return value >= bound ? nextDown(bound) : value;
    };
    const wait = (attempt: number, r: number | null) => (expMax === 0 ? initial : Math.min(javaLong((r === null ? 1 : factor(r)) * term(attempt)), maxMs));
    const steadyFrom = expMax === 0 ? 1 : Math.ceil(expMax) + 1;
    // Before the exponent stops the term is below the max; from there (long) of it may still fall 1 ms short (4999 of 5000).
    const capReachedAt = expMax === 0 ? 1 : javaLong(term(steadyFrom)) >= maxMs ? steadyFrom : null;

    // ProducerBatch.hasReachedDeliveryTimeout: deliveryTimeoutMs <= now - createdMs, so a retry needs the waits so far,
    // its own included, to stay below delivery.timeout.ms: in whole ms, at most delivery.timeout.ms − 1.
    const jittered = expMax !== 0;
    const limitSpec: ElapsedLimitSpec = {
      rule: "fits",
      limit: deliveryTimeout - 1,
      retries,
      plain: (attempt) => wait(attempt, null),
      low: (attempt) => wait(attempt, 0),
      high: (attempt) => wait(attempt, RANDOM53_MAX),
      draw: jittered ? (attempt, random) => wait(attempt, random53(random)) : null,
      mean: (attempt) => meanFloorUniform(origin * term(attempt), bound * term(attempt), maxMs),
      toMs: (ms) => ms,
      unitsPerMs: 1,
      tooMany: () => new PresetError([`the producer can retry more than ${groupDigits(ELAPSED_WALK_LIMIT)} times within delivery.timeout.ms (${groupDigits(deliveryTimeout)} ms); give a larger retry.backoff.ms or a smaller delivery.timeout.ms`]),
    };
    const limit = elapsedLimit(limitSpec);
    if (limit.most === 0) reject(`the first wait (${groupDigits(wait(1, 0))} ms) already reaches delivery.timeout.ms (${groupDigits(deliveryTimeout)} ms): the producer makes no retry`);
    const limitText = `delivery.timeout.ms (${groupDigits(deliveryTimeout)} ms)`;
    const rule = `kafka expires a batch once its age reaches ${limitText}`;
    const stop = elapsedStop(limit, { limitText, limitMs: deliveryTimeout, rule, jitterName: "jitter", retries, retriesName: "retries" });
    const capReachedAtValue = capReachedAt;
    const model: PresetModel = {
      delay: (attempt) => ({ ...(expMax === 0 ? clampedTo(initial, maxMs) : clampedTo(javaLong(term(attempt)), maxMs)), delayMs: limit.plainWaitMs(attempt) }),
      jittered,
      ...elapsedModelParts(limit),
      capMs: maxMs,
      capReachedAt: () => capReachedAtValue,
      // Past the most retries every figure is 0.
      steadyFrom: () => limit.most + 1,
      mayExceedCap: false,
      retries,
      stop,
      // A batch's age counts from its creation (the first try's start, with linger.ms 0): queued for a retry it expires once
      // its age reaches delivery.timeout.ms (a retry starts only below it), and in flight too (Sender.getExpiredInflightBatches,
      // the same hasReachedDeliveryTimeout): the limit is both a stop and a deadline, which cuts the try under way.
      timed: {
        waits: drawnWaits(limitSpec, { capMs: maxMs, steadyFrom }),
        stop: { rule: "fits", limitMs: deliveryTimeout - 1, from: "first-try" },
        deadlineMs: deliveryTimeout,
        text: limitText,
      },
      notes: [],
      parameters: {
        "retry.backoff.ms": backoffMs,
        "retry.backoff.max.ms": maxMs,
        retries,
        "delivery.timeout.ms": deliveryTimeout,
      },
    };
    return model;
  },
};
