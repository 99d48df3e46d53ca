/** The option values a command works from (src/config/option-values.ts). */
import { describe, expect, it } from "vitest";
import { CHECK_DEFAULT_ATTEMPTS, OPTION_KEYS, POLICY_KEYS, checkedCount, limitsFromOptions, mergeOptions, parseAssertValue, parseCount } from "../../src/config/option-values.js";

describe("option keys", () => {
  it("the policy keys, the assert options, clients, maxElapsed and the Retry-After options", () => {
    expect(POLICY_KEYS).toEqual(["strategy", "base", "cap", "factor", "step", "attempts", "jitter", "preset", "seed"]);
    expect(OPTION_KEYS).toEqual([
      ...POLICY_KEYS,
      "maxTotal", "minTotal", "maxDelay", "minFirst", "maxFirst", "maxAttempts", "maxGiveUp", "attemptTime", "deadline", "unreachableRetries",
      "clients", "maxElapsed", "retryAfter", "maxRetryAfter",
    ]);
    expect(CHECK_DEFAULT_ATTEMPTS).toBe("10");
  });
});

describe("parsing", () => {
  it("parseCount: a whole number from 1 up to 2^53 − 1", () => {
    expect(parseCount("--clients", "5")).toBe(5);
    expect(() => parseCount("--clients", "0")).toThrow('--clients must be at least 1, got "0"');
    expect(() => parseCount("--clients", "99999999999999999")).toThrow('--clients must be at most 9007199254740991, got "99999999999999999"');
    expect(() => parseCount("--clients", "five")).toThrow('--clients must be a whole number such as 5, got "five"');
  });

  it("parseAssertValue: a count or a duration, as the key's flag takes it", () => {
    expect(parseAssertValue("max-attempts", "max-attempts", "3")).toBe(3);
    expect(parseAssertValue("max-total", "--max-total", "1.5s")).toBe(1500);
  });

  it("limitsFromOptions: the limits by their assert key, the try time, deadline and levels apart, the rest left alone", () => {
    expect(limitsFromOptions({ maxTotal: "1m", maxAttempts: "5", attemptTime: "200ms", deadline: "3s", base: "100" })).toEqual({
      limits: { "max-total": 60_000, "max-attempts": 5 },
      attemptTimeMs: 200,
      deadlineMs: 3000,
      levels: {},
    });
    expect(limitsFromOptions({})).toEqual({ limits: {}, attemptTimeMs: 0, deadlineMs: null, levels: {} });
    expect(() => limitsFromOptions({ minFirst: "soon" })).toThrow('--min-first must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "soon"');
  });
});

describe("mergeOptions", () => {
  it("flags override the file, the file overrides the defaults", () => {
    expect(mergeOptions({ base: "1s", attempts: "10", strategy: "exponential" }, { base: "2s", cap: "1m", attempts: "5" }, { attempts: "3" })).toEqual({
      base: "2s", attempts: "3", strategy: "exponential", cap: "1m",
    });
  });
});

describe("checkedCount", () => {
  it("--attempts for check is a count of retries: 8 is 8, 1..8 the same count; a range that starts later is refused", () => {
    expect(checkedCount("8")).toBe(8);
    expect(checkedCount("1..8")).toBe(8);
    expect(() => checkedCount("3..8")).toThrow('--attempts for check is a count of retries such as 8, not a range, got "3..8"');
  });
});
