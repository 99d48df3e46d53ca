import { describe, expect, it } from "vitest";
import { builtPolicy, comparedStopOf, policyFromSpec } from "../../../src/cli/shared/policy-spec.js";
import { presetNames } from "../../../src/presets/registry.js";

// src/cli/shared/policy-spec.ts: a SPEC as compare reads it (a preset or strategy with key=value
// overrides; test/config/policy-spec.test.ts reads its text) built into what a comparison needs.

/** What a comparison reads from a built policy, the model as its first two delays. */
function read(policy: ReturnType<typeof builtPolicy>) {
  const { name, range, stop, rangeGiven, description, model } = policy;
  return { name, range, stop, rangeGiven, description, delays: [model.delay(1).delayMs, model.delay(2).delayMs] };
}

describe("policyFromSpec", () => {
  it("fixed:attempts=2: fixed 1 s (the default base) twice; the SPEC's attempts win over --attempts", () => {
    const expected = {
      name: "fixed:attempts=2",
      range: { first: 1, last: 2 },
      stop: { kind: "count", retries: 2, words: null },
      rangeGiven: true,
      description: { strategy: "fixed", base_ms: 1000, step_ms: 1000, cap_ms: null, first_attempt: 1, last_attempt: 2, jitter: "none", jittered: false },
      delays: [1000, 1000],
    };
    expect(read(policyFromSpec("fixed:attempts=2", undefined))).toEqual(expected);
    expect(read(policyFromSpec("fixed:attempts=2", "5"))).toEqual(expected);
  });

  it("a strategy alone takes --attempts; exponential 1 s × 2: 1000, 2000", () => {
    expect(read(policyFromSpec("exponential", "5"))).toMatchObject({ range: { first: 1, last: 5 }, stop: { kind: "count", retries: 5, words: null }, delays: [1000, 2000] });
  });

  it("a preset's overrides are its own parameters: bullmq:base=2s is backoff.delay 2000, attempts 3 + 1", () => {
    expect(read(policyFromSpec("bullmq:base=2s", "3"))).toMatchObject({
      range: { first: 1, last: 3 },
      stop: { kind: "count", retries: 3, words: null },
      rangeGiven: true,
      description: { preset: "bullmq", parameters: { type: "exponential", delay: 2000, jitter: 0, attempts: 4 }, jittered: false, cap_ms: null },
      delays: [2000, 4000],
    });
  });

  it("a library stopped by elapsed time keeps its own range and words (cenkalti: MaxElapsedTime, 24 retries without jitter)", () => {
    expect(read(policyFromSpec("cenkalti:jitter=0", undefined))).toMatchObject({
      range: { first: 1, last: 24 },
      stop: { kind: "elapsed", lastAttempt: 24, fewest: 24, most: 24, words: "MaxElapsedTime (15 min)" },
      rangeGiven: false,
      delays: [500, 750],
    });
  });

  it.each([
    ["fixd", 'compare "fixd": no preset or strategy "fixd"; did you mean fixed? (strategies: exponential, linear, fixed; backoff presets lists the presets)'],
    ["zzzzzz", `compare "zzzzzz": no preset or strategy "zzzzzz" (strategies: exponential, linear, fixed; presets: ${presetNames().join(", ")})`],
    ["linear:strategy=fixed", 'compare "linear:strategy=fixed": --strategy is the SPEC\'s own name here (linear); write linear:base=1s rather than linear:strategy=linear'],
    ["bullmq:strategy=wobbly", 'compare "bullmq:strategy=wobbly": --strategy must be one of exponential, linear, fixed, got "wobbly"'],
    ["fixed:base=-5", 'compare "fixed:base=-5": --base must be a positive duration, got "-5"'],
    ["fixed:max-elapsed=1m", 'compare "fixed:max-elapsed=1m": --max-elapsed applies only to presets with an elapsed-time limit'],
  ])("%j: the option's own message, after the SPEC", (spec, message) => {
    expect(() => policyFromSpec(spec, undefined)).toThrow(message);
  });
});

describe("builtPolicy", () => {
  it("an unknown preset is refused with the list", () => {
    expect(() => builtPolicy("x", { preset: "nope" })).toThrow(`no preset "nope"; the presets are ${presetNames().join(", ")}`);
  });
});

describe("comparedStopOf", () => {
  it("a plain count carries no words; a library's own wording, a time limit and never do", () => {
    expect(comparedStopOf({ kind: "count", retries: 3, text: "3 retries" })).toEqual({ kind: "count", retries: 3, words: null });
    expect(comparedStopOf({ kind: "count", retries: 1, text: "1 retry" })).toEqual({ kind: "count", retries: 1, words: null });
    expect(comparedStopOf({ kind: "count", retries: 5, text: "attempts 6 (5 retries)" })).toEqual({ kind: "count", retries: 5, words: "attempts 6 (5 retries)" });
    expect(comparedStopOf({ kind: "forever", text: "never gives up" })).toEqual({ kind: "forever", words: "never gives up" });
  });
});
