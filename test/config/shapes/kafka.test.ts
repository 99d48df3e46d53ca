import { describe, expect, it } from "vitest";
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
