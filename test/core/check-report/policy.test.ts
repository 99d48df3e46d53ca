import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/core/check.js";
import { policyCount, policyFails, retriesForever, warningFailsIn } from "../../../src/core/check-report/policy.js";

// src/core/check-report/policy.ts: what the model decides of a checked policy.
const result = (partial: Partial<CheckResult>): CheckResult => ({
  assertions: [],
  warnings: [],
  bestTotalMs: 7000,
  worstTotalMs: 7000,
  worstDelayMs: 4000,
  worstDelayAttempt: 3,
  ...partial,
});
const noCap = { lint: "no-cap", attempt: 3, delayMs: 4000 } as const;

describe("policyFails and warningFailsIn", () => {
  it("a broken limit fails; a warning only under strictness or when its lint is raised to an error", () => {
    expect(policyFails({ result: result({ assertions: [{ limit: "max-total", limitValue: 5000, actual: 7000, ok: false, attempt: 3 }] }) }, false)).toBe(true);
    const warned = { result: result({ warnings: [noCap] }) };
    expect([policyFails(warned, false), policyFails(warned, true)]).toEqual([false, true]);
    expect([warningFailsIn(warned, noCap, false), warningFailsIn(warned, noCap, true)]).toEqual([false, true]);
    const raised = { result: result({ warnings: [noCap], errorLints: ["no-cap"] }) };
    expect([warningFailsIn(raised, noCap, false), policyFails(raised, false)]).toEqual([true, true]);
  });
});

describe("retriesForever and policyCount", () => {
  it("no bound in the best case either: it retries forever, and has no count", () => {
    const forever = { result: result({ bestTotalMs: null, worstTotalMs: null }), attempts: 10 };
    expect(retriesForever(forever)).toBe(true);
    expect(policyCount(forever)).toEqual({ retries: null });
    // The tries beside the retries where the library counts tries: 3 retries are 4 tries.
    expect(policyCount({ result: result({}), attempts: 3, terms: { name: "r4j", rule: "", cap: null, limits: [], jitter: null, countsTries: true } })).toEqual({ retries: 3, tries: 4 });
    expect(policyCount({ result: result({}), attempts: 3 })).toEqual({ retries: 3 });
  });

  it("waits decided by code: forever only when the count has no bound", () => {
    const unknown = (actual: number | null) => ({
      result: result({ waitsUnknown: true, bestTotalMs: null, worstTotalMs: null, assertions: [{ limit: "max-attempts", limitValue: 5, actual, ok: actual !== null, attempt: null }] }),
    });
    expect([retriesForever(unknown(null)), retriesForever(unknown(3))]).toEqual([true, false]);
  });
});
