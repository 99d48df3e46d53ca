import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";

// spring-cloud/spring-cloud-stream v5.0.3 (ec87bc8f) ConsumerProperties.java:95-131: maxAttempts 3,
// backOffInitialInterval 1000, backOffMaxInterval 10000, backOffMultiplier 2.0; AbstractBinder
// .buildRetryTemplate (:193-227): maxRetries max(0, maxAttempts − 1); a retryTemplateName names the bean used.
describe("Spring Cloud Stream (shapes/spring-cloud-stream.ts)", () => {
  it("a binding's consumer over default.consumer; ConsumerProperties' defaults fill the rest", () => {
    const text = [
      "spring.cloud.stream.default.consumer.maxAttempts=5",
      "spring.cloud.stream.bindings.orders-in-0.destination=orders",
      "spring.cloud.stream.bindings.audit.consumer.back-off-multiplier=1.5",
      "spring.cloud.stream.bindings.audit.consumer.maxAttempts=2",
      "spring.cloud.stream.bindings.events-out-0.destination=events",
      "",
    ].join("\n");
    expect(find(text, "properties", "application.properties").policies).toEqual([
      { at: "2:1", system: "spring-cloud-stream", name: "spring.cloud.stream.bindings.orders-in-0", options: { base: "1s", factor: "2.0", cap: "10s", attempts: "4" } },
      { at: "3:1", system: "spring-cloud-stream", name: "spring.cloud.stream.bindings.audit", options: { base: "1s", factor: "1.5", cap: "10s", attempts: "1" } },
    ]);
  });

  it("default.consumer alone is one policy; maxAttempts 1 switches retries off", () => {
    const yml = "spring:\n  cloud:\n    stream:\n      default:\n        consumer:\n          maxAttempts: 1\n";
    expect(find(yml, "yaml", "application.yml").policies).toEqual([
      { at: "5:9", system: "spring-cloud-stream", name: "spring.cloud.stream.default.consumer", options: { base: "1s", factor: "2.0", cap: "10s", attempts: "0" }, disabled: true },
    ]);
  });

  it("a retryTemplateName: the bean decides, not checked; an empty one leaves the properties in charge", () => {
    const yml = (name: string) => `spring:\n  cloud:\n    stream:\n      bindings:\n        in-in-0:\n          consumer:\n            retryTemplateName: ${name}\n`;
    expect(find(yml("myRetry"), "yaml", "application.yml").unresolved).toEqual([
      '7:13 spring.cloud.stream.bindings.in-in-0: retries and waits decided by the @StreamRetryTemplate bean "myRetry" (spring.cloud.stream.bindings.in-in-0.consumer.retryTemplateName): not computable from the file',
    ]);
    expect(find(yml('""'), "yaml", "application.yml").policies).toHaveLength(1);
  });

  it("the intervals are ints of milliseconds: a duration text, 0 or a multiplier below 1 is invalid", () => {
    const yml = (line: string) => `spring:\n  cloud:\n    stream:\n      bindings:\n        in-in-0:\n          consumer:\n            ${line}\n`;
    expect(problem(yml("backOffInitialInterval: 1s"), "yaml", "application.yml")).toBe(
      'application.yml:7:37: spring.cloud.stream.bindings.in-in-0.consumer.backOffInitialInterval must be a whole number (or one in quotes), got the string "1s"',
    );
    expect(problem(yml("backOffMaxInterval: 0"), "yaml", "application.yml")).toBe("application.yml:7:33: spring.cloud.stream.bindings.in-in-0.consumer.backOffMaxInterval is 0: backoff computes positive delays only");
    expect(problem(yml("backOffMultiplier: 0.5"), "yaml", "application.yml")).toBe(
      "application.yml:7:32: spring.cloud.stream.bindings.in-in-0.consumer.backOffMultiplier must be at least 1 (Spring Framework's RetryPolicy refuses it), got 0.5",
    );
  });
});
