import { describe, expect, it } from "vitest";
import { checkValues, modelFromValues } from "../../../src/cli/check/check-values.js";

// src/cli/check/check-values.ts: one policy's check from its option values (what `check --config`
// and every worker of `check PATH…` run). Totals worked by hand in the comments.

describe("modelFromValues", () => {
  it("how the calculator's delays grow: linear, constant (fixed, or factor 1), exponential; a preset says nothing", () => {
    const linear = modelFromValues({ strategy: "linear", base: "1s" });
    // linear 1 s + 1 s steps: attempt 3 waits 3 s.
    expect([linear.growth, linear.model.delay(3).delayMs]).toEqual(["linear", 3000]);
    expect([modelFromValues({ strategy: "fixed" }).growth, modelFromValues({ factor: "1" }).growth, modelFromValues({}).growth]).toEqual(["constant", "constant", "exponential"]);
    expect(modelFromValues({ preset: "bullmq" }).growth).toBeNull();
  });
});

describe("checkValues", () => {
  it("equal jitter over 5 retries of 1, 2, 4, 8, 16 s: worst 31 s, best 15.5 s; both limits broken at attempt 5", () => {
    // Equal jitter waits d/2 + U[0, d/2]: best Σ d/2 = 500 + 1000 + 2000 + 4000 + 8000 = 15,500 ms; worst Σ d =
    // 31,000 ms, past 20 s first at attempt 5 (15 s before it); best 15.5 s below 16 s. The longest wait, 16 s, is the fifth.
    expect(checkValues({ base: "1s", cap: "30s", attempts: "5", jitter: "equal", maxTotal: "20s", minTotal: "16s" })).toEqual({
      attempts: 5,
      attemptTimeMs: 0,
      deadlineMs: null,
      result: {
        assertions: [
          { limit: "max-total", limitValue: 20_000, actual: 31_000, ok: false, attempt: 5 },
          { limit: "min-total", limitValue: 16_000, actual: 15_500, ok: false, attempt: 5 },
        ],
        warnings: [],
        errorLints: [],
        bestTotalMs: 15_500,
        worstTotalMs: 31_000,
        worstDelayMs: 16_000,
        worstDelayAttempt: 5,
      },
      stopNote: null,
      jittered: true,
    });
  });

  it("a library's time limit counted with the tries' time: p-retry's 10 s allows 3 retries of 2 s tries, said in its terms", () => {
    // p-retry 1, 2, 4 s: retry 1 starts at 3 s, retry 2 at 7 s, try 3 fails at 9 s < 10 s, so retry 3 is made and retry 4
    // never. Totals: 1 + 2 + 4 s of waits and 4 tries of 2 s: 7,000 + 8,000 = 15,000 ms; no cap, so the no-cap warning.
    // The best case, tries that fail at once, is the waits alone: 7,000 ms; 15,000 ms with tries of 2 s.
    const checked = checkValues({ preset: "p-retry", maxElapsed: "10s", attemptTime: "2s" });
    const rule = "p-retry stops by maxRetryTime (10 s) after 4 retries; with tries of 2 s, maxRetryTime (10 s) allows at most 3 retries";
    expect([checked.attempts, checked.attemptTimeMs, checked.result.bestTotalMs, checked.result.bestWithTriesMs, checked.result.worstTotalMs, checked.result.warnings]).toEqual([
      3,
      2000,
      7_000,
      15_000,
      15_000,
      [{ lint: "no-cap", attempt: 3, delayMs: 4000 }],
    ]);
    expect([checked.stopNote, checked.terms?.rule, checked.jittered]).toEqual([rule, rule, false]);
  });

  it("refuses, naming the option: a range for --attempts, --max-elapsed without a preset, a bad seed", () => {
    expect(() => checkValues({ attempts: "2..5" })).toThrow('--attempts for check is a count of retries such as 8, not a range, got "2..5"');
    expect(() => checkValues({ maxElapsed: "1m" })).toThrow("--max-elapsed applies only under --preset, for a library that stops by elapsed time");
    expect(() => checkValues({ seed: "x" })).toThrow('--seed must be a whole number from 0 to 9007199254740991, got "x"');
  });
});
