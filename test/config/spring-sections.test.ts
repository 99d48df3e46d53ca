import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../src/config/recognise.js";

// src/config/spring-sections.ts: a misspelt section above a retry shape's settings (issue 36, item 1).
// Lines and columns counted by hand; resilience4j's module names from resilience4j-spring-boot3 2.4.0.
const keys = (name: string, text: string, kind: "yaml" | "properties") =>
  recogniseFile({ name, text, kind, named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);

describe("a misspelt Spring section is an unknown key", () => {
  it("YAML: resilience4j.rety at 2:3, its instance unread; the modules beside it are not misspellings", () => {
    const text = "resilience4j:\n  rety:\n    instances:\n      svc: {maxAttempts: 3}\n  ratelimiter:\n    instances:\n      svc: {limitForPeriod: 5}\n  timelimiter:\n    instances:\n      svc: {timeoutDuration: 2s}\n";
    expect(keys("application.yml", text, "yaml")).toEqual([
      '2:3: unknown key "rety" in resilience4j\'s settings; did you mean "retry"? Spring binds nothing from it: the retry settings written under it are not read, as if resilience4j.retry were not set',
    ]);
  });

  it("YAML: spring.cloud.gatway under spring.cloud (4 spaces in: 3:5), spring.datasource and spring.cloud.config left alone", () => {
    const text = "spring:\n  cloud:\n    gatway:\n      routes: []\n    config: {enabled: false}\n  datasource: {url: x}\n  kafka: {producer: {retries: 3}}\n";
    expect(keys("application.yml", text, "yaml")).toEqual([
      '3:5: unknown key "gatway" in Spring Boot\'s spring.cloud settings; did you mean "gateway"? Spring binds nothing from it: the retry settings written under it are not read, as if spring.cloud.gateway were not set',
    ]);
  });

  it(".properties: once per section however many lines write it, at the key's start (as policies are placed there)", () => {
    const text = "resilience4j.rety.instances.svc.max-attempts=3\nresilience4j.rety.instances.svc.wait-duration=1s\nspring.rabitmq.listener.simple.retry.enabled=true\nspring.datasource.url=x\nresilience4j.bulkhead.instances.svc.max-concurrent-calls=2\n";
    expect(keys("application.properties", text, "properties")).toEqual([
      '1:1: unknown key "rety" in resilience4j\'s settings; did you mean "retry"? Spring binds nothing from it: the retry settings written under it are not read, as if resilience4j.retry were not set',
      '3:1: unknown key "rabitmq" in Spring Boot\'s spring settings; did you mean "rabbitmq"? Spring binds nothing from it: the retry settings written under it are not read, as if spring.rabbitmq were not set',
    ]);
  });

  it("spelt right: nothing", () => {
    expect(keys("application.yml", "resilience4j:\n  retry:\n    instances:\n      svc: {maxAttempts: 3}\n", "yaml")).toEqual([]);
    expect(keys("application.properties", "spring.rabbitmq.listener.simple.retry.enabled=true\n", "properties")).toEqual([]);
  });
});
