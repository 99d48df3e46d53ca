import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { find, problem } from "../../support/recognise.js";

// knative.dev/eventing knative-v1.22.0 (tag commit d94504ad): pkg/apis/duck/v1/delivery_types.go
// (DeliverySpec, Validate), pkg/kncloudevents/retries.go RetryConfigFromDeliverySpec,
// pkg/apis/eventing/v1/broker_defaults.go with config/core/configmaps/default-broker.yaml;
// rickb777/date v1.13.0 period/parse.go (parseDecimalFixedPoint keeps one decimal).
const DIR = "test/fixtures/policies/knative";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Knative Eventing delivery (shapes/knative.ts)", () => {
  it("eventing.yaml: each delivery at its key, a Broker without one at its manifest with config-br-defaults' delivery", () => {
    expect(find(fixture("eventing.yaml"), "yaml", "eventing.yaml")).toEqual({
      policies: [
        { at: "8:3", system: "knative", name: "orders (Broker) [then deadLetterSink]", options: { attempts: "5", strategy: "exponential", base: "500ms" } },
        { at: "33:3", system: "knative", name: "invoice (Trigger)", options: { attempts: "3", strategy: "linear", base: "1s", attemptTime: "2s" } },
        // deadLetterSink without retry: no retry.
        { at: "45:3", system: "knative", name: "audit (InMemoryChannel) [then deadLetterSink]", options: { attempts: "0" }, disabled: true },
        // retry without backoffPolicy / backoffDelay: at once (the options hold only the count).
        { at: "64:3", system: "knative", name: "audit-log (Subscription)", options: { attempts: "4" } },
        { at: "67:1", system: "knative", name: "default (Broker) (config-br-defaults as shipped)", options: { attempts: "10", strategy: "exponential", base: "200ms" } },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("no-delivery.yaml: a Trigger and a Channel without delivery, a Serving Service, a PingSource: nothing", () => {
    expect(find(fixture("no-delivery.yaml"), "yaml", "no-delivery.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const trigger = (delivery: string) =>
    `apiVersion: eventing.knative.dev/v1\nkind: Trigger\nmetadata: {name: t}\nspec:\n  broker: b\n  delivery: {retry: 2, backoffPolicy: exponential, backoffDelay: ${delivery}}\n`;
  const base = (delay: string) => find(trigger(delay)).policies[0]!.options.base;

  it("ISO 8601 as period.Parse reads it: one decimal per field, weeks and days exact, comma decimals", () => {
    expect(base("PT0.2S")).toBe("200ms");
    // parseDecimalFixedPoint: "0.25" keeps "02", 0.2 s.
    expect(base("PT0.25S")).toBe("200ms");
    expect(base("PT1M30S")).toBe("90s");
    expect(base("P1DT1H")).toBe("90000s");
    expect(base("P1W")).toBe("604800s");
    expect(base('"PT1,5S"')).toBe("1500ms");
  });

  it("a 0 s delay (PT0.05S keeps 0) retries at once; KafkaChannel and Kafka Brokers are not computed", () => {
    expect(find(trigger("PT0.05S")).policies[0]!.options).toEqual({ attempts: "2" });
    const kafka = "apiVersion: messaging.knative.dev/v1beta1\nkind: KafkaChannel\nmetadata: {name: k}\nspec:\n  delivery: {retry: 3}\n";
    expect(find(kafka).unresolved).toEqual(["5:3 k (KafkaChannel): k (KafkaChannel) is dispatched by eventing-kafka-broker's data plane, whose back-off is not modelled here"]);
    const broker = "apiVersion: eventing.knative.dev/v1\nkind: Broker\nmetadata:\n  name: kb\n  annotations:\n    eventing.knative.dev/broker.class: Kafka\n";
    expect(find(broker).unresolved).toEqual(["1:1 kb (Broker) (config-br-defaults as shipped): kb (Broker) is dispatched by eventing-kafka-broker's data plane, whose back-off is not modelled here"]);
  });

  it("a kind is looked up among Knative's own: a member of Object.prototype is no kind, whatever the apiVersion", () => {
    // A plain object's lookup would give Object.prototype for __proto__ ("[object Object]" as a string) and Object for constructor.
    const manifest = (apiVersion: string, kind: string) =>
      `apiVersion: "${apiVersion}knative.dev/"\nkind: ${kind}\nmetadata: {name: t}\nspec:\n  delivery: {retry: 2, backoffPolicy: exponential, backoffDelay: PT1S}\n`;
    expect(find(manifest("[object Object]/", "__proto__")).policies).toEqual([]);
    expect(find(manifest("function Object() { [native code] }/", "constructor")).policies).toEqual([]);
    expect(find(manifest("messaging.", "Subscription")).policies).toHaveLength(1);
  });

  it("refuses what Validate refuses, at the value", () => {
    // "  delivery: {retry: 2, backoffPolicy: exponential, backoffDelay: " is 65 characters.
    expect(problem(trigger("5s"))).toBe('f.yaml:6:66: delivery.backoffDelay of t (Trigger) must be an ISO 8601 duration such as "PT0.2S" or "PT5M", got the string "5s"');
    expect(problem(trigger("-PT1S"))).toMatch(/^f\.yaml:6:66: delivery\.backoffDelay of t \(Trigger\) must be an ISO 8601 duration/);
    const spec = (delivery: string) => `apiVersion: messaging.knative.dev/v1\nkind: Subscription\nmetadata: {name: s}\nspec:\n  delivery: ${delivery}\n`;
    expect(problem(spec("{retry: -1}"))).toBe("f.yaml:5:21: delivery.retry of s (Subscription) must be a whole number, got -1");
    expect(problem(spec("{retry: 1, backoffPolicy: fibonacci}"))).toBe('f.yaml:5:39: delivery.backoffPolicy of s (Subscription) must be exponential or linear, got the string "fibonacci"');
    expect(problem(spec("{retry: 1, timeout: PT0S}"))).toBe('f.yaml:5:33: delivery.timeout of s (Subscription) must be greater than 0, got the string "PT0S"');
  });

  it("check: exponential without a cap, linear from 0, and the request timeout per try", async () => {
    const { byName, disabled } = await checkFigures(`${DIR}/eventing.yaml`);
    expect(byName).toEqual({
      // 0.5, 1, 2, 4, 8 s.
      "orders (Broker) [then deadLetterSink]": { retries: 5, worst: 15_500, best: 15_500, largest: 8_000 },
      // Linear: 0, 1, 2 s of waits and 4 tries × 2 s.
      // Waits 0 + 1 + 2 s = 3 s (the best case, tries that fail at once); 4 tries × 2 s more with the tries.
      "invoice (Trigger)": { retries: 3, worst: 11_000, best: 3_000, bestWithTries: 11_000, largest: 2_000 },
      "audit-log (Subscription)": { retries: 4, worst: 0, best: 0, largest: 0 },
      // 0.2 × (2^10 − 1) = 204.6 s; the 10th wait 0.2 × 2^9 = 102.4 s.
      "default (Broker) (config-br-defaults as shipped)": { retries: 10, worst: 204_600, best: 204_600, largest: 102_400 },
    });
    expect(disabled).toEqual(["audit (InMemoryChannel) [then deadLetterSink]"]);
  });
});

describe("Knative: keys a delivery does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "t.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const trigger = (delivery: string) => `apiVersion: eventing.knative.dev/v1\nkind: Trigger\nmetadata: {name: t}\nspec:\n  broker: default\n  delivery:\n${delivery}`;
  it("retrys and backofDelay, named with the field meant", () => {
    expect(keys(trigger("    retrys: 5\n    backoffPolicy: exponential\n    backofDelay: PT1S\n"))).toEqual([
      '7:5: unknown key "retrys" in a Knative delivery; did you mean "retry"? Knative does not retry',
      '9:5: unknown key "backofDelay" in a Knative delivery; did you mean "backoffDelay"? Knative retries at once',
    ]);
  });
  it("spelt right: nothing", () => {
    expect(keys(trigger("    retry: 5\n    backoffPolicy: exponential\n    backoffDelay: PT1S\n    timeout: PT10S\n    deadLetterSink: {uri: http://x}\n"))).toEqual([]);
  });
});
