import { groupDigits } from "../core/text/digits.js";
import { unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { saturate } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";
import { KNATIVE_DEFAULT_RETRY_ON } from "../core/conditions/defaults/knative.js";

/**
 * The delivery a Broker gets when it has none, as Knative ships config-br-defaults
 * (config/core/configmaps/default-broker.yaml: retry 10, backoffPolicy exponential,
 * backoffDelay PT0.2S; pkg/apis/eventing/v1/broker_defaults.go copies it in).
 */
const BROKER_DEFAULT = { retries: 10, delayMs: 200 } as const;
/** DeliverySpec.Retry is an *int32. */
const INT32_MAX = 2_147_483_647;

/**
 * knative.dev/eventing pkg/kncloudevents/retries.go RetryConfigFromDeliverySpec (knative-v1.22.0,
 * tag commit d94504ad), handed to go-retryablehttp v0.7.7, whose Client.Do calls Backoff(min, max, i, resp)
 * with i = 0 before the first retry:
 *   exponential: delayDuration * time.Duration(math.Exp2(float64(attemptNum)))
 *   linear:      delayDuration * time.Duration(attemptNum)
 */
export const knative: Preset = {
  name: "knative",
  library: "Knative Eventing knative-v1.22.0 (DeliverySpec retry, backoffPolicy, backoffDelay)",
  repository: "knative/eventing",
  source:
    "pkg/kncloudevents/retries.go (RetryConfigFromDeliverySpec, generateBackoffFn), pkg/kncloudevents/event_dispatcher.go (DoWithRetries: go-retryablehttp v0.7.7 Client), pkg/apis/duck/v1/delivery_types.go (DeliverySpec, Validate), config/core/configmaps/default-broker.yaml, knative-v1.22.0 (tag commit d94504ad)",
  formula: "exponential: backoffDelay × 2^(a−1); linear: backoffDelay × (a − 1), so the first retry waits 0; no cap",
  defaults: "the Broker default Knative ships (config-br-defaults): retry 10, backoffPolicy exponential, backoffDelay PT0.2S; a delivery without retry retries nothing, one without backoffPolicy or backoffDelay retries at once",
  jitter: "none",
  defaultRetries: BROKER_DEFAULT.retries,
  defaultAttempts: BROKER_DEFAULT.retries,
  conditions: KNATIVE_DEFAULT_RETRY_ON,
  parameters: {
    baseMs: "delivery.backoffDelay (ISO 8601, e.g. PT0.2S; tenths of a unit at most, so a multiple of 100 ms: others are refused)",
    strategy: "delivery.backoffPolicy: exponential or linear",
    retries: "delivery.retry",
  },
  quirks: [
    "linear waits backoffDelay × attemptNum with go-retryablehttp's attemptNum, 0 before the first retry: the first retry is immediate, then backoffDelay, 2 × backoffDelay, …",
    "exponential has no cap: retry 10 with PT0.2S waits 0.2 s up to 102.4 s, 204.6 s in all.",
    "Without backoffPolicy or without backoffDelay the Backoff stays NoRetries' (0): the retries come at once.",
    "A delivery without retry makes no retry: the event goes to the deadLetterSink (or is dropped) after the first failure.",
    "backoffDelay is parsed by rickb777/date v1.13 period.Parse, which keeps one decimal of each field: PT0.25S is 0.2 s, PT0.05S is 0.",
    "timeout (feature delivery-timeout) bounds each request, not the whole delivery; there is no overall deadline.",
    "A Trigger or Subscription without delivery takes its Broker's or Channel's; a Broker without one takes config-br-defaults' (retry 10, exponential, PT0.2S as shipped).",
    "Retried on a failed connection and on 5xx, 404, 408, 409 and 429 (SelectiveRetry); KafkaChannel and Kafka Brokers dispatch in eventing-kafka-broker's own data plane, not modelled here.",
  ],
  retryAfter:
    "Only with retryAfterMax set (feature delivery-retryafter): a 429 or 503's Retry-After, cut to retryAfterMax, is waited when longer than the back-off (generateBackoffFn); not modelled here.",
  build(overrides) {
    const strategy = overrides.strategy ?? "exponential";
    if (strategy === "fixed") throw new PresetError(["delivery.backoffPolicy is exponential or linear; a fixed wait is no Knative policy"]);
    const delay = overrides.baseMs ?? BROKER_DEFAULT.delayMs;
    // period.Parse keeps one decimal of each field (hours, minutes, seconds, …), so every backoffDelay is a whole
    // number of tenths of a second: 250 ms would be PT0.25S, which Knative reads as PT0.2S.
    if (delay % 100 !== 0) {
      const tenths = Math.floor(delay / 100);
      throw new PresetError([
        `no delivery.backoffDelay gives ${groupDigits(delay)} ms: rickb777/date's period.Parse keeps one decimal of each field, so PT${delay / 1000}S is read as PT${tenths / 10}S (${groupDigits(tenths * 100)} ms); give a multiple of 100 ms`,
      ]);
    }
    const retries = overrides.retries ?? BROKER_DEFAULT.retries;
    if (retries > INT32_MAX) throw new PresetError([`delivery.retry is an int32, at most ${groupDigits(INT32_MAX)}, got ${groupDigits(retries)}`]);
    const wait = strategy === "linear" ? (attempt: number) => saturate(delay * (attempt - 1)) : (attempt: number) => saturate(delay * 2 ** (attempt - 1));
    return independentModel({
      delay: (attempt) => unclamped(wait(attempt)),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: null,
      retries,
      notes: strategy === "linear" ? ["knative: linear waits backoffDelay × (a − 1): the first retry is immediate."] : [],
      parameters: { retry: retries, backoffPolicy: strategy, backoffDelay: delay },
    });
  },
};
