import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/core/check.js";
import type { Finding } from "../../../src/core/check-report/finding.js";
import { findingsAtLevels, policyAtLevels } from "../../../src/core/check-report/rule-levels.js";
import type { FilePolicyReport } from "../../../src/core/check-report/policy.js";

// src/core/check-report/rule-levels.ts: a repository config's level per rule applied to a policy and to findings.
const result: CheckResult = {
  assertions: [{ limit: "max-total", limitValue: 60_000, actual: 121_000, ok: false, attempt: 6 }],
  warnings: [
    { lint: "no-cap", delayMs: 64_000, attempt: 7 },
    { lint: "over-a-day", worstTotalMs: 90_000_000 },
  ],
  errorLints: ["over-a-day"],
  bestTotalMs: 121_000,
  worstTotalMs: 121_000,
  worstDelayMs: 64_000,
  worstDelayAttempt: 7,
} as CheckResult;
const policy: FilePolicyReport = { file: "a.json", line: 1, column: 1, system: "backoff", systemLabel: "backoff config", name: "p", preset: null, options: {}, attempts: 7, attemptTimeMs: 0, jittered: false, note: null, result };

describe("policyAtLevels", () => {
  it("drops what is off, raises lints set to error, lowers those set to warning", () => {
    const levels: Record<string, "error" | "warning" | "off"> = { "max-total": "off", "no-cap": "error", "over-a-day": "warning" };
    const p = policyAtLevels(policy, (_file, rule) => levels[rule]);
    expect(p.result.assertions).toEqual([]);
    expect(p.result.warnings.map((w) => w.lint)).toEqual(["no-cap", "over-a-day"]);
    expect(p.result.errorLints).toEqual(["no-cap"]);
  });

  it("leaves a policy no level names as it is (the same object)", () => {
    expect(policyAtLevels(policy, () => undefined)).toBe(policy);
  });
});

describe("findingsAtLevels", () => {
  const at = (rule: string, level: Finding["level"], file = "a.json"): Finding => ({ rule, kind: "lint", level, location: { file, line: 1, column: 1 }, policy: null, message: "m" });
  it("per file: off dropped, a level set, a note kept a note", () => {
    const levelOf = (file: string, rule: string) => (file === "b.json" && rule === "no-cap" ? ("off" as const) : rule === "no-cap" ? ("error" as const) : rule === "retry-limit" ? ("error" as const) : undefined);
    const out = findingsAtLevels([at("no-cap", "warning"), at("no-cap", "warning", "b.json"), at("retry-limit", "note"), at("early-cap", "warning")], levelOf);
    expect(out.map((f) => [f.rule, f.location.file, f.level])).toEqual([
      ["no-cap", "a.json", "error"],
      ["retry-limit", "a.json", "note"],
      ["early-cap", "a.json", "warning"],
    ]);
  });
});
