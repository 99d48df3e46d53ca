import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";

describe("Spring resilience4j (shapes/resilience4j.ts)", () => {
  const yaml = (instance: string, configs = "") => `resilience4j:\n  retry:\n${configs}    instances:\n      svc:\n${instance}`;
  it("defaults: 3 attempts, a fixed 500 ms (RetryConfig), when the instance says nothing about waits", () => {
    expect(find(yaml("        retryExceptions: [java.io.IOException]\n")).policies).toEqual([]);
    expect(find(yaml("        maxAttempts: 3\n")).policies).toEqual([
      { at: "4:7", system: "resilience4j", name: "svc", options: { base: "500ms", factor: "1", jitter: "0", attempts: "2" } },
    ]);
  });
  it("baseConfig lends only the four switches, not waitDuration's partner randomizedWaitFactor (ConfigUtils.mergePropertiesIfAny)", () => {
    const configs = "    configs:\n      shared:\n        enableRandomizedWait: true\n        randomizedWaitFactor: 0.1\n        waitDuration: 2s\n        maxAttempts: 6\n";
    // The instance's own waitDuration rebuilds the interval: randomized (lent) with the default factor 0.5, not 0.1.
    expect(find(yaml("        baseConfig: shared\n        waitDuration: 1s\n", configs)).policies).toEqual([
      { at: "10:7", system: "resilience4j", name: "svc", options: { base: "1s", factor: "1", jitter: "0.5", attempts: "5" } },
    ]);
    // Without its own waitDuration it keeps the base's interval function (randomized 2 s, factor 0.1).
    expect(find(yaml("        baseConfig: shared\n", configs)).policies[0]!.options).toEqual({ base: "2s", factor: "1", jitter: "0.1", attempts: "5" });
  });
  it("exponentialMaxWaitDuration counts only with a multiplier (and, randomized, a factor too)", () => {
    expect(find(yaml("        waitDuration: 1s\n        enableExponentialBackoff: true\n        exponentialMaxWaitDuration: 5s\n")).policies[0]!.options).toEqual({ base: "1s", factor: "1.5", jitter: "0", attempts: "2" });
    expect(find(yaml("        waitDuration: 1s\n        enableExponentialBackoff: true\n        exponentialBackoffMultiplier: 3\n        exponentialMaxWaitDuration: 5s\n")).policies[0]!.options).toEqual({
      base: "1s",
      factor: "3",
      jitter: "0",
      attempts: "2",
      cap: "5s",
    });
  });
  it("refuses a missing baseConfig, a cycle, maxAttempts below 1, and a duration Spring would not read", () => {
    expect(problem(yaml("        baseConfig: nope\n"))).toBe('f.yaml:5:21: baseConfig "nope" of svc names no resilience4j.retry.configs entry');
    expect(problem(yaml("        maxAttempts: 0\n"))).toBe("f.yaml:5:22: resilience4j.retry.instances.svc.maxAttempts must be at least 1 (it counts the first call), got 0");
    expect(problem(yaml("        waitDuration: 1.5s\n"))).toBe('f.yaml:5:23: resilience4j.retry.instances.svc.waitDuration must be a duration such as 500ms, 2s or PT1S, got the string "1.5s"');
    const cycle = "    configs:\n      a: {baseConfig: b, maxAttempts: 2}\n      b: {baseConfig: a}\n";
    expect(problem(yaml("        baseConfig: a\n", cycle))).toBe('f.yaml:5:23: baseConfig "a" of b makes a cycle (a → b → a)');
  });
  it("a ${placeholder} is not checked, and says why", () => {
    const text = "resilience4j.retry.instances.svc.max-attempts=${RETRIES:3}\nresilience4j.retry.instances.svc.wait-duration=1s\n";
    expect(find(text, "properties", "application.properties")).toEqual({
      policies: [],
      unresolved: ['1:47 svc: resilience4j.retry.instances.svc.max-attempts is a placeholder, "${RETRIES:3}"; its value is known only where it is rendered'],
      skipped: null,
    });
  });
});
