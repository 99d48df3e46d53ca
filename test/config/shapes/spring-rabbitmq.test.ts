import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { find, problem } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { retriesEverything, retryOnText } from "../../../src/core/conditions/condition.js";

// Spring Boot v3.5.16 (0566f693) RabbitProperties.Retry (RabbitProperties.java:1093-1167):
// enabled false, maxAttempts 3, initialInterval 1000 ms, multiplier 1.0, maxInterval 10000 ms,
// ListenerRetry.stateless true; RetryTemplateFactory.java:41-53 builds SimpleRetryPolicy and
// ExponentialBackOffPolicy from them, only when enabled (AbstractRabbitListenerContainerFactoryConfigurer
// .java:138-149, RabbitTemplateConfigurer.java:98-101). Spring Boot v4.0.8 (847f7427) reads
// max-retries (a long, default 3 retries: spring-boot-amqp RabbitProperties.java:1107) instead.
describe("Spring Boot RabbitMQ (shapes/spring-rabbitmq.ts)", () => {
  const yml = (block: string) => `spring:\n  rabbitmq:\n    listener:\n      simple:\n        retry:\n${block}`;

  it("enabled with Spring Boot's defaults: 3 tries (2 retries), 1 s fixed, cap 10 s", () => {
    expect(find(yml("          enabled: true\n"), "yaml", "application.yml").policies).toEqual([
      { at: "5:9", system: "spring-rabbitmq", name: "spring.rabbitmq.listener.simple.retry", options: { base: "1s", factor: "1", cap: "10s", attempts: "2" } },
    ]);
  });

  it("max-attempts counts the first call; durations as Spring Boot reads them (bare number = ms, PT…)", () => {
    const text = "spring.rabbitmq.template.retry.enabled=on\nspring.rabbitmq.template.retry.maxAttempts=6\nspring.rabbitmq.template.retry.initial-interval=250\nspring.rabbitmq.template.retry.multiplier=2.5\nspring.rabbitmq.template.retry.max_interval=PT3S\n";
    expect(find(text, "properties", "application.properties").policies).toEqual([
      { at: "1:1", system: "spring-rabbitmq", name: "spring.rabbitmq.template.retry", options: { base: "250ms", factor: "2.5", cap: "3s", attempts: "5" } },
    ]);
  });

  it("enabled left out (false) or max-attempts 1: retries switched off", () => {
    expect(find(yml("          max-attempts: 5\n"), "yaml", "application.yml").policies).toEqual([
      { at: "5:9", system: "spring-rabbitmq", name: "spring.rabbitmq.listener.simple.retry", options: { base: "1s", factor: "1", cap: "10s", attempts: "4" }, disabled: true },
    ]);
    expect(find(yml("          enabled: true\n          max-attempts: 1\n"), "yaml", "application.yml").policies[0]).toMatchObject({ options: { attempts: "0" }, disabled: true });
  });

  it("Spring Boot 4's max-retries counts retries; both spellings at once are not checked", () => {
    expect(find(yml("          enabled: true\n          max-retries: 4\n"), "yaml", "application.yml").policies[0]).toMatchObject({ options: { attempts: "4" } });
    expect(find(yml("          enabled: true\n          max-attempts: 4\n          max-retries: 4\n"), "yaml", "application.yml").unresolved).toEqual([
      "8:11 spring.rabbitmq.listener.simple.retry: spring.rabbitmq.listener.simple.retry.max-attempts (Spring Boot 3) and spring.rabbitmq.listener.simple.retry.max-retries (Spring Boot 4) are both set: each version reads one and ignores the other, so the count depends on the Spring Boot version",
    ]);
  });

  it("spring-retry's setters: a multiplier below 1 is 1, an interval under 1 ms is 1 ms; Spring Boot 4 refuses a multiplier below 1", () => {
    expect(find(yml("          enabled: true\n          multiplier: 0.5\n          initial-interval: 0\n"), "yaml", "application.yml").policies[0]).toMatchObject({ options: { base: "1ms", factor: "1" } });
    expect(problem(yml("          enabled: true\n          max-retries: 2\n          multiplier: 0.5\n"), "yaml", "application.yml")).toBe(
      "application.yml:8:23: spring.rabbitmq.listener.simple.retry.multiplier must be at least 1 (Spring Framework's RetryPolicy refuses it), got 0.5",
    );
  });

  it("wrong values are invalid at their place", () => {
    expect(problem(yml("          enabled: maybe\n"), "yaml", "application.yml")).toBe('application.yml:6:20: spring.rabbitmq.listener.simple.retry.enabled must be true or false, got the string "maybe"');
    expect(problem(yml("          enabled: true\n          initial-interval: soon\n"), "yaml", "application.yml")).toBe(
      'application.yml:7:29: spring.rabbitmq.listener.simple.retry.initial-interval must be a duration such as 500ms, 2s or PT1S, got the string "soon"',
    );
    expect(problem(yml("          enabled: true\n          stateless: sometimes\n"), "yaml", "application.yml")).toBe(
      'application.yml:7:22: spring.rabbitmq.listener.simple.retry.stateless must be true or false, got the string "sometimes"',
    );
  });
});

