import { describe, expect, it } from "vitest";
import { atOnceRule, checkAtOnce, checkChoice, checkCountOnly, inFileTerms } from "../../src/config/check-choice.js";

// src/config/check-choice.ts: which check a found policy gets, and the two checks that need no
// wait from its model (test/cli/check/scan-file.test.ts checks them through whole files).

const ARGO = { name: "argo", defaultRetries: null, defaultAttempts: 7 };
const COUNTED = { name: "resilience4j", defaultRetries: 2, defaultAttempts: 2 };

describe("checkChoice", () => {
  it("at once when the system makes no wait, the count alone when code decides the waits, else the values", () => {
    expect(checkChoice({ atOnce: { why: "no backoff" } })).toEqual({ kind: "at-once", why: "no backoff", forever: false });
    expect(checkChoice({ atOnce: { why: "no limit" }, forever: true })).toEqual({ kind: "at-once", why: "no limit", forever: true });
    expect(checkChoice({ waitsFrom: { why: "waits decided by com.example.Backoff" } })).toEqual({ kind: "count-only", why: "waits decided by com.example.Backoff" });
    expect(checkChoice({})).toEqual({ kind: "values" });
    expect(checkChoice({ forever: true })).toEqual({ kind: "values" });
  });
});

describe("checkAtOnce", () => {
  it("the file's count over zero waits: 3 retries of 0 ms add up to 0", () => {
    const checked = checkAtOnce({ attempts: "3" }, { why: "no backoff", forever: false }, ARGO);
    expect(checked).toMatchObject({ attempts: 3, attemptTimeMs: 0, deadlineMs: null, jittered: false, note: "no backoff" });
    expect([checked.result.bestTotalMs, checked.result.worstTotalMs]).toEqual([0, 0]);
  });

  it("forever: over the preset's default attempts (10 without a preset), no total without a deadline", () => {
    const forever = checkAtOnce({}, { why: "no limit", forever: true }, ARGO);
    expect([forever.attempts, forever.result.bestTotalMs, forever.result.worstTotalMs]).toEqual([7, null, null]);
    expect(checkAtOnce({}, { why: "no limit", forever: true }, undefined).attempts).toBe(10);
  });

  it("the timeouts are read as flags are: --attempt-time 2s, --deadline 30s", () => {
    expect(checkAtOnce({ attempts: "1", attemptTime: "2s", deadline: "30s" }, { why: "no backoff", forever: false }, undefined)).toMatchObject({ attemptTimeMs: 2000, deadlineMs: 30000 });
  });

  it("--clients is read as a count", () => {
    expect(() => checkAtOnce({ clients: "0" }, { why: "no backoff", forever: false }, undefined)).toThrow('--clients must be at least 1, got "0"');
  });
});

describe("atOnceRule", () => {
  it("a policy without a count says the preset retries forever; else the report's note", () => {
    expect(atOnceRule({ why: "no limit", forever: true }, ARGO)).toBe("argo retries forever (no retryStrategy.limit)");
    expect(atOnceRule({ why: "no backoff", forever: false }, ARGO)).toBe("no backoff");
  });
});

describe("checkCountOnly", () => {
  it("the file's count, else the preset's default; the waits unknown, so no total", () => {
    const given = checkCountOnly({ attempts: "5" }, "waits decided by code", COUNTED);
    expect(given).toMatchObject({ attempts: 5, attemptTimeMs: 0, deadlineMs: null, jittered: false, note: "waits decided by code" });
    expect([given.result.bestTotalMs, given.result.worstTotalMs]).toEqual([null, null]);
    expect(checkCountOnly({}, "waits decided by code", COUNTED).attempts).toBe(2);
  });

  it("no count at all: forever, over the preset's default attempts", () => {
    expect(checkCountOnly({}, "waits decided by code", ARGO).attempts).toBe(7);
  });
});

describe("inFileTerms", () => {
  const LEVERS = { cap: "MaxDelaySeconds in the retrier", limits: ["MaxAttempts in the retrier"], jitter: "JitterStrategy in the retrier" };

  it("each lever the preset has is named by the file's key; the rule and the name are kept", () => {
    const terms = { name: "aws-step-functions", rule: "stops after 3 retries", cap: "--cap", limits: ["--attempts"], jitter: "--jitter", countsTries: true };
    expect(inFileTerms(terms, LEVERS)).toEqual({ name: "aws-step-functions", rule: "stops after 3 retries", cap: "MaxDelaySeconds in the retrier", limits: ["MaxAttempts in the retrier"], jitter: "JitterStrategy in the retrier", countsTries: true });
  });

  it("a lever the preset lacks stays absent, whatever the file offers", () => {
    expect(inFileTerms({ name: "x", rule: "r", cap: null, limits: [], jitter: null }, LEVERS)).toEqual({ name: "x", rule: "r", cap: null, limits: [], jitter: null });
  });
});
