import { describe, expect, it } from "vitest";
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
});
