import { describe, expect, it } from "vitest";
import { LIMIT_NAMES, LINT_NAMES } from "../../../src/core/check.js";
import { CHAIN_RULES, INVALID_RULE, POLICY_RULES, RETRIES_EVERYTHING_RULE, RETRIES_OVERLOAD_RULE, RETRY_LIMIT_RULE, UNKNOWN_KEY_RULE, UNREADABLE_RULE } from "../../../src/core/check-report/rules.js";

// src/core/check-report/rules.ts: the rules findings are reported under, as SARIF lists them.
describe("the rules of a check", () => {
  it("every limit (an error), every lint (a warning), an invalid policy (an error), an unknown key (an error), an unreadable file (an error), a retry limit (a note), what is retried (two warnings, issue 41), the suppressions' two (warnings), in that order", () => {
    expect(POLICY_RULES.map((rule) => [rule.id, rule.level])).toEqual([
      ...LIMIT_NAMES.map((id) => [id, "error"]),
      ...LINT_NAMES.map((id) => [id, "warning"]),
      [INVALID_RULE, "error"],
      [UNKNOWN_KEY_RULE, "error"],
      [UNREADABLE_RULE, "error"],
      [RETRY_LIMIT_RULE, "note"],
      [RETRIES_OVERLOAD_RULE, "warning"],
      [RETRIES_EVERYTHING_RULE, "warning"],
      ["suppression-without-reason", "warning"],
      ["unused-suppression", "warning"],
    ]);
    expect([RETRIES_OVERLOAD_RULE, RETRIES_EVERYTHING_RULE]).toEqual(["retries-overload", "retries-everything"]);
    expect(POLICY_RULES.find((rule) => rule.id === "max-total")?.short).toBe("Retry policy limit: max-total");
    expect(POLICY_RULES.find((rule) => rule.id === "no-cap")?.short).toBe("Retry policy warning: no-cap");
  });

  it("a chain's: the limit on the calls at the backend, and stacked retries", () => {
    expect(CHAIN_RULES.map((rule) => [rule.id, rule.level])).toEqual([
      ["max-amplification", "error"],
      ["stacked-retries", "warning"],
    ]);
  });
});
