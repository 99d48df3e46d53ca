/**
 * The cockatiel preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);
const R52 = 1 - 2 ** -52;

describe("cockatiel (src/backoff/ExponentialBackoffGenerators.ts)", () => {
  it("noJitterGenerator: min(maxDelay, initialDelay × 2^(a−1)), exponent ignored", () => {
    expect(delays("cockatiel", { jitter: "none" }, [1, 2, 3, 8, 9])).toEqual([128, 256, 512, 16_384, 30_000]);
    expect(() => model("cockatiel", { jitter: "none", factor: 3 })).toThrow(/only the decorrelated generator/);
  });

  it("full and half jitter bounds at the first attempt and one past the cap", () => {
    const full = model("cockatiel", { jitter: "full" });
    const half = model("cockatiel", { jitter: "half" });
    expect(full.capReachedAt()).toBe(9); // 128 × 2^8 = 32768 ≥ 30000
    // full: floor(R52 × 128) = 127; past the cap floor(R52 × 30000) = 29999
    expect([full.bounds(1), full.bounds(10)]).toEqual([{ minMs: 0, maxMs: 127 }, { minMs: 0, maxMs: 29_999 }]);
    // half: floor((128 + 0)/2) = 64, floor((128 + R52 × 128)/2) = 127; past the cap 15000 and 29999
    expect([half.bounds(1), half.bounds(10)]).toEqual([{ minMs: 64, maxMs: 127 }, { minMs: 15_000, maxMs: 29_999 }]);
    assertSamplesInBounds(full, 12);
    assertSamplesInBounds(half, 12);
  });

  it("decorrelated (default): attempt 1 spans [0, 2·tanh(2)/1.4 × 128]; every wait ≤ maxDelay", () => {
    const m = model("cockatiel");
    // f(t) = 2^t × tanh(√(4t)); f(R52) ≈ 2 × tanh(2) = 1.92806; × 128 / 1.4 = 176.28 → 176
    const top = Math.pow(2, R52) * Math.tanh(Math.sqrt(4 * R52)) * (1 / 1.4) * 128;
    expect(top).toBeCloseTo(176.279, 3);
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 176 });
    // Past the overflow of 2^t (t ≥ 1024, attempt 1025) every wait is maxDelay.
    expect(m.steadyFrom()).toBe(1025);
    expect(m.bounds(1026)).toEqual({ minMs: 30_000, maxMs: 30_000 });
    expect(m.bounds(20).maxMs).toBe(30_000);
    // The mean of attempt 1: 128/1.4 × ∫₀¹ 2^t tanh(2√t) dt, by a 2000-step midpoint sum here
    let integral = 0;
    for (let i = 0; i < 2000; i++) {
      const t = (i + 0.5) / 2000;
      integral += (Math.pow(2, t) * Math.tanh(2 * Math.sqrt(t))) / 2000;
    }
    expect(m.meanMs(1)).toBeCloseTo((integral * 128) / 1.4, 2);
    assertSamplesInBounds(m, 30);
  });
});

// Issue 41, item 2: `backoff presets cockatiel` shows the library's default conditions.
// cockatiel 3.2.1 src/Policy.ts: retry(policy: Policy, opts) takes the handler (handleAll, handleType, …) as a required argument: decided by code.
describe("cockatiel's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets cockatiel, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "cockatiel"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on decided by code (the Policy given to retry(): handleAll, handleType, handleWhen, …; no default) (cockatiel's required handler: retry(policy, opts))");
    const json = await runCli(["presets", "cockatiel", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "cockatiel's required handler", default: false, words: ["retry(policy, opts)"], conditions: ["decided by code (the Policy given to retry(): handleAll, handleType, handleWhen, …; no default)"], overload: [], everything: false });
  });
});
