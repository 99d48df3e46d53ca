import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { runCli } from "../../support/cli.js";
import { find, problem } from "../../support/recognise.js";

// Dapr v1.18.3 and main at d8450742: pkg/apis/resiliency/v1alpha1/types.go (Retry: policy, duration,
// maxInterval, maxRetries, matching), pkg/resiliency/resiliency.go decodePolicies (retry.DefaultConfig, the
// built-in names held to 3 retries, DaprBuiltInActorNotFoundRetries protected), dapr/kit retry/retry.go
// NewBackOff (WithMaxRetries only for MaxRetries >= 0) and config/decode.go (bare digits are ms).
const DIR = "test/fixtures/policies/dapr";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Dapr Resiliency (shapes/dapr.ts)", () => {
  it("resiliency.yaml: each spec.policies.retries entry at its name's key; the Component before it holds none", () => {
    expect(find(fixture("resiliency.yaml"), "yaml", "resiliency.yaml")).toEqual({
      policies: [
        // Inbound of statestore: timeouts.important, "60000" bare digits = 60 s.
        { at: "26:7", system: "dapr", name: "order-resiliency/pubsubRetry", options: { base: "5s", attempts: "10", attemptTime: "60s" } },
        // maxRetries −1: no count (MaxElapsedTime 15 min still stops it); outbound of statestore: general 5 s.
        { at: "30:7", system: "dapr", name: "order-resiliency/retryForever", options: { strategy: "exponential", cap: "15s", attemptTime: "5s" } },
        { at: "34:7", system: "dapr", name: "order-resiliency/important", options: { base: "500ms", attempts: "30", attemptTime: "5s" } },
        // Nothing given: DefaultConfig's constant 5 s, maxRetries −1.
        { at: "38:7", system: "dapr", name: "order-resiliency/defaults", options: {} },
        // A built-in's maxRetries 1 is below 3: reset to 3.
        { at: "39:7", system: "dapr", name: "order-resiliency/DaprBuiltInServiceRetries", options: { base: "2s", attempts: "3" } },
        { at: "43:7", system: "dapr", name: "order-resiliency/noRetry", options: { attempts: "0" }, disabled: true },
      ],
      unresolved: [],
      skipped: null,
    });
    const timeouts = recogniseFile({ name: "r.yaml", text: fixture("resiliency.yaml"), kind: "yaml", named: false }).policies.map((p) => p.timeouts?.map((t) => `${t.field} ${t.role}`));
    expect(timeouts).toEqual([["timeouts.important attempt-time"], ["timeouts.general attempt-time"], ["timeouts.general attempt-time"], undefined, undefined, undefined]);
  });

  it("timeouts-only.yaml: a Resiliency with timeouts and circuit breakers only, and a Configuration: nothing", () => {
    expect(find(fixture("timeouts-only.yaml"), "yaml", "timeouts-only.yaml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const resiliency = (retry: string, name = "r") => `apiVersion: dapr.io/v1alpha1\nkind: Resiliency\nmetadata: {name: res}\nspec:\n  policies:\n    retries:\n      ${name}: ${retry}\n`;
  const options = (retry: string, name = "r") => find(resiliency(retry, name)).policies[0];

  it("reads Dapr's spellings: policy in any case, bare digits as ms, any negative maxRetries as no limit", () => {
    expect(options("{policy: Exponential, maxInterval: 1m30s}")?.options).toEqual({ strategy: "exponential", cap: "90s" });
    expect(options('{duration: "250", maxRetries: 2}')?.options).toEqual({ base: "250ms", attempts: "2" });
    expect(options("{maxRetries: -5}")?.options).toEqual({});
    // duration is the constant policy's, maxInterval the exponential's: each ignored by the other.
    expect(options("{policy: exponential, duration: 3s}")?.options).toEqual({ strategy: "exponential" });
    expect(options("{policy: constant, maxInterval: 3s}")?.options).toEqual({});
    // An empty string is left out by omitempty: the default.
    expect(options('{policy: "", duration: ""}')?.options).toEqual({});
    // Every built-in below 3 retries, unset (−1) included, is read as 3; at 3 or above it is as given.
    expect(options("{policy: exponential}", "DaprBuiltInActorReminderRetries")?.options).toEqual({ strategy: "exponential", attempts: "3" });
    expect(options("{maxRetries: 7}", "DaprBuiltInActorRetries")?.options).toEqual({ attempts: "7" });
  });

  it("a constant policy with duration 0 retries at once, forever when maxRetries says no limit", () => {
    const result = recogniseFile({ name: "f.yaml", text: resiliency("{duration: 0s, maxRetries: 4}"), kind: "yaml", named: false });
    expect(result.policies[0]).toMatchObject({ options: { attempts: "4" }, atOnce: { why: "duration 0: Dapr's constant policy retries at once" } });
    expect(result.policies[0]?.forever).toBeUndefined();
    const forever = recogniseFile({ name: "f.yaml", text: resiliency('{duration: "0"}'), kind: "yaml", named: false });
    expect(forever.policies[0]).toMatchObject({ options: {}, forever: true });
  });

  it("refuses what Dapr refuses or ignores, at the value or the key", () => {
    // "      r: {" is 10 characters: the first key inside at column 11.
    expect(problem(resiliency("{policy: linear}"))).toBe('f.yaml:7:19: policy of retry policy "res/r" must be constant or exponential, got the string "linear"; Dapr then refuses the whole Resiliency');
    expect(problem(resiliency("{duration: 5}"))).toBe('f.yaml:7:21: duration of retry policy "res/r" must be a string, a duration such as "5s" or "500ms", or digits in quotes (milliseconds), got 5');
    expect(problem(resiliency("{duration: 5 seconds}"))).toBe('f.yaml:7:21: duration of retry policy "res/r" must be a duration such as "5s" or "500ms", or digits in quotes (milliseconds), got the string "5 seconds"');
    expect(problem(resiliency('{maxRetries: "3"}'))).toBe('f.yaml:7:23: maxRetries of retry policy "res/r" must be a whole number (−1 for no limit), got the string "3"');
    expect(problem(resiliency("{policy: exponential, maxInterval: 0s}"))).toMatch(/^f\.yaml:7:45: maxInterval of retry policy "res\/r" is zero: every retry after the first would be made at once/);
    // A field the CRD does not have is an unknown key (below), not an invalid policy: the policy is read without it.
    expect(find(resiliency("{policy: exponential, initialInterval: 1s}")).policies.map((p) => p.options)).toEqual([{ strategy: "exponential" }]);
    expect(problem(resiliency("{maxRetries: 9}", "DaprBuiltInActorNotFoundRetries"))).toBe(
      "f.yaml:7:7: retry policy DaprBuiltInActorNotFoundRetries is protected: Dapr ignores this override and keeps its own (constant 1 s, 5 retries)",
    );
  });

  it("a placeholder is left to where it is rendered", () => {
    expect(find(resiliency('{maxRetries: "{{ .Values.retries }}"}')).unresolved).toEqual([
      '7:23 res/r: maxRetries of retry policy "res/r" is a placeholder, "{{ .Values.retries }}"; its value is known only where it is rendered',
    ]);
  });

  it("a retry named by targets with different timeouts gets no try time", () => {
    const text =
      resiliency("{maxRetries: 2}") +
      "    timeouts: {fast: 1s, slow: 9s}\n  targets:\n    apps:\n      a: {retry: r, timeout: fast}\n      b: {retry: r, timeout: slow}\n";
    expect(find(text).policies[0]?.options).toEqual({ attempts: "2" });
  });

  it("check reports each policy with Dapr's back-off", async () => {
    const { byName, disabled, code } = await checkFigures(`${DIR}/resiliency.yaml`);
    const { "order-resiliency/retryForever": forever, ...rest } = byName;
    // MaxElapsedTime counts the tries' 5 s too (cenkalti's elapsed is the clock's; core/deadline): all draws low (I/2), the
    // 9 intervals below 15 s halved add up to 18.72 s, then 7.5 s each, so retry a (a ≥ 9) would start at
    // 5a + 18.72 + 7.5(a − 9) = 12.5a − 48.78 s, within 900 s up to a = 75 (with tries of no time: 126). Worst total: the
    // waits up to the 900 s limit, plus 76 tries × 5 s; largest 15 s × 1.5 (+1 ns).
    expect(forever).toMatchObject({ retries: 75, worst: 1_280_000, largest: 22_501 });
    expect(rest).toEqual({
      // 10 × 5 s = 50 s (the best case, tries that fail at once), and 11 tries × 60 s.
      "order-resiliency/pubsubRetry": { retries: 10, worst: 710_000, best: 50_000, bestWithTries: 710_000, largest: 5_000 },
      // 30 × 500 ms = 15 s, and 31 tries × 5 s.
      "order-resiliency/important": { retries: 30, worst: 170_000, best: 15_000, bestWithTries: 170_000, largest: 500 },
      // Forever: no count and no total in JSON (retries null since 1b2b21c), the largest wait 5 s.
      "order-resiliency/defaults": { retries: null, worst: null, best: null, largest: 5_000 },
      "order-resiliency/DaprBuiltInServiceRetries": { retries: 3, worst: 6_000, best: 6_000, largest: 2_000 },
    } as never);
    expect(disabled).toEqual(["order-resiliency/noRetry"]);
    expect(code).toBe(0);
  });

  it("the exponential policy's stop is said in Dapr's terms; --max-total fails the forever policy", async () => {
    const result = await runCli(["check", `${DIR}/resiliency.yaml`, "--max-total", "30m"]);
    expect(result.stdout).toContain("dapr stops by MaxElapsedTime (15 min) after 46 to 126 retries, as the jitter falls");
    expect(result.stdout).toContain("dapr retries forever (maxRetries −1)");
    expect(result.code).toBe(1);
  });
});

// Issue 36, item 1: the fields of dapr/dapr pkg/apis/resiliency/v1alpha1/types.go Retry (2e240173) and Dapr 1.14's matching.
describe("Dapr: keys a retry policy does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "r.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const resiliency = (retry: string) => `apiVersion: dapr.io/v1alpha1\nkind: Resiliency\nmetadata: {name: res}\nspec:\n  policies:\n    retries:\n      r: ${retry}\n`;
  it("maxRetrys and initialInterval, named with the field meant where one is near; the fields spelt right give none", () => {
    expect(keys(resiliency("{policy: exponential, maxRetrys: 3}"))).toEqual(['7:32: unknown key "maxRetrys" in a Dapr retry policy; did you mean "maxRetries"? Dapr uses its default, retrying without a count limit']);
    expect(keys(resiliency("{policy: constant, durtion: 2s}"))).toEqual(['7:29: unknown key "durtion" in a Dapr retry policy; did you mean "duration"? Dapr uses its default constant duration, 5 s']);
    expect(keys(resiliency("{policy: exponential, initialInterval: 1s}"))).toEqual([
      "7:32: unknown key \"initialInterval\" in a Dapr retry policy; the API server refuses it; self-hosted Dapr drops it (the exponential policy's 500 ms start, ×1.5, ±50 % and 15 min limit are fixed)",
    ]);
    expect(keys(resiliency("{policy: exponential, duration: 1s, maxInterval: 10s, maxRetries: 3, matching: {httpStatusCodes: '500-599'}}"))).toEqual([]);
  });
  it("zero findings on the fixture, which is right", () => {
    expect(keys(fixture("resiliency.yaml"))).toEqual([]);
  });
});
