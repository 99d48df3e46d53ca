import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
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

  // The try time: resilience4j af9e7c97, CommonTimeLimiterConfigurationProperties.createTimeLimiterConfig (own
  // timeoutDuration, else baseConfig's, else configs.default's, else TimeLimiterConfig's Duration.ofSeconds(1)).
  describe("a time limiter of the same name: its timeoutDuration is each try's time", () => {
    const limited = (limiter: string) => `resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n  timelimiter:\n${limiter}`;
    const timeouts = (text: string, kind: "yaml" | "properties" = "yaml") =>
      recogniseFile({ name: kind === "yaml" ? "f.yaml" : "application.properties", text, kind, named: false }).policies.map((p) => [p.name, p.options.attemptTime, p.timeouts]);

    it("its own timeoutDuration, at its key", () => {
      // Line 9 "        timeoutDuration: 2500ms": the key at column 9.
      expect(timeouts(limited("    instances:\n      svc:\n        timeoutDuration: 2500ms\n"))).toEqual([
        ["svc", "2500ms", [{ role: "attempt-time", field: "resilience4j.timelimiter.instances.svc.timeoutDuration", line: 9, column: 9 }]],
      ]);
    });

    it("inherited from its baseConfig, from configs.default, or TimeLimiterConfig's 1 s", () => {
      const configs = "    configs:\n      default:\n        timeout-duration: 3s\n      slow:\n        timeoutDuration: PT5S\n";
      // baseConfig slow: slow's own 5 s (line 11), not default's.
      expect(timeouts(limited(`${configs}    instances:\n      svc:\n        baseConfig: slow\n`))).toEqual([
        ["svc", "5s", [{ role: "attempt-time", field: "resilience4j.timelimiter.configs.slow.timeoutDuration", line: 11, column: 9 }]],
      ]);
      // No baseConfig: configs.default's 3 s (line 9, kebab-case as written).
      expect(timeouts(limited(`${configs}    instances:\n      svc:\n        cancelRunningFuture: false\n`))).toEqual([
        ["svc", "3s", [{ role: "attempt-time", field: "resilience4j.timelimiter.configs.default.timeout-duration", line: 9, column: 9 }]],
      ]);
      // A baseConfig without its own timeoutDuration draws on configs.default in turn.
      expect(timeouts(limited("    configs:\n      default: {timeoutDuration: 4s}\n      bare: {cancelRunningFuture: true}\n    instances:\n      svc: {baseConfig: bare}\n"))[0]![1]).toBe("4s");
      // Nothing sets it: 1 s, the library's default.
      expect(timeouts(limited("    instances:\n      svc:\n        cancelRunningFuture: true\n"))).toEqual([
        ["svc", "1s", [{ role: "attempt-time", field: "TimeLimiterConfig's default timeoutDuration (1 s)", line: null, column: null }]],
      ]);
    });

    it("no time limiter of that name, or one of 0 s: no try time", () => {
      expect(timeouts(limited("    instances:\n      other:\n        timeoutDuration: 2s\n"))).toEqual([["svc", undefined, undefined]]);
      // configs.default alone names no instance: which methods it limits is in the code.
      expect(timeouts(limited("    configs:\n      default:\n        timeoutDuration: 2s\n"))).toEqual([["svc", undefined, undefined]]);
      expect(timeouts(limited("    instances:\n      svc:\n        timeoutDuration: 0s\n"))).toEqual([["svc", undefined, undefined]]);
    });

    it("in .properties, and what createTimeLimiterConfig refuses", () => {
      const props = "resilience4j.retry.instances.svc.max-attempts=3\nresilience4j.timelimiter.instances.svc.timeout-duration=750ms\n";
      expect(timeouts(props, "properties")).toEqual([
        ["svc", "750ms", [{ role: "attempt-time", field: "resilience4j.timelimiter.instances.svc.timeout-duration", line: 2, column: 1 }]],
      ]);
      // "        baseConfig: " is 20 characters: the value at 9:21.
      expect(problem(limited("    instances:\n      svc:\n        baseConfig: nope\n"))).toBe('f.yaml:9:21: baseConfig "nope" of time limiter svc names no resilience4j.timelimiter.configs entry');
      expect(problem(limited("    instances:\n      svc:\n        timeoutDuration: soon\n"))).toBe(
        'f.yaml:9:26: resilience4j.timelimiter.instances.svc.timeoutDuration must be a duration such as 500ms, 2s or PT1S, got the string "soon"',
      );
      expect(problem(limited("    instances:\n      svc:\n        timeoutDuration: 1500us\n"))).toBe(
        "f.yaml:9:26: resilience4j.timelimiter.instances.svc.timeoutDuration is 1.5ms: backoff checks timeouts in whole milliseconds (every start is one)",
      );
    });
  });

  // resilience4j v2.4.0 CommonRetryConfigurationProperties.buildConfig (:117-167): the interval
  // function from waitDuration first (:122, configureRetryIntervalFunction), the instance's
  // intervalBiFunction class after it (:153-157); RetryConfig.Builder(base) keeps a base's
  // (RetryConfig.java:230-233). v1.7.1 RetryConfigurationProperties.java:127-132: maxRetryAttempts, then maxAttempts.
  describe("a class that decides the waits (intervalBiFunction)", () => {
    const found = (text: string) =>
      recogniseFile({ name: "application.yml", text, kind: "yaml", named: false }).policies.map((p) => ({ name: p.name, options: p.options, ...(p.waitsFrom ? { why: p.waitsFrom.why } : {}) }));
    it("the instance's own class wins over its waitDuration: only the count comes from the file", () => {
      expect(found(yaml("        maxAttempts: 5\n        waitDuration: 2s\n        interval-bi-function: com.example.RetryAfter\n"))).toEqual([
        { name: "svc", options: { attempts: "4" }, why: "waits decided by com.example.RetryAfter (resilience4j.retry.instances.svc.interval-bi-function): not computable from the file" },
      ]);
    });
    it("a base config's class is kept, unless the instance's waitDuration replaces it", () => {
      const configs = "    configs:\n      default:\n        intervalBiFunction: com.example.Backoff\n";
      expect(found(yaml("        maxAttempts: 2\n", configs))).toEqual([
        { name: "svc", options: { attempts: "1" }, why: "waits decided by com.example.Backoff (resilience4j.retry.configs.default.intervalBiFunction): not computable from the file" },
        { name: "configs.default", options: { attempts: "2" }, why: "waits decided by com.example.Backoff (resilience4j.retry.configs.default.intervalBiFunction): not computable from the file" },
      ]);
      expect(found(yaml("        waitDuration: 300ms\n", configs))[0]).toEqual({ name: "svc", options: { base: "300ms", factor: "1", jitter: "0", attempts: "2" } });
    });
    it("an empty class name is invalid", () => {
      expect(problem(yaml('        intervalBiFunction: ""\n'))).toBe('f.yaml:5:29: resilience4j.retry.instances.svc.intervalBiFunction must name an IntervalBiFunction class, got the string ""');
    });
  });

  it("resilience4j 1.x's maxRetryAttempts counts as maxAttempts, which wins when both are set", () => {
    expect(find(yaml("        maxRetryAttempts: 5\n")).policies[0]!.options).toMatchObject({ attempts: "4" });
    expect(find(yaml("        max-retry-attempts: 5\n        maxAttempts: 2\n")).policies[0]!.options).toMatchObject({ attempts: "1" });
    expect(problem(yaml("        maxRetryAttempts: 0\n"))).toBe("f.yaml:5:27: resilience4j.retry.instances.svc.maxRetryAttempts must be at least 1 (it counts the first call), got 0");
  });
});
