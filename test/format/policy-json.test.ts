import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { policyJson, summaryJson } from "../../src/format/policy-json.js";
import { SUMMARY } from "../support/summaries.js";

describe("policyJson", () => {
  it("the normalised inputs; the factor only for exponential; the step is the base unless given", () => {
    expect(policyJson(normalizePolicy({ baseMs: 100, capMs: 400 }), { first: 1, last: 4 })).toEqual({
      strategy: "exponential",
      base_ms: 100,
      factor: 2,
      step_ms: 100,
      cap_ms: 400,
      first_attempt: 1,
      last_attempt: 4,
    });
    expect(policyJson(normalizePolicy({ strategy: "linear", baseMs: 1000, stepMs: 500 }), { first: 3, last: 8 })).toEqual({
      strategy: "linear",
      base_ms: 1000,
      step_ms: 500,
      cap_ms: null,
      first_attempt: 3,
      last_attempt: 8,
    });
  });
});

describe("summaryJson", () => {
  it("the totals, where the cap is reached, the ratio, whether anything saturated", () => {
    expect(summaryJson(SUMMARY)).toEqual({ total_ms: 1100, linear_total_ms: 1000, cap_reached_at: 3, ratio_to_linear: 1, saturated: false });
    expect(summaryJson({ ...SUMMARY, totalMs: 2 ** 53, linearTotalMs: 2 ** 60, ratioToLinear: null, saturated: true })).toEqual({
      total_ms: ">9007199254740991",
      linear_total_ms: ">9007199254740991",
      cap_reached_at: 3,
      ratio_to_linear: null,
      saturated: true,
    });
  });
});
