import { describe, expect, it } from "vitest";
import { presetNoSolutionJson, presetSolutionJson, presetSolutionLines } from "../../src/format/preset-solve.js";
import { PRESET_ATTEMPTS, PRESET_FACTOR } from "../support/solutions.js";

describe("presetSolutionLines", () => {
  it("a factor, by the library's name: what its retries wait, how it was found (the tolerance written 10^-12, as solve's own)", () => {
    // It said "1e-12" (backoff solve --preset cenkalti --total 5m --attempts 10 --base 1s), the one place that wrote exponent notation.
    expect(presetSolutionLines(PRESET_FACTOR, "backoff --preset demo --attempts 2 --factor 2")).toEqual([
      "factor ≈ 2, multiplier: 2 retries of demo wait 3 s (3,000 ms) without jitter, exactly the target.",
      "Found by bisection on the library's own schedule to a relative tolerance of 10^-12 (root 2), rounded to the fewest decimals that keep the total within 0.1%.",
      "Preset: backoff --preset demo --attempts 2 --factor 2",
    ]);
  });

  it("a base: whole milliseconds searched; one retry said so; over the target", () => {
    const base = { ...PRESET_FACTOR, unknown: "base" as const, parameter: "delay", answerText: "1500", exact: null, attempts: 1, achievedMs: 3100 };
    expect(presetSolutionLines(base, "backoff --preset demo --base 1500")).toEqual([
      "base ≈ 1500 ms (1.5 s), delay: 1 retry of demo wait 3.1 s (3,100 ms) without jitter, 100 ms over the target of 3 s (3,000 ms).",
      "Found by searching whole milliseconds on the library's own schedule (its rounding included); the closest base is shown.",
      "Preset: backoff --preset demo --base 1500",
    ]);
  });

  it("attempts: the worst case within the budget, one more, the library's note", () => {
    expect(presetSolutionLines(PRESET_ATTEMPTS, "backoff --preset demo --attempts 3")).toEqual([
      "attempts = 3 (maxRetries: N): worst-case total wait 7 s (7,000 ms), jitter included, within the budget of 10 s (10,000 ms).",
      "Attempt 4 would bring it to 15 s (15,000 ms).",
      "demo counts the first try among its attempts.",
      "Preset: backoff --preset demo --attempts 3",
    ]);
  });
});

describe("presetSolutionJson and presetNoSolutionJson", () => {
  it("the library's parameter and the answer, the tolerance for a root, the command and schedule", () => {
    const schedule = [
      { attempt: 1, delay_ms: 1000, cumulative_ms: 1000 },
      { attempt: 2, delay_ms: 2000, cumulative_ms: 3000 },
    ];
    expect(JSON.parse(presetSolutionJson(PRESET_FACTOR, "backoff --preset demo --factor 2", schedule))).toEqual({
      solved: true,
      preset: "demo",
      unknown: "factor",
      parameter: "multiplier",
      value: 2,
      exact: 2,
      tolerance: 1e-12,
      target_total_ms: 3000,
      achieved_total_ms: 3000,
      next_total_ms: null,
      attempts: 2,
      note: null,
      command: "backoff --preset demo --factor 2",
      schedule,
    });
    expect(JSON.parse(presetSolutionJson(PRESET_ATTEMPTS, "c", null)).tolerance).toBeNull();
  });

  it("no solution: the reason as said", () => {
    expect(presetNoSolutionJson("no retry count fits")).toBe('{\n  "solved": false,\n  "message": "no retry count fits"\n}\n');
  });
});
