import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { tempFiles } from "../../support/files.js";
import { find, problem } from "../../support/recognise.js";

// Spring Cloud Gateway v5.0.3 and main at 5227205c: RetryGatewayFilterFactory (shortcutFieldOrder, RetryConfig,
// BackoffConfig, validate), FilterDefinition(String) (split at "=", tokenizeToStringArray at ","),
// GatewayProperties (prefix spring.cloud.gateway.server.webflux; spring.cloud.gateway before 4.3).
const DIR = "test/fixtures/policies/spring-cloud-gateway";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Spring Cloud Gateway Retry filter (shapes/spring-cloud-gateway.ts)", () => {
  it("application.yml: the default filter, args and the shortcut, at each filter's item; other filters hold none", () => {
    expect(find(fixture("application.yml"), "yaml", "application.yml")).toEqual({
      policies: [
        { at: "10:11", system: "spring-cloud-gateway", name: "spring.cloud.gateway (default-filters[1])", options: { attempts: "2" } },
        { at: "19:15", system: "spring-cloud-gateway", name: "retry_test (filters[0])", options: { attempts: "3", base: "10ms", cap: "50ms", factor: "2" } },
        // Retry=3,INTERNAL_SERVER_ERROR,GET,100ms,500ms,2,false: retries, statuses, methods, then the backoff.
        { at: "35:15", system: "spring-cloud-gateway", name: "retry_shortcut (filters[1])", options: { attempts: "3", base: "100ms", cap: "500ms", factor: "2" } },
        { at: "48:15", system: "spring-cloud-gateway", name: "jittered (filters[0])", options: { attempts: "4", base: "100ms", cap: "1s", jitter: "0.5" } },
      ],
      // Jitter over basedOnPreviousValue true (the default): each wait from the last draw.
      unresolved: [
        '65:33 walk (filters[0]): args.jitter.randomFactor of "walk (filters[0])" jitters a backoff based on the previous value (basedOnPreviousValue true, the default): each wait is factor × the last jittered wait, jittered again, so its mean is not computable from the file; with basedOnPreviousValue false the waits are firstBackoff × factor^(n − 1), each jittered on its own, and are checked',
      ],
      skipped: null,
    });
    const atOnce = recogniseFile({ name: "application.yml", text: fixture("application.yml"), kind: "yaml", named: false }).policies.map((p) => p.atOnce?.why ?? null);
    expect(atOnce[0]).toBe("no backoff: Spring Cloud Gateway retries at once (the Retry filter waits only with a backoff)");
    expect(atOnce.slice(1)).toEqual([null, null, null]);
  });

  it("a try's time is the response timeout NettyRoutingFilter puts on each call: the route's metadata, else the client's", () => {
    // NettyRoutingFilter.getResponseTimeout at 5227205c: metadata "response-timeout" in ms (a negative one: none);
    // one that is no whole number falls back to httpclient.response-timeout, a Spring duration.
    const yaml = (client: string, metadata: string) =>
      `spring:\n  cloud:\n    gateway:\n      server:\n        webflux:\n${client}          routes:\n          - id: orders\n            uri: http://orders\n${metadata}            filters:\n            - Retry=3\n`;
    const timing = (text: string) => recogniseFile({ name: "application.yml", text, kind: "yaml", named: false }).policies.map((p) => [p.options.attemptTime, p.timeouts]);
    const CLIENT = "          httpclient:\n            response-timeout: 5s\n";
    const client = { role: "attempt-time", field: "spring.cloud.gateway.server.webflux.httpclient.response-timeout", line: 7, column: 13 };
    expect(timing(yaml(CLIENT, ""))).toEqual([["5s", [client]]]);
    // The route's 200 ms wins; its key on line 12 (after metadata: on line 11).
    expect(timing(yaml(CLIENT, "            metadata:\n              response-timeout: 200\n"))).toEqual([["200ms", [{ role: "attempt-time", field: "metadata.response-timeout of the route", line: 12, column: 15 }]]]);
    // -1 switches it off for the route; "soon" is no Long: the client's applies.
    expect(timing(yaml(CLIENT, "            metadata:\n              response-timeout: -1\n"))).toEqual([[undefined, undefined]]);
    expect(timing(yaml(CLIENT, '            metadata:\n              response-timeout: "soon"\n'))).toEqual([["5s", [client]]]);
    // The key is a Map's, bound as written: responseTimeout is not the one RouteMetadataUtils reads.
    expect(timing(yaml("", "            metadata:\n              responseTimeout: 200\n"))).toEqual([[undefined, undefined]]);
    expect(timing(yaml("", ""))).toEqual([[undefined, undefined]]);
    expect(problem(yaml("          httpclient:\n            response-timeout: fast\n", ""), "yaml", "application.yml")).toMatch(/spring\.cloud\.gateway\.server\.webflux\.httpclient\.response-timeout must be a duration such as 5s or 5000 \(ms\), got the string "fast"$/);
  });

  it("application.properties: the server.webflux prefix, a shortcut and args in kebab case", () => {
    expect(find(fixture("application.properties"), "properties", "application.properties").policies).toEqual([
      { at: "5:1", system: "spring-cloud-gateway", name: "payments (filters[0])", options: { attempts: "5" } },
      { at: "9:1", system: "spring-cloud-gateway", name: "refunds (filters[1])", options: { attempts: "2", base: "1s", cap: "4s" } },
    ]);
  });

  const route = (filter: string) => `spring:\n  cloud:\n    gateway:\n      routes:\n        - id: r\n          filters:\n            - ${filter}\n`;

  it("the shortcut is positional, its empty values dropped; the name is matched exactly", () => {
    // "Retry=3,,GET": tokenizeToStringArray drops the empty value, GET lands in statuses: no backoff.
    expect(find(route("Retry=3,,GET")).policies[0]?.options).toEqual({ attempts: "3" });
    expect(find(route("Retry=2,BAD_GATEWAY,GET,1s")).policies[0]?.options).toEqual({ attempts: "2", base: "1s" });
    expect(find(route("retry=2")).policies).toEqual([]);
    expect(find(route("Retry")).policies[0]?.options).toEqual({ attempts: "3" });
    // The timeout (9th) read with a backoff and no jitter.
    expect(find(route("Retry=3,BAD_GATEWAY,GET,100ms,1s,2,false,0,2s")).policies[0]?.options).toEqual({ attempts: "3", base: "100ms", cap: "1s", factor: "2", jitter: "0", maxElapsed: "2s" });
  });

  it("refuses what the filter refuses, at the value", () => {
    // "            - " is 14 characters: the shortcut's text at column 15.
    expect(problem(route("Retry=0"))).toBe('f.yaml:7:15: retries (value 1 of "Retry=0") of "r (filters[0])" must be greater than 0 (RetryConfig.validate), got 0');
    expect(problem(route("Retry=3,BAD_GATEWAY,GET,100ms,50ms"))).toBe(
      'f.yaml:7:15: backoff.maxBackoff (value 5 of "Retry=3,BAD_GATEWAY,GET,100ms,50ms") of "r (filters[0])" must be >= firstBackoff (100ms), got 50ms (Backoff.exponential refuses it)',
    );
    expect(problem(route("{name: Retry, args: {backoff: {factor: 1.5}}}"))).toBe('f.yaml:7:54: args.backoff.factor of "r (filters[0])" must be a whole number (an int), got 1.5');
  });

  it("basedOnPreviousValue true or false: the same waits without jitter, as reactor-extra's Backoff.exponential computes them", async () => {
    // reactor-addons 865ac611 reactor-extra Backoff.exponential: true takes max(prev × factor, firstBackoff) from prev 0,
    // false firstBackoff × (long) factor^(iteration − 1), each cut at maxBackoff; AbstractRetry.calculateBackoff then
    // clamps to [firstBackoff, maxBackoff]. 10 ms ×3 to 100 ms, 4 retries: 10, 30, 90, 100 ms either way (230 ms);
    // factor 0: true 0 → 10 ms each time, false 10, then 10 × 0 floored at 10 ms: 40 ms either way.
    const filter = (previous: string, factor: number) => `{name: Retry, args: {retries: 4, backoff: {firstBackoff: 10ms, maxBackoff: 100ms, factor: ${factor}, basedOnPreviousValue: ${previous}}}}`;
    for (const previous of ["true", "false"]) expect(find(route(filter(previous, 3))).policies[0]?.options).toEqual({ attempts: "4", base: "10ms", cap: "100ms", factor: "3" });
    const dir = tempFiles({ "true.yml": route(filter("true", 3)), "false.yml": route(filter("false", 3)).replace("id: r", "id: s"), "zero.yml": route(filter("false", 0)).replace("id: r", "id: z") });
    expect((await checkFigures(dir)).byName).toEqual({
      "r (filters[0])": { retries: 4, worst: 230, best: 230, largest: 100 },
      "s (filters[0])": { retries: 4, worst: 230, best: 230, largest: 100 },
      "z (filters[0])": { retries: 4, worst: 40, best: 40, largest: 10 },
    });
    // With jitter, false is checked (each wait jittered on its own) and true is not computable, but with factor 0,
    // which multiplies the last draw away.
    expect(find(route("{name: Retry, args: {backoff: {firstBackoff: 100ms, factor: 0}, jitter: {randomFactor: 0.5}}}")).policies[0]?.options).toEqual({ attempts: "3", base: "100ms", factor: "1", jitter: "0.5" });
    expect(find(route("{name: Retry, args: {backoff: {firstBackoff: 100ms, basedOnPreviousValue: false}, jitter: {randomFactor: 0.5}}}")).policies[0]?.options).toEqual({ attempts: "3", base: "100ms", jitter: "0.5" });
    expect(find(route("{name: Retry, args: {backoff: {firstBackoff: 100ms, basedOnPreviousValue: true}, jitter: {randomFactor: 0.5}}}")).unresolved).toHaveLength(1);
  });

  it("check reports each filter with its waits", async () => {
    const { byName, code } = await checkFigures(DIR);
    expect(byName).toEqual({
      "payments (filters[0])": { retries: 5, worst: 0, best: 0, largest: 0 },
      // 1 s, 2 s.
      "refunds (filters[1])": { retries: 2, worst: 3_000, best: 3_000, largest: 2_000 },
      "spring.cloud.gateway (default-filters[1])": { retries: 2, worst: 0, best: 0, largest: 0 },
      // 10, 20, 40 ms.
      "retry_test (filters[0])": { retries: 3, worst: 70, best: 70, largest: 40 },
      // 100, 200, 400 ms (500 ms not reached).
      "retry_shortcut (filters[1])": { retries: 3, worst: 700, best: 700, largest: 400 },
      // 100, 200, 400, 800 ms, offsets 50, 100, 200, 400: 100–149, 100–299, 200–599, 400–999 (maxBackoff − 800 = 200).
      "jittered (filters[0])": { retries: 4, worst: 2_046, best: 800, largest: 999 },
    });
    expect(code).toBe(0);
  });
});

