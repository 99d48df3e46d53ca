import { shown } from "../errors.js";
import { manifests } from "../manifests.js";
import type { OptionValues } from "../option-values.js";
import type { ConfigShape, DocumentFile } from "../shape.js";
import { type MapNode, type Node, get, isMap, text } from "../tree/walk.js";
import { type Findings, FileProblem, type FoundPolicy, type FoundTimeout, Placeholder } from "../tree/findings.js";
import { describeNode, msText, notPlaceholder, wholeNumber } from "../tree/values.js";
import { type KeyTable, retryObjectKeys } from "../tree/unknown-keys.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import { KNATIVE_DEFAULT_RETRY_ON } from "../../core/conditions/defaults/knative.js";

/**
 * DeliverySpec's fields (knative-v1.22.0 pkg/apis/duck/v1/delivery_types.go:
 * deadLetterSink, retry, retryAfterMax, timeout, backoffPolicy, backoffDelay, format),
 * and what Knative does without each. The webhook's strict decoding refuses a field
 * DeliverySpec lacks.
 */
const DELIVERY_KEYS: ReadonlyMap<string, string> = new Map([
  ["deadLetterSink", "failed events are dropped"],
  ["retry", "Knative does not retry"],
  ["retryAfterMax", "a Retry-After header is not honoured"],
  ["timeout", "each request has no timeout of its own"],
  ["backoffPolicy", "Knative retries at once"],
  ["backoffDelay", "Knative retries at once"],
  ["format", "events keep their default format"],
]);
const DELIVERY: KeyTable = {
  system: "knative",
  where: "a Knative delivery",
  known: [...DELIVERY_KEYS.keys()],
  instead: (meant) => (meant === null ? "Knative does not define it" : (DELIVERY_KEYS.get(meant) ?? "Knative does not define it")),
};

/**
 * Knative Eventing's `delivery` (pkg/apis/duck/v1/delivery_types.go DeliverySpec,
 * knative-v1.22.0, tag commit d94504ad) on a Trigger, Broker (eventing.knative.dev), Subscription,
 * Channel or InMemoryChannel (messaging.knative.dev), read as pkg/kncloudevents/retries.go
 * RetryConfigFromDeliverySpec builds the retries:
 * - retry (int32 ≥ 0; unset: no retry);
 * - backoffPolicy exponential or linear and backoffDelay (ISO 8601, rickb777/date v1.13
 *   period.Parse: one decimal kept per field) together make the Backoff; without either
 *   the retries come at once (NoRetries' Backoff returns 0);
 * - timeout (ISO 8601, greater than 0) bounds each request: the try time.
 * A Broker without delivery gets config-br-defaults' (retry 10, exponential, PT0.2S as
 * shipped); a Trigger, Subscription or Channel without one takes its Broker's or Channel's,
 * which its file does not hold: no policy. A KafkaChannel, a Kafka-class Broker or a Channel
 * backed by a KafkaChannel is dispatched by eventing-kafka-broker: not computed here.
 */