// RabbitProperties.Retry/ListenerRetry: Spring Boot v3.5.16 (RabbitProperties.java:1093-1167) and 4.0
// (spring-boot-amqp RabbitProperties.java at 170c52f2, maxRetries); relaxed binding (max-attempts is maxAttempts).
describe("Spring Boot RabbitMQ: keys a retry block does not define (issue 36)", () => {
  const keys = (text: string, kind: "yaml" | "properties" = "yaml") =>
    recogniseFile({ name: kind === "yaml" ? "application.yml" : "application.properties", text, kind, named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const yml = (block: string) => `spring:\n  rabbitmq:\n    listener:\n      simple:\n        retry:\n${block}`;
  it("max-atempts, named in the style written; the block read with the default", () => {
    // Line 7 "          max-atempts: 5": the key at column 11.
    expect(keys(yml("          enabled: true\n          max-atempts: 5\n"))).toEqual([
      '7:11: unknown key "max-atempts" in a Spring Boot RabbitMQ listener retry; did you mean "max-attempts"? Spring Boot uses its default, 3 attempts',
    ]);
    expect(find(yml("          enabled: true\n          max-atempts: 5\n"), "yaml", "application.yml").policies[0]!.options.attempts).toBe("2");
    expect(keys(yml("          enabeld: true\n"))).toEqual(['6:11: unknown key "enabeld" in a Spring Boot RabbitMQ listener retry; did you mean "enabled"? Spring Boot retries nothing (enabled is false by default)']);
  });
  it("stateless is a listener's only; a misspelt retry beside a container's other keys; .properties at the key's start", () => {
    const text = "spring.rabbitmq.template.retry.enabled=true\nspring.rabbitmq.template.retry.stateless=false\nspring.rabbitmq.listener.direct.retyr.enabled=true\nspring.rabbitmq.listener.direct.prefetch=5\n";
    expect(keys(text, "properties")).toEqual([
      // In the order of the blocks read (listener.simple, listener.direct, template).
      '3:1: unknown key "retyr" in Spring Boot\'s RabbitMQ properties; did you mean "retry"? Spring Boot retries nothing there (no retry block)',
      '2:1: unknown key "stateless" in a Spring Boot RabbitTemplate retry; Spring binds nothing to it, so it has no effect',
    ]);
  });
  it("zero findings on the fixtures and on every key of either version", () => {
    expect(keys(yml("          enabled: true\n          maxAttempts: 3\n          max-retries: 2\n          initial_interval: 1s\n          multiplier: 2\n          maxInterval: 5s\n          stateless: false\n"))).toEqual([]);
    expect(keys(readFileSync("test/fixtures/real-world/spring/application.yml", "utf8"))).toEqual([]);
    expect(keys(readFileSync("test/fixtures/real-world/spring/application.properties", "utf8"), "properties")).toEqual([]);
  });
});

// What a block retries: Spring Boot 3's SimpleRetryPolicy(maxAttempts) (RetryTemplateFactory.java:41-53) retries
// Exception (spring-retry 2.0.12 SimpleRetryPolicy: retryableExceptions {Exception: true}); Spring Boot 4's RetryPolicy
// without includes or excludes every Throwable (spring-core 7.0 DefaultRetryPolicy.shouldRetry, at 16edf986).
describe("Spring Boot RabbitMQ: what a retry block retries on (issue 41)", () => {
  const on = (block: string) =>
    recogniseFile({ name: "application.yml", text: `spring:\n  rabbitmq:\n    template:\n      retry:\n${block}`, kind: "yaml", named: false }).policies.map((p) => (p.conditions === undefined ? null : [retryOnText(p.conditions), retriesEverything(p.conditions)]));
  it("every exception, which is retrying everything; a block not enabled retries nothing", () => {
    expect(on("        enabled: true\n")).toEqual([["retries on every error but Errors outside Exception (SimpleRetryPolicy's default: retryableExceptions {Exception: true})", true]]);
    expect(on("        enabled: true\n        max-retries: 2\n")).toEqual([["retries on every error (RetryPolicy's default: no includes or excludes)", true]]);
    expect(on("        max-attempts: 4\n")).toEqual([null]);
  });
});
