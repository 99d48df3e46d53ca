import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { overloadSignals, retriesEverything, retryOnText } from "../../../src/core/conditions/condition.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";

describe("Kafka clients (shapes/kafka.ts)", () => {
  it("Kafka in Spring: the client's own properties over the common ones, one policy per client", () => {
    const text = "spring.kafka.properties.retry.backoff.ms=300\nspring.kafka.consumer.properties[retry.backoff.max.ms]=3000\nspring.kafka.producer.properties.retries=0\n";
    expect(find(text, "properties", "application.properties").policies).toEqual([
      { at: "3:1", system: "kafka", name: "spring.kafka.producer", options: { base: "300ms", attempts: "0" }, disabled: true },
      { at: "2:1", system: "kafka", name: "spring.kafka.consumer", options: { base: "300ms", cap: "3s" } },
    ]);
  });
  it("Kafka client file: a non-number is refused with its key", () => {
    expect(problem("retries=three\n", "properties", "client.properties")).toBe('client.properties:1:9: retries must be a whole number (or one in quotes), got the string "three"');
  });
  it("a producer's request.timeout.ms is the try time, at its key; a consumer's is not read, nor one left out", () => {
    const text = "retries=5\nrequest.timeout.ms=20000\ndelivery.timeout.ms=90000\n";
    const [policy] = recogniseFile({ name: "producer.properties", text, kind: "properties", named: false }).policies;
    expect(policy!.options).toEqual({ attempts: "5", attemptTime: "20s", maxElapsed: "90s" });
    expect(policy!.timeouts).toEqual([{ role: "attempt-time", field: "request.timeout.ms", line: 2, column: 1 }]);
    const spring = "spring.kafka.producer.properties.request.timeout.ms=15000\nspring.kafka.producer.retries=3\nspring.kafka.consumer.properties.request.timeout.ms=5000\nspring.kafka.consumer.properties.retry.backoff.ms=200\n";
    expect(find(spring, "properties", "application.properties").policies.map((p) => [p.name, p.options])).toEqual([
      ["spring.kafka.producer", { attempts: "3", attemptTime: "15s" }],
      ["spring.kafka.consumer", { base: "200ms" }],
    ]);
    expect(find("retries=5\n", "properties", "producer.properties").policies[0]!.options).toEqual({ attempts: "5" });
  });
});

// apache/kafka CommonClientConfigs (at 0025adef): retries, retry.backoff.ms (100), retry.backoff.max.ms (1000),
// request.timeout.ms; ProducerConfig delivery.timeout.ms (120000). Only a misspelling of these is judged.
describe("Kafka: misspelt retry properties (issue 36)", () => {
  const keys = (text: string, name = "producer.properties") => recogniseFile({ name, text, kind: "properties", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("retry.backof.ms in a client's file, at its key; the policy keeps Kafka's default", () => {
    const text = "bootstrap.servers=broker:9092\nretries=5\nretry.backof.ms=500\n";
    expect(keys(text)).toEqual(['3:1: unknown key "retry.backof.ms" in a Kafka client\'s properties; did you mean "retry.backoff.ms"? the client uses its default, 100 ms']);
    expect(find(text, "properties", "producer.properties").policies[0]!.options).toEqual({ attempts: "5" });
    // A file of bootstrap.servers and a typo alone is a client's file too; its other keys are not judged.
    expect(keys("bootstrap.servers=broker:9092\nretires=3\nacks=all\nlinger.ms=5\nreconnect.backoff.max.ms=1000\ncompression.type=zstd\n")).toEqual([
      '2:1: unknown key "retires" in a Kafka client\'s properties; did you mean "retries"? the client uses its default, 2147483647 retries (delivery.timeout.ms ends them)',
    ]);
  });
  it("under spring.kafka: the properties passed on and the producer's own retries", () => {
    const text = "spring.kafka.producer.retires=3\nspring.kafka.properties[delivery.timout.ms]=60000\nspring.kafka.consumer.properties.retry.backoff.max.ms=2000\n";
    expect(keys(text, "application.properties")).toEqual([
      '1:1: unknown key "retires" in Spring Boot\'s spring.kafka.producer; did you mean "retries"? the client uses its default, 2147483647 retries (delivery.timeout.ms ends them)',
      '2:1: unknown key "delivery.timout.ms" in a Kafka client\'s properties; did you mean "delivery.timeout.ms"? the producer uses its default, 120000 ms',
    ]);
  });
  it("zero findings on the fixtures", () => {
    for (const path of ["policies/kafka/producer.properties", "deadlines/kafka/producer.properties"]) expect(keys(readFileSync(`test/fixtures/${path}`, "utf8"))).toEqual([]);
    expect(keys(readFileSync("test/fixtures/policies/spring/application.properties", "utf8"), "application.properties")).toEqual([]);
    expect(recogniseFile({ name: "application.yml", text: readFileSync("test/fixtures/policies/spring/application.yml", "utf8"), kind: "yaml", named: false }).unknownKeys).toEqual([]);
  });
});

// apache/kafka 4.3.1 clients/.../producer/internals/Sender.java canRetry (L876-883): a RetriableException only.
describe("Kafka: what a client retries on (issue 41)", () => {
  it("the client's transient errors, named; neither an overload signal nor everything", () => {
    const [policy] = recogniseFile({ name: "producer.properties", text: "retries=5\n", kind: "properties", named: false }).policies;
    expect(retryOnText(policy!.conditions!)).toBe(
      "retries on connection failures, timeouts, RetriableException (NotLeaderOrFollowerException, NotEnoughReplicasException, …) (the client's transient errors (Sender.canRetry): RetriableException)",
    );
    expect([overloadSignals(policy!.conditions!), retriesEverything(policy!.conditions!)]).toEqual([[], false]);
  });
});
