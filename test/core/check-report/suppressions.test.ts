import { describe, expect, it } from "vitest";
import type { Finding } from "../../../src/core/check-report/finding.js";
import { type SuppressionComment, SuppressionUse } from "../../../src/core/check-report/suppressions.js";

// src/core/check-report/suppressions.ts: findings set off by the comments on their policy's lines, and the findings about the comments.
const finding = (rule: string): Finding => ({ rule, kind: "lint", level: "warning", location: { file: "f.yaml", line: 3, column: 3 }, policy: null, message: "m" });
const comment = (rules: string[], reason: string | null, line = 4): SuppressionComment => ({ file: "f.yaml", line, column: 7, rules, reason, alone: false });

describe("SuppressionUse", () => {
  it("suppresses a finding whose rule the first applicable comment names, keeping the comment's place and reason", () => {
    const use = new SuppressionUse();
    const c = comment(["no-cap"], "why");
    expect(use.apply(finding("no-cap"), [c]).suppression).toEqual({ file: "f.yaml", line: 4, column: 7, reason: "why" });
    expect(use.apply(finding("early-cap"), [c]).suppression).toBeUndefined();
    expect(use.apply(finding("no-cap"), undefined).suppression).toBeUndefined();
    expect(use.findings([c])).toEqual([]);
  });

  it("reports a comment without a reason, a rule that suppressed nothing, a misspelt rule and a comment naming none", () => {
    const use = new SuppressionUse();
    const noReason = comment(["no-cap", "max-total", "no-capp"], null);
    use.apply(finding("no-cap"), [noReason]);
    const empty = comment([], "x", 9);
    expect(use.findings([noReason, empty]).map((f) => [f.rule, f.location.line, f.message])).toEqual([
      ["suppression-without-reason", 4, 'backoff-ignore no-cap, max-total, no-capp gives no reason: say why after " -- "'],
      ["unused-suppression", 4, "backoff-ignore max-total suppresses nothing: no max-total finding for a policy on this line or the next"],
      ["unused-suppression", 4, "backoff-ignore no-capp: no such rule; did you mean no-cap?"],
      ["unused-suppression", 9, "backoff-ignore names no rule: name the rules it suppresses (backoff-ignore no-cap -- why)"],
    ]);
  });
});
