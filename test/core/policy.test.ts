/** The retry policy (src/core/policy.ts): defaults, the checks and their messages. */
import { describe, expect, it } from "vitest";
import { DEFAULT_FACTOR, STRATEGIES, checkAttempt, linearComparison, normalizePolicy } from "../../src/core/policy.js";

describe("normalizePolicy", () => {
  it("fills the defaults: exponential, factor 2, the step the base, no cap", () => {
    expect([STRATEGIES, DEFAULT_FACTOR]).toEqual([["exponential", "linear", "fixed"], 2]);
    expect(normalizePolicy({ baseMs: 100 })).toEqual({ strategy: "exponential", baseMs: 100, factor: 2, stepMs: 100, capMs: null });
    expect(normalizePolicy({ strategy: "linear", baseMs: 100, stepMs: 50, factor: 1, capMs: 1000 })).toEqual({
      strategy: "linear",
      baseMs: 100,
      factor: 1,
      stepMs: 50,
      capMs: 1000,
    });
  });

  it("names the field it refuses", () => {
    expect(() => normalizePolicy({ strategy: "weird" as never, baseMs: 100 })).toThrow(new RangeError("strategy must be one of exponential, linear, fixed, got weird"));
    expect(() => normalizePolicy({ baseMs: 0 })).toThrow(new RangeError("baseMs must be a positive finite number, got 0"));
    expect(() => normalizePolicy({ baseMs: Infinity })).toThrow(new RangeError("baseMs must be a positive finite number, got Infinity"));
    expect(() => normalizePolicy({ baseMs: 100, factor: 0.5 })).toThrow(new RangeError("factor must be a finite number of at least 1, got 0.5"));
    expect(() => normalizePolicy({ baseMs: 100, stepMs: -1 })).toThrow(new RangeError("stepMs must be a positive finite number, got -1"));
    expect(() => normalizePolicy({ baseMs: 100, capMs: 0 })).toThrow(new RangeError("capMs must be a positive finite number or null, got 0"));
    expect(() => normalizePolicy({ baseMs: 100, capMs: 50 })).toThrow(new RangeError("capMs (50) must be at least baseMs (100)"));
  });
});

describe("checkAttempt and linearComparison", () => {
  it("attempts are safe whole numbers from 1", () => {
    expect(() => checkAttempt(1)).not.toThrow();
    expect(() => checkAttempt(Number.MAX_SAFE_INTEGER)).not.toThrow();
    for (const attempt of [0, 1.5, 2 ** 53, Number.NaN]) {
      expect(() => checkAttempt(attempt)).toThrow(new RangeError(`attempt must be a whole number from 1, got ${String(attempt)}`));
    }
  });

  it("the comparison column is the linear schedule with the same base, step and cap", () => {
    const policy = normalizePolicy({ baseMs: 100, factor: 3, stepMs: 40, capMs: 900 });
    expect(linearComparison(policy)).toEqual({ strategy: "linear", baseMs: 100, factor: 3, stepMs: 40, capMs: 900 });
  });
});
