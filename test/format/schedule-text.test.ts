import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { policyScheduleText } from "../../src/format/schedule-text.js";
import { SUMMARY } from "../support/summaries.js";

// Doubling from 100 ms capped at 400 ms, attempts 1..4 (SUMMARY: 1.1 s, the cap at attempt 3).
const policy = normalizePolicy({ baseMs: 100, capMs: 400 });
const range = { first: 1, last: 4 };
const POLICY = { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 400, first_attempt: 1, last_attempt: 4 };

describe("policyScheduleText", () => {
  it("without jitter or seed: the plain policy, the schedule's lines, the title", () => {
    const text = policyScheduleText(policy, range, { kind: "none" }, null);
    expect(text.policyJson()).toEqual(POLICY);
    expect(text.summaryLines(SUMMARY, null)).toEqual([
      "Total wait after attempt 4: 1.1 s (1,100 ms); linear: 1 s (1,000 ms).",
      "Cap: 400 ms, first reached at attempt 3.",
      "At attempt 4 the delay is 1× the linear one (400 ms against 400 ms).",
    ]);
    expect(text.summaryJson(SUMMARY, null)).toEqual({ total_ms: 1100, linear_total_ms: 1000, cap_reached_at: 3, ratio_to_linear: 1, saturated: false });
    expect(text.title).toBe("exponential · base 100 ms · factor 2 · cap 400 ms · attempts 1..4");
  });

  it("with jitter and a seed: both named in the policy, the jitter's lines and fields after the schedule's, the jitter in the title", () => {
    const text = policyScheduleText(policy, range, { kind: "equal" }, 7);
    expect(text.policyJson()).toEqual({ ...POLICY, jitter: "equal", seed: 7 });
    const jittered = { ...SUMMARY, totalMinMs: 550, totalMaxMs: 1100 };
    expect(text.summaryLines(jittered, 800).slice(3)).toEqual([
      "Jitter: equal (d/2 + uniform over [0, d/2]); never above the cap.",
      "Total wait after attempt 4 with jitter: best case 550 ms, worst case 1.1 s (1,100 ms).",
      "Sample (seed 7): total wait 800 ms; the same seed always draws the same sequence.",
    ]);
    expect(text.summaryJson(jittered, 800)).toEqual({ total_ms: 1100, linear_total_ms: 1000, cap_reached_at: 3, ratio_to_linear: 1, saturated: false, total_min_ms: 550, total_max_ms: 1100, seed: 7, sample_total_ms: 800 });
    expect(text.title).toBe("exponential · base 100 ms · factor 2 · cap 400 ms · jitter equal · attempts 1..4");
  });

  it("a seed without jitter still names both; a linear policy has no ratio line", () => {
    expect(policyScheduleText(policy, range, { kind: "none" }, 3).policyJson()).toEqual({ ...POLICY, jitter: "none", seed: 3 });
    const linear = normalizePolicy({ strategy: "linear", baseMs: 100, capMs: 400 });
    expect(policyScheduleText(linear, range, { kind: "none" }, null).summaryLines(SUMMARY, null)).toHaveLength(2);
  });
});
