/**
 * src/presets/kit/polly-v2-decorrelated.ts against Polly's own formula, worked out by hand.
 *
 * Polly 8.7.0, src/Polly.Core/Retry/RetryHelper.cs, DecorrelatedJitterBackoffV2 (adopted from
 * Polly.Contrib.WaitAndRetry's Backoff.DecorrelatedJitterV2.cs), with attempt = a − 1:
 *   t = attempt + randomizer(); next = Math.Pow(2, t) × Math.Tanh(Math.Sqrt(4 × t));
 *   if next is infinite: prev = next, return TimeSpan.FromTicks((long)MaxTimeSpanTicks);
 *   ticks = (long)Math.Min((next − prev) × (1 / 1.4) × baseDelay.Ticks, MaxTimeSpanTicks); prev = next;
 * then GetRetryDelay returns MaxDelay for any delay past it (the state keeps the uncapped next).
 *
 * The figures below are that formula evaluated at 50 digits (mpmath), for Delay = 1 s
 * (10,000,000 ticks) and the draws 0.5, 0.25, 0.75, 0, 0.5:
 *   a  t     next = f(t)             ticks        ms
 *   1  0.5   1.25636690981087962     8,974,049    897.4049  → 897
 *   2  1.25  2.32469116969389088     7,630,887    763.0887  → 763
 *   3  2.75  6.70949028678058638    31,319,993   3131.9993  → 3,132
 *   4  3     7.98433918878559259     9,106,063    910.6063  → 911   (a low draw after a high one: short)
 *   5  4.5  22.6180744694611271   104,526,680  10452.668   → 10,453
 * The bounds (draws 0 and 1 − 2^-53, .NET's largest NextDouble): attempt 1 spans
 * [0, f(1⁻)] = [0, 1.92805516015163360] → 13,771,822 ticks, 1,377 ms; attempt 2
 * [f(1) − f(1⁻), f(2⁻) − f(0)] → [0, 28,372,495 ticks] = [0, 2,837] ms; attempt 3
 * [f(2) − f(2⁻), f(3⁻) − f(1)] → [0, 43,259,171 ticks] = [0, 4,326] ms.
 * The means without a cap, (1000 / 1.4) × (∫ₐ₋₁ᵃ f − ∫ₐ₋₂ᵃ⁻¹ f) (mpmath quad): 871.1157, 1158.1464, 2077.9146 ms.
 */
import { describe, expect, it } from "vitest";
import { pollyV2Decorrelated, pollyV2PresetModel } from "../../../src/presets/kit/polly-v2-decorrelated.js";
import { RANDOM53_MAX } from "../../../src/presets/kit/random-grid.js";
import { replayRandom } from "../../support/random.js";

const TICKS_PER_MS = 10_000;
const MAX_TIMESPAN_TICKS = 9223372036854775807 - 1000;

/** Polly's finish of a wait, transcribed from RetryHelper.cs (Delay 1 s), with MaxDelay in ms or none. */
function pollyFinish(maxDelayMs: number | null) {
  const baseTicks = 1000 * TICKS_PER_MS;
  return (next: number, prev: number) => {
    const ticks = Number.isFinite(next) ? Math.trunc(Math.min((next - prev) * (1 / 1.4) * baseTicks, MAX_TIMESPAN_TICKS)) : MAX_TIMESPAN_TICKS;
    const capped = maxDelayMs !== null && ticks > maxDelayMs * TICKS_PER_MS ? maxDelayMs * TICKS_PER_MS : ticks;
    return capped / TICKS_PER_MS;
  };
}

function polly(maxDelayMs: number | null = null, exponent = 2) {
  return pollyV2Decorrelated({
    exponent,
    randomMax: RANDOM53_MAX,
    draw: (random) => random.fraction(),
    finish: pollyFinish(maxDelayMs),
    capMs: maxDelayMs ?? MAX_TIMESPAN_TICKS / TICKS_PER_MS,
  });
}

const DRAWS = [0.5, 0.25, 0.75, 0, 0.5];

function run(model: ReturnType<typeof polly>, count: number): number[] {
  const next = model.sampler(replayRandom(DRAWS, []));
  return Array.from({ length: count }, (_, index) => next(index + 1));
}

