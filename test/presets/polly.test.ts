/**
 * The polly preset against values computed by hand from the library's own formula (the source
 * file is named in the describe title): its exact bounds at the first attempt and one past its
 * cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("polly (src/Polly.Core/Retry/RetryHelper.cs)", () => {
  it("Constant 2 s by default; Linear a × d; Exponential 2^(a−1) × d", () => {
    expect(delays("polly", {}, [1, 2, 3])).toEqual([2000, 2000, 2000]);
    expect(delays("polly", { strategy: "linear" }, [1, 2, 3])).toEqual([2000, 4000, 6000]);
    expect(delays("polly", { strategy: "exponential" }, [1, 2, 3])).toEqual([2000, 4000, 8000]);
  });

  it("UseJitter ±25 %, MaxDelay after", () => {
    const m = model("polly", { jitter: "on" });
    // 2000 × 0.75 = 1500; 2000 + 1000 × R53 − 500 = 2499.99… ms → 24999999 ticks → 2500 shown
    expect(m.bounds(1)).toEqual({ minMs: 1500, maxMs: 2500 });
    const capped = model("polly", { strategy: "exponential", capMs: 10_000 });
    expect(capped.capReachedAt()).toBe(4); // 16 s ≥ 10 s
    expect(capped.bounds(5)).toEqual({ minMs: 10_000, maxMs: 10_000 });
    const decorrelated = model("polly", { strategy: "exponential", jitter: "on", capMs: 10_000 });
    // 2 × tanh(2) / 1.4 × 2000 ms = 2754.4
    expect(decorrelated.bounds(1)).toEqual({ minMs: 0, maxMs: Math.round((2 * Math.tanh(2) * 2000) / 1.4) });
    assertSamplesInBounds(m, 3);
    assertSamplesInBounds(decorrelated, 20);
  });
});

// Issue 41, item 2: `backoff presets polly` shows the library's default conditions.
// Polly.Core 8.x src/Polly.Core/Utils/DefaultPredicates.cs (RetryStrategyOptions.ShouldHandle's default): OperationCanceledException => false, Exception => true.
describe("polly's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets polly, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "polly"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error but OperationCanceledException (RetryStrategyOptions' default: ShouldHandle: DefaultPredicates.HandleOutcome)");
    const json = await runCli(["presets", "polly", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "RetryStrategyOptions' default", default: true, words: ["ShouldHandle: DefaultPredicates.HandleOutcome"], conditions: ["every error but OperationCanceledException"], overload: [], everything: true });
  });
});