export const knative: ConfigShape = {
  system: "knative",
  label: "Knative Eventing delivery",
  preset: "knative",
  recognised: "Knative Eventing delivery (Trigger, Broker, Subscription, Channel)",
  levers: { cap: null, limits: ["delivery.retry"], jitter: null },
  docs: {
    system: "Knative Eventing",
    where: "`Trigger`, `Broker`, `Subscription`, `Channel`, `InMemoryChannel`",
    policy:
      "`spec.delivery`: retry (none when unset), backoffPolicy exponential / linear with backoffDelay (ISO 8601 such as `PT0.2S`, one decimal kept; without both the retries come at once), timeout (try time); a Broker without delivery: config-br-defaults as shipped (10, exponential, PT0.2S); a Trigger, Subscription or Channel without delivery is no policy (its Broker's or Channel's applies); a KafkaChannel or Kafka Broker is reported as not computed (eventing-kafka-broker dispatches it); preset `knative`. Timeouts: `delivery.timeout` (try time); there is no deadline",
    conditions:
      "not set by the file: the dispatcher's SelectiveRetry (retries.go) retries errors, every status from 500 and 404, 408, 409, 429. No budget",
  },
  words: { tree: /knative\.dev\// },
  documents: { read: recogniseKnative },
};

const KINDS: Readonly<Record<string, string>> = {
  Trigger: "eventing.knative.dev/",
  Broker: "eventing.knative.dev/",
  Subscription: "messaging.knative.dev/",
  Channel: "messaging.knative.dev/",
  InMemoryChannel: "messaging.knative.dev/",
  KafkaChannel: "messaging.knative.dev/",
};

const AT_ONCE = "no backoffPolicy or no backoffDelay: Knative retries at once (retries.go builds a Backoff only from both)";
const KAFKA = "is dispatched by eventing-kafka-broker's data plane, whose back-off is not modelled here";

function recogniseKnative(root: Node, _file: DocumentFile, findings: Findings): void {
  for (const manifest of manifests(root)) {
    // An own key only: a manifest's kind is the file's text ("constructor" is no kind of Knative's).
    const group = Object.hasOwn(KINDS, manifest.kind) ? KINDS[manifest.kind]! : undefined;
    if (group === undefined || !manifest.apiVersion.startsWith(group)) continue;
    const spec = get(manifest.node, "spec");
    const name = `${manifest.name} (${manifest.kind})`;
    const delivery = isMap(spec) ? spec.entries.get("delivery") : undefined;
    const kafka = kafkaDispatched(manifest.kind, manifest.node, spec);
    if (delivery === undefined || delivery.value.kind === "null") {
      if (manifest.kind !== "Broker") continue;
      // broker_defaults.go: bs.Delivery == nil → config-br-defaults' delivery.
      findings.policy("knative", `${name} (config-br-defaults as shipped)`, manifest.node.pos, () => {
        if (kafka) throw new Placeholder(manifest.node.pos, `${name} ${KAFKA}`);
        return { options: { attempts: "10", strategy: "exponential", base: "200ms" }, conditions: KNATIVE_ON };
      });
      continue;
    }
    if (isMap(delivery.value)) retryObjectKeys(delivery.value, DELIVERY, findings);
    const dls = isMap(delivery.value) && delivery.value.entries.has("deadLetterSink") ? " [then deadLetterSink]" : "";
    findings.policy("knative", `${name}${dls}`, delivery.keyPos, () => {
      if (!isMap(delivery.value)) throw new FileProblem(delivery.value.pos, `delivery of ${name} must be a map, got ${describeNode(delivery.value)}`);
      const read = readDelivery(delivery.value, name);
      if (kafka) throw new Placeholder(delivery.keyPos, `${name} ${KAFKA}`);
      return read;
    });
  }
}

/**
 * When Knative's dispatcher retries a delivery (knative/eventing knative-v1.22.0-20-g8cf4c4b6,
 * pkg/kncloudevents/retries.go SelectiveRetry, the CheckRetry of every delivery spec): no
 * response or an error (connection failures, a request timed out by delivery.timeout), any
 * status of 500 or more, and 404, 408, 409 and 429; never a 3xx. The delivery spec has no
 * key for it, so it is Knative's own set whatever the file says, and there is no retry budget.
 */
const KNATIVE_ON: RetryOn = {
  ...KNATIVE_DEFAULT_RETRY_ON,
  levers: { conditions: "nothing in the delivery spec (SelectiveRetry is fixed): lower delivery.retry, or send to a deadLetterSink sooner", budget: null, fixed: true },
};

function kafkaDispatched(kind: string, node: MapNode, spec: Node | undefined): boolean {
  if (kind === "KafkaChannel") return true;
  if (kind === "Broker") return /^Kafka/.test(text(get(get(get(node, "metadata"), "annotations"), "eventing.knative.dev/broker.class")) ?? "");
  if (kind === "Channel") return text(get(get(spec, "channelTemplate"), "kind")) === "KafkaChannel";
  return false;
}

function readDelivery(delivery: MapNode, name: string): Omit<FoundPolicy, "system" | "name" | "offset"> {
  const label = (key: string) => `delivery.${key} of ${name}`;
  const options: OptionValues = {};
  const timeouts: FoundTimeout[] = [];
  const timeout = delivery.entries.get("timeout");
  if (timeout !== undefined) {
    const ms = periodMs(timeout.value, label("timeout"));
    // Validate: "t.IsZero()" is an invalid timeout.
    if (ms === 0) throw new FileProblem(timeout.value.pos, `${label("timeout")} must be greater than 0, got ${describeNode(timeout.value)}`);
    options.attemptTime = msText(ms);
    timeouts.push({ role: "attempt-time", field: "delivery.timeout", offset: timeout.keyPos });
  }
  const found = () => ({ ...(timeouts.length === 0 ? {} : { timeouts }), conditions: KNATIVE_ON });
  const policyNode = get(delivery, "backoffPolicy");
  let policy: "exponential" | "linear" | null = null;
  if (policyNode !== undefined) {
    notPlaceholder(policyNode, label("backoffPolicy"));
    const value = text(policyNode);
    if (value !== "exponential" && value !== "linear") throw new FileProblem(policyNode.pos, `${label("backoffPolicy")} must be exponential or linear, got ${describeNode(policyNode)}`);
    policy = value;
  }
  const delayNode = get(delivery, "backoffDelay");
  const delay = delayNode === undefined ? null : periodMs(delayNode, label("backoffDelay"));
  const retry = get(delivery, "retry");
  const retries = retry === undefined ? 0 : wholeNumber(retry, label("retry"), { max: 2_147_483_647 });
  options.attempts = String(retries);
  if (retries === 0) return { options, disabled: true, ...found() };
  if (policy === null || delay === null) return { options, atOnce: { why: AT_ONCE }, ...found() };
  if (delay === 0) return { options, atOnce: { why: `backoffDelay ${(delayNode as { value: string }).value} is 0 s (period.Parse keeps one decimal): Knative retries at once` }, ...found() };
  options.strategy = policy;
  options.base = msText(delay);
  return { options, ...found() };
}

/** One unit's ms: years and months as rickb777/date's Duration() counts them (365.2425-day years, 1/12 of that). */
const DATE_UNITS: Readonly<Record<string, number>> = { Y: 31_556_952_000, M: 2_629_746_000, W: 604_800_000, D: 86_400_000 };
const TIME_UNITS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1000 };

