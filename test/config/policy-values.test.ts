import { describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPTS, POLICY_DEFAULTS, jitterFromValues, policyFromValues, rangeFromValues, strategyOf } from "../../src/config/policy-values.js";
import { normalizePolicy } from "../../src/core/policy.js";

describe("the defaults", () => {
  it("exponential from 1 s, attempts 1..10", () => {
    expect(POLICY_DEFAULTS).toEqual({ strategy: "exponential", base: "1s" });
    expect(DEFAULT_ATTEMPTS).toBe("1..10");
    expect(policyFromValues({})).toEqual(normalizePolicy({ strategy: "exponential", baseMs: 1000, capMs: null }));
    expect(rangeFromValues({})).toEqual({ first: 1, last: 10 });
  });
});

describe("strategyOf and policyFromValues", () => {
  it("each value read by its option, the step and factor only when given", () => {
    expect(strategyOf({ strategy: "linear" })).toBe("linear");
    expect(policyFromValues({ strategy: "linear", base: "250ms", step: "1s", cap: "5s" })).toEqual({ strategy: "linear", baseMs: 250, factor: 2, stepMs: 1000, capMs: 5000 });
    expect(policyFromValues({ base: "100", factor: "1.5" })).toEqual({ strategy: "exponential", baseMs: 100, factor: 1.5, stepMs: 100, capMs: null });
  });

  it("refuses a factor for another strategy, a cap below the base (a bare number's seconds suggested), a strategy not known", () => {
    expect(() => policyFromValues({ strategy: "fixed", factor: "3" })).toThrow("--factor applies only to --strategy exponential, not fixed");
    expect(() => policyFromValues({ base: "2s", cap: "5" })).toThrow("--cap (5, read as 5 ms) must be at least --base (2s); did you mean 5s?");
    expect(() => strategyOf({ strategy: "quadratic" })).toThrow('--strategy must be one of exponential, linear, fixed, got "quadratic"');
  });
});

describe("jitterFromValues", () => {
  const capped = normalizePolicy({ baseMs: 1000, capMs: 30_000 });

  it("none unless given; the seed with it", () => {
    expect(jitterFromValues({}, capped)).toEqual({ jitter: { kind: "none" }, seed: null });
    expect(jitterFromValues({ jitter: "full", seed: "42" }, capped)).toEqual({ jitter: { kind: "full" }, seed: 42 });
  });

  it("a seed needs jitter to sample; decorrelated needs a cap", () => {
    expect(() => jitterFromValues({ seed: "42" }, capped)).toThrow("--seed draws a sample of the jitter, so it needs --jitter (full, equal, decorrelated or a fraction such as 0.2)");
    expect(() => jitterFromValues({ jitter: "decorrelated" }, normalizePolicy({ baseMs: 1000 }))).toThrow(/^--jitter decorrelated needs --cap/);
  });
});

describe("rangeFromValues", () => {
  it("--attempts as a count or a range", () => {
    expect(rangeFromValues({ attempts: "4" })).toEqual({ first: 1, last: 4 });
    expect(rangeFromValues({ attempts: "3..8" })).toEqual({ first: 3, last: 8 });
  });
});
