import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { find, problem } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { retriesEverything, retryOnText } from "../../../src/core/conditions/condition.js";

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

// ConsumerProperties v5.0.3 (ec87bc8f, ConsumerProperties.java:44-180) and BindingProperties: a consumer holds
// many keys, so only a misspelt retry property (or a misspelt consumer) is reported; relaxed names bind.
describe("Spring Cloud Stream: misspelt retry keys of a consumer (issue 36)", () => {
  const keys = (text: string, kind: "yaml" | "properties" = "properties") =>
    recogniseFile({ name: kind === "yaml" ? "application.yml" : "application.properties", text, kind, named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("maxAtempts and back-off-multplier, named in the style written; unrelated keys pass", () => {
    const text = "spring.cloud.stream.bindings.orders-in-0.consumer.maxAtempts=5\nspring.cloud.stream.default.consumer.back-off-multplier=3\nspring.cloud.stream.bindings.orders-in-0.consumer.concurrency=4\nspring.cloud.stream.bindings.orders-in-0.consumer.fooBar=1\n";
    expect(keys(text)).toEqual([
      '1:1: unknown key "maxAtempts" in a Spring Cloud Stream consumer; did you mean "maxAttempts"? Spring Cloud Stream uses its default, 3 attempts',
      '2:1: unknown key "back-off-multplier" in a Spring Cloud Stream consumer; did you mean "back-off-multiplier"? Spring Cloud Stream uses its default multiplier, 2.0',
    ]);
  });
  it("a misspelt consumer of a binding (YAML: the key's own column)", () => {
    // Line 6 "          consumr:": the key at column 11.
    const text = "spring:\n  cloud:\n    stream:\n      bindings:\n        orders-in-0:\n          consumr:\n            max-attempts: 5\n";
    expect(keys(text, "yaml")).toEqual([
      '6:11: unknown key "consumr" in a Spring Cloud Stream binding; did you mean "consumer"? the binding\'s consumer keeps its defaults (3 attempts, 1000 ms ×2.0 up to 10000 ms)',
    ]);
  });
  it("a misspelt bindings (binding) reads no binding: a finding on each line that writes it (binders is no misspelling)", () => {
    const message = 'unknown key "binding" in spring.cloud.stream; did you mean "bindings"? Spring binds no binding there: its consumers are not configured';
    expect(keys("spring.cloud.stream.binding.orders-in-0.consumer.max-attempts=5\nspring.cloud.stream.binding.orders-in-0.destination=orders\nspring.cloud.stream.binders.kafka1.type=kafka\n")).toEqual([`1:1: ${message}`, `2:1: ${message}`]);
    // In YAML the key is written once: line 4 "      binding:", column 7.
    expect(keys("spring:\n  cloud:\n    stream:\n      binding:\n        orders-in-0:\n          destination: orders\n          consumer: {max-attempts: 5}\n", "yaml")).toEqual([`4:7: ${message}`]);
  });
  it("zero findings on the fixtures", () => {
    expect(keys(readFileSync("test/fixtures/real-world/spring/application.yml", "utf8"), "yaml")).toEqual([]);
    expect(keys(readFileSync("test/fixtures/real-world/spring/application.properties", "utf8"))).toEqual([]);
  });
});

// v5.0.3 AbstractBinder.buildRetryTemplate: retryableExceptions true → RetryPolicy includes, false → excludes;
// spring-core 7.0 DefaultRetryPolicy.shouldRetry (16edf986): excludes refused, then only includes when any, else all.
describe("Spring Cloud Stream: what a consumer retries on (issue 41)", () => {
  const on = (text: string) => recogniseFile({ name: "application.properties", text, kind: "properties", named: false }).policies.map((p) => [p.name, retryOnText(p.conditions!), retriesEverything(p.conditions!)]);
  it("no retryableExceptions: every exception, retrying everything", () => {
    expect(on("spring.cloud.stream.bindings.orders-in-0.consumer.max-attempts=4\n")).toEqual([["spring.cloud.stream.bindings.orders-in-0", "retries on every error (no retryableExceptions: every exception)", true]]);
  });
  it("true classes only, false ones never; default.consumer's map under the binding's", () => {
    const text = [
      "spring.cloud.stream.default.consumer.retryable-exceptions[java.lang.IllegalStateException]=false",
      "spring.cloud.stream.bindings.orders-in-0.consumer.retryable-exceptions[java.io.IOException]=true",
      "spring.cloud.stream.bindings.audit-in-0.consumer.max-attempts=2",
      "",
    ].join("\n");
    expect(on(text)).toEqual([
      ["spring.cloud.stream.bindings.orders-in-0", "retries on java.io.IOException (retryableExceptions: java.lang.IllegalStateException: false, java.io.IOException: true); not java.lang.IllegalStateException", false],
      ["spring.cloud.stream.bindings.audit-in-0", "retries on every error (retryableExceptions: java.lang.IllegalStateException: false); not java.lang.IllegalStateException", false],
    ]);
    // The key is 86 characters (29 + 7 + 9 + 20 + 21), "=" the 87th: the value at column 88.
    expect(problem("spring.cloud.stream.bindings.a-in-0.consumer.retryable-exceptions[java.io.IOException]=yes\n", "properties", "application.properties")).toBe(
      'application.properties:1:88: spring.cloud.stream.bindings.a-in-0.consumer.retryable-exceptions.java.io.IOException must be true or false, got the string "yes"',
    );
  });
});