/**
 * An ISO 8601 period as rickb777/date v1.13 period.Parse and Duration() read it: P, then
 * nY nM nW nD, then T nH nM nS, each number in tenths (the first decimal kept, `.` or `,`;
 * "PT0.25S" is 0.2 s); "P0" is zero. A sign is refused: no delivery waits a negative time.
 */
function periodMs(node: Node, label: string): number {
  notPlaceholder(node, label);
  const raw = node.kind === "string" ? node.value : null;
  const ms = raw === null ? null : parsePeriod(raw);
  if (ms === null) throw new FileProblem(node.pos, `${label} must be an ISO 8601 duration such as "PT0.2S" or "PT5M", got ${describeNode(node)}`);
  if (!Number.isSafeInteger(ms)) throw new FileProblem(node.pos, `${label} is too large, got ${shown(raw!)}`);
  return ms;
}

const NUMBER = "(\\d+(?:[.,]\\d*)?|[.,]\\d+)";
const PERIOD = new RegExp(`^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`);

function parsePeriod(raw: string): number | null {
  if (raw === "P0") return 0;
  const match = PERIOD.exec(raw);
  if (match === null) return null;
  const fields = match.slice(1);
  if (fields.every((field) => field === undefined)) return null;
  const units = [DATE_UNITS.Y!, DATE_UNITS.M!, DATE_UNITS.W!, DATE_UNITS.D!, TIME_UNITS.H!, TIME_UNITS.M!, TIME_UNITS.S!];
  let total = 0;
  fields.forEach((field, index) => {
    if (field !== undefined) total += (tenths(field) * units[index]!) / 10;
  });
  return total;
}

/** parseDecimalFixedPoint: the integer part and the first decimal, as tenths. */
function tenths(field: string): number {
  const [whole = "", decimals = ""] = field.split(/[.,]/);
  return Number(whole || "0") * 10 + Number(decimals.slice(0, 1) || "0");
}