// RetryGatewayFilterFactory v5.0.3 (dd7de544): RetryConfig (retries, series, statuses, methods, exceptions, backoff,
// jitter, timeout, routeId), BackoffConfig (firstBackoff, maxBackoff, factor, basedOnPreviousValue), JitterConfig (randomFactor).
describe("Spring Cloud Gateway: args a Retry filter does not define (issue 36)", () => {
  const keys = (text: string, kind: "yaml" | "properties" = "yaml") =>
    recogniseFile({ name: kind === "yaml" ? "application.yml" : "application.properties", text, kind, named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const filter = (args: string, name = "Retry") => `spring:\n  cloud:\n    gateway:\n      routes:\n        - id: r\n          filters:\n            - name: ${name}\n              args:\n${args}`;
  it("retires and backoff.maxBackof, each at its key; the filter read with the defaults", () => {
    // Line 9 "                retires: 5" (key at column 17); line 12 "                  maxBackof: 50ms" (column 19).
    const text = filter("                retires: 5\n                backoff:\n                  firstBackoff: 10ms\n                  maxBackof: 50ms\n");
    expect(keys(text)).toEqual([
      '9:17: unknown key "retires" in a Spring Cloud Gateway Retry filter\'s args; did you mean "retries"? Spring Cloud Gateway uses its default, 3 retries',
      '12:19: unknown key "maxBackof" in a Retry filter\'s backoff; did you mean "maxBackoff"? the waits have no cap',
    ]);
    expect(find(text, "yaml", "application.yml").policies[0]!.options).toMatchObject({ attempts: "3" });
  });
  it("in .properties (relaxed names, the key meant in the style written); another filter's args are not judged", () => {
    // back-off binds as backoff (relaxed binding): no finding; metods and random-factr are none of the args.
    const text =
      "spring.cloud.gateway.routes[0].filters[0].name=Retry\nspring.cloud.gateway.routes[0].filters[0].args.jitter.random-factr=0.2\nspring.cloud.gateway.routes[0].filters[0].args.back-off.first-backoff=10ms\nspring.cloud.gateway.routes[0].filters[0].args.metods=GET\n";
    expect(keys(text, "properties")).toEqual([
      '4:1: unknown key "metods" in a Spring Cloud Gateway Retry filter\'s args; did you mean "methods"? Spring Cloud Gateway uses its default, GET only',
      '2:1: unknown key "random-factr" in a Retry filter\'s jitter; did you mean "random-factor"? Spring Cloud Gateway uses its default, 0.5',
    ]);
    expect(keys(filter("                retires: 5\n", "CircuitBreaker"))).toEqual([]);
  });
  it("zero findings on the fixtures, every arg spelt right", () => {
    expect(keys(fixture("application.yml"))).toEqual([]);
    expect(keys(fixture("application.properties"), "properties")).toEqual([]);
    expect(keys(filter("                retries: 2\n                series: SERVER_ERROR\n                statuses: BAD_GATEWAY\n                methods: GET,POST\n                exceptions: java.io.IOException\n                timeout: 1s\n                backoff: {firstBackoff: 10ms, maxBackoff: 50ms, factor: 2, basedOnPreviousValue: false}\n                jitter: {randomFactor: 0.5}\n"))).toEqual([]);
  });
});