describe("pollyV2Decorrelated", () => {
  it("f(t) = 2^t × tanh(√(4t)): 0 at 0, 2·tanh(2) at 1, 4·tanh(√8) at 2", () => {
    const { f } = polly();
    expect(f(0)).toBe(0);
    expect(f(1)).toBeCloseTo(1.928055160151634, 14);
    expect(f(2)).toBeCloseTo(3.972149381623477, 14);
  });

  it("a run with the draws 0.5, 0.25, 0.75, 0, 0.5 waits 897, 763, 3,132, 911, 10,453 ms (each wait from this draw and the previous)", () => {
    expect(run(polly(), 5)).toEqual([897, 763, 3132, 911, 10_453]);
  });

  it("MaxDelay 3 s cuts attempts 3 and 5 to 3,000 ms, and the next wait still starts from the uncapped state", () => {
    expect(run(polly(3000), 5)).toEqual([897, 763, 3000, 911, 3000]);
  });

  it("bounds come from the extreme draws: [0, 1,377], [0, 2,837], [0, 4,326] ms; MaxDelay bounds the top", () => {
    const model = polly();
    expect([1, 2, 3].map(model.bounds)).toEqual([
      { minMs: 0, maxMs: 1377 },
      { minMs: 0, maxMs: 2837 },
      { minMs: 0, maxMs: 4326 },
    ]);
    expect(polly(3000).bounds(3)).toEqual({ minMs: 0, maxMs: 3000 });
  });

  it("the mean where the cap never bites is the integral of f over the draw, telescoped: 871.12, 1,158.15, 2,077.91 ms", () => {
    const model = polly();
    // Simpson's rule on 256 panels; f has a √t at 0, so attempt 1 is the least exact (within 0.05 ms).
    expect(model.mean(1)).toBeCloseTo(871.1157, 1);
    expect(model.mean(2)).toBeCloseTo(1158.1464, 1);
    expect(model.mean(3)).toBeCloseTo(2077.9146, 1);
  });

  it("where the cap bites the mean is the capped wait's, at most the cap", () => {
    const capped = polly(3000).mean(3);
    expect(capped).toBeLessThan(2077.9146);
    expect(capped).toBeLessThanOrEqual(3000);
    // Attempt 1's highest wait (1,377 ms) is under the cap: the cap changes nothing there.
    expect(polly(3000).mean(1)).toBeCloseTo(871.1157, 1);
  });

  it("2^t overflows from t = 1024 (attempt 1025), 3^t from t = 647 (attempt 648): from there every wait is the cap", () => {
    expect(polly().steadyFrom).toBe(1025);
    expect(Number.isFinite(Math.pow(3, 646))).toBe(true);
    expect(Number.isFinite(Math.pow(3, 647))).toBe(false);
    const three = polly(60_000, 3);
    expect(three.steadyFrom).toBe(648);
    expect(three.mean(648)).toBe(60_000);
    expect(three.mean(5000)).toBe(60_000);
    // The sampler at the overflow: an infinite next is the cap whatever came before.
    const next = polly(60_000).sampler(replayRandom([0], []));
    for (let attempt = 1; attempt < 1025; attempt++) next(attempt);
    expect(next(1025)).toBe(60_000);
  });
});

describe("pollyV2PresetModel", () => {
  it("delay_ms is the formula with every draw at 0 (issue 39, item 3); bounds, mean and samples are the library's", () => {
    const model = pollyV2PresetModel(polly(), { capMs: null, capReachedAt: null, retries: 3, notes: ["n"], parameters: { Delay: 1000 } });
    // t = a − 1: f(0) − 0 = 0; f(1) − f(0) = 2·tanh(2) = 1.92805516…, × 1000 / 1.4 = 1377.18 ms;
    // f(2) − f(1) = 4·tanh(√8) − 2·tanh(2) = 2.04409…, × 1000 / 1.4 = 1460.07 ms (worked in Python's math).
    expect([1, 2, 3].map((attempt) => model.delay(attempt))).toEqual([
      { rawMs: 0, delayMs: 0, clamped: false },
      { rawMs: 1377, delayMs: 1377, clamped: false },
      { rawMs: 1460, delayMs: 1460, clamped: false },
    ]);
    expect(model.jittered).toBe(true);
    expect(model.bounds(2)).toEqual({ minMs: 0, maxMs: 2837 });
    expect(model.meanMs(1)).toBeCloseTo(871.1157, 1);
    const next = model.sampler(replayRandom(DRAWS, []));
    expect([next(1), next(2), next(3)]).toEqual([897, 763, 3132]);
    expect([model.capMs, model.capReachedAt(), model.steadyFrom(), model.mayExceedCap, model.stop, model.retries]).toEqual([null, null, 1025, false, null, 3]);
    expect([model.notes, model.parameters]).toEqual([["n"], { Delay: 1000 }]);
  });
});
