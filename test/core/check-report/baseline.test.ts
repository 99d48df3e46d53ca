import { describe, expect, it } from "vitest";
import { applyBaseline, baselineEntries } from "../../../src/core/check-report/baseline.js";
import type { Finding } from "../../../src/core/check-report/finding.js";

// src/core/check-report/baseline.ts: findings recorded by file, system, policy and rule (not the line), matched as many times as recorded.
const f = (rule: string, line: number, level: Finding["level"] = "error"): Finding => ({ rule, kind: "limit", level, location: { file: "a.yaml", line, column: 1 }, policy: { name: "p", system: "istio", systemLabel: "Istio" }, message: "m" });

describe("baseline", () => {
  it("records errors and warnings, not notes nor suppressed ones, sorted", () => {
    const suppressed = { ...f("no-cap", 1, "warning"), suppression: { file: "a.yaml", line: 1, column: 1, reason: null } };
    expect(baselineEntries([f("no-jitter", 9, "warning"), f("max-total", 3), f("retry-limit", 4, "note"), suppressed])).toEqual([
      { file: "a.yaml", system: "istio", policy: "p", rule: "max-total" },
      { file: "a.yaml", system: "istio", policy: "p", rule: "no-jitter" },
    ]);
  });

  it("matches whatever the line, each entry once; the rest are new, the unmatched entries gone", () => {
    const entries = [{ file: "a.yaml", system: "istio", policy: "p", rule: "max-total" }, { file: "a.yaml", system: "istio", policy: "q", rule: "max-total" }];
    const { findings, matched, gone } = applyBaseline([f("max-total", 30), f("max-total", 31)], entries);
    expect(findings.map((x) => x.baselined === true)).toEqual([true, false]);
    expect([matched, gone]).toEqual([1, 1]);
  });
});
