import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";
import { overloadSignals, retriesEverything, retryOnText } from "../../../src/core/conditions/condition.js";

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

// resilience4j v2.4.0 (f1c3be8e) CommonRetryConfigurationProperties.InstanceProperties (:245-332) and 1.x's
// maxRetryAttempts: the properties an instance defines; Spring's relaxed binding makes max-attempts maxAttempts.
describe("resilience4j: keys a retry instance does not define (issue 36)", () => {
  const keys = (text: string, kind: "yaml" | "properties" = "yaml") =>
    recogniseFile({ name: kind === "yaml" ? "application.yml" : "application.properties", text, kind, named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const fixture = (path: string) => readFileSync(`test/fixtures/${path}`, "utf8");
  const yaml = (instance: string) => `resilience4j:\n  retry:\n    instances:\n      svc:\n${instance}`;
  it("maxAtempts, named with the property meant, at its key; the instance is read with the default", () => {
    // Line 5 "        maxAtempts: 5": the key at column 9.
    expect(keys(yaml("        maxAtempts: 5\n        waitDuration: 1s\n"))).toEqual([
      '5:9: unknown key "maxAtempts" in a resilience4j retry instance; did you mean "maxAttempts"? resilience4j uses its default, 3 attempts',
    ]);
    expect(find(yaml("        maxAtempts: 5\n        waitDuration: 1s\n")).policies[0]!.options).toMatchObject({ attempts: "2" });
    // A configs entry is an InstanceProperties too; a key nothing is near names none.
    expect(keys("resilience4j:\n  retry:\n    configs:\n      default:\n        retryOnResult: true\n        maxAttempts: 2\n")).toEqual([
      '5:9: unknown key "retryOnResult" in a resilience4j retry instance; Spring binds nothing to it, so it has no effect',
    ]);
    // A list property misspelt is one finding, not one per element.
    expect(keys(yaml("        maxAttempts: 2\n        retryExeptions: [java.io.IOException, java.net.SocketException]\n"))).toEqual([
      '6:9: unknown key "retryExeptions" in a resilience4j retry instance; did you mean "retryExceptions"? resilience4j retries every exception, its default',
    ]);
  });
  it("in .properties: kebab-case and camelCase both bind; the key meant is given in the style written (column 1: the key's start)", () => {
    const text = "resilience4j.retry.instances.svc.max-attempts=4\nresilience4j.retry.instances.svc.waitDuration=1s\nresilience4j.retry.instances.svc.wait-durration=2s\nresilience4j.retry.instances.svc.retry-exceptions[0]=java.io.IOException\n";
    expect(keys(text, "properties")).toEqual(['3:1: unknown key "wait-durration" in a resilience4j retry instance; did you mean "wait-duration"? resilience4j uses its default, a fixed 500 ms wait']);
  });
  it("a misspelt section (instance for instances) reads no instance: one finding at it", () => {
    // Line 3 "    instance:": the key at column 5.
    expect(keys("resilience4j:\n  retry:\n    instance:\n      svc:\n        maxAttempts: 5\n        waitDuration: 1s\n")).toEqual([
      '3:5: unknown key "instance" in resilience4j.retry; did you mean "instances"? Spring binds nothing under it: no retry instance or config is read from it',
    ]);
    expect(keys("resilience4j:\n  retry:\n    retryAspectOrder: 399\n    tags: {app: shop}\n    backends:\n      svc: {maxAttempts: 2}\n")).toEqual([]);
  });
  it("a profile reports only the keys its own document writes", () => {
    const text = `${yaml("        maxAtempts: 5\n")}---\nspring:\n  config:\n    activate:\n      on-profile: prod\n${yaml("        waitDurtion: 2s\n")}`;
    expect(keys(text)).toEqual([
      '5:9: unknown key "maxAtempts" in a resilience4j retry instance; did you mean "maxAttempts"? resilience4j uses its default, 3 attempts',
      '15:9: unknown key "waitDurtion" in a resilience4j retry instance; did you mean "waitDuration"? resilience4j uses its default, a fixed 500 ms wait',
    ]);
  });
  it("zero findings on the fixtures, which are right", () => {
    for (const path of ["policies/spring/application.yml", "real-world/resilience4j/application.yml", "real-world/spring/application.yml", "deadlines/resilience4j/application.yml"]) expect(keys(fixture(path))).toEqual([]);
    for (const path of ["policies/spring/application.properties", "real-world/spring/application.properties"]) expect(keys(fixture(path), "properties")).toEqual([]);
  });
});

// resilience4j v2.4.0 (f1c3be8e): RetryConfig.Builder createExceptionPredicate/createRetryOnExceptionPredicate
// (retryExceptions or-ed with the predicate class; ignoreExceptions negated over them; neither set: throwable -> true),
// CommonRetryConfigurationProperties.buildConfig (each set only when the instance has it, over RetryConfig.from(base)).
describe("resilience4j: what an instance retries on (issue 41)", () => {
  const yaml = (instance: string, configs = "") => `resilience4j:\n  retry:\n${configs}    instances:\n      svc:\n${instance}`;
  const on = (text: string) => recogniseFile({ name: "application.yml", text, kind: "yaml", named: false }).policies.filter((p) => p.system === "resilience4j").map((p) => [p.name, retryOnText(p.conditions!), retriesEverything(p.conditions!)]);
  it("no retryExceptions: every exception (RetryConfig's default), which is retrying everything", () => {
    expect(on(yaml("        maxAttempts: 3\n"))).toEqual([["svc", "retries on every error (no retryExceptions: RetryConfig's default)", true]]);
  });
  it("retryExceptions as a list, a comma-separated value or indexed; ignoreExceptions excluded", () => {
    expect(on(yaml("        maxAttempts: 3\n        retryExceptions: [java.io.IOException, java.util.concurrent.TimeoutException]\n        ignoreExceptions: com.shop.BadRequest\n"))).toEqual([
      ["svc", "retries on java.io.IOException, java.util.concurrent.TimeoutException (the retry properties: retryExceptions java.io.IOException and java.util.concurrent.TimeoutException, ignoreExceptions com.shop.BadRequest); not com.shop.BadRequest", false],
    ]);
    const text = "resilience4j.retry.instances.svc.max-attempts=3\nresilience4j.retry.instances.svc.retry-exceptions=java.io.IOException,org.springframework.web.client.HttpClientErrorException.TooManyRequests\n";
    const [policy] = recogniseFile({ name: "application.properties", text, kind: "properties", named: false }).policies;
    // TooManyRequests (429) is a throttling class: an overload signal.
    expect(overloadSignals(policy!.conditions!)).toEqual(["org.springframework.web.client.HttpClientErrorException.TooManyRequests"]);
    // Exception itself is every error; with nothing ignored, retrying everything.
    expect(on(yaml("        maxAttempts: 3\n        retryExceptions: [java.lang.Exception]\n"))[0]![2]).toBe(true);
    expect(on(yaml("        maxAttempts: 3\n        retryExceptions: [Exception]\n        ignoreExceptions: [com.shop.BadRequest]\n"))[0]![2]).toBe(false);
  });
  it("predicate classes are decided by code; a base config's lists are inherited, the instance's own replace them", () => {
    expect(on(yaml("        maxAttempts: 3\n        retryExceptionPredicate: com.shop.Transient\n        resultPredicate: com.shop.Pending\n"))).toEqual([
      ["svc", "retries on decided by code (retryExceptionPredicate com.shop.Transient), decided by code (the results resultPredicate com.shop.Pending accepts) (the retry properties: retryExceptionPredicate com.shop.Transient, resultPredicate com.shop.Pending)", false],
    ]);
    const fixture = readFileSync("test/fixtures/policies/spring/application.yml", "utf8");
    const inherited = "retries on org.springframework.web.client.HttpServerErrorException, java.io.IOException (the retry properties: retryExceptions org.springframework.web.client.HttpServerErrorException and java.io.IOException";
    expect(on(fixture)).toEqual([
      ["backendA", `${inherited} of configs.default)`, false],
      ["backendB", `${inherited} of configs.default)`, false],
      ["configs.default", `${inherited})`, false],
      ["backendA [profile prod]", `${inherited} of configs.default)`, false],
    ]);
    const configs = "    configs:\n      default:\n        retryExceptions: [java.io.IOException]\n";
    expect(on(yaml("        maxAttempts: 3\n        retryExceptions: [java.net.ConnectException]\n", configs))[0]).toEqual(["svc", "retries on java.net.ConnectException (the retry properties: retryExceptions java.net.ConnectException)", false]);
  });
});
