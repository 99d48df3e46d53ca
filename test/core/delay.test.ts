import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { attemptDelay, capReachedAt, delayMs, policyDelays, rawDelayMs, saturatedFrom } from "../../src/core/delay.js";
import { SATURATED_MS, isSaturated } from "../../src/core/limits.js";
import { type PolicyInput, normalizePolicy } from "../../src/core/policy.js";

interface SeedPolicy {
  strategy: "exponential" | "linear" | "fixed";
  base: number;
  cap?: number;
  step?: number;
}
const seeds = JSON.parse(readFileSync(new URL("../fixtures/seed-vectors.json", import.meta.url), "utf8")) as {
  delay: Array<{ policy: SeedPolicy; attempt: number; delay: number; raw?: number }>;
  schedules: Array<{ policy: SeedPolicy; attempts: [number, number]; delays: number[] }>;
};
const input = (p: SeedPolicy): PolicyInput => ({ strategy: p.strategy, baseMs: p.base, capMs: p.cap ?? null, ...(p.step ? { stepMs: p.step } : {}) });

describe("the seed documents' worked examples", () => {
  it.each(seeds.delay)("delay_ms($policy, $attempt) = $delay", ({ policy, attempt, delay, raw }) => {
    expect(delayMs(input(policy), attempt)).toBe(delay);
    if (raw !== undefined) expect(rawDelayMs(input(policy), attempt)).toBe(raw);
  });

  it.each(seeds.schedules)("$policy.strategy base $policy.base: $delays", ({ policy, attempts, delays }) => {
    const [first, last] = attempts;
    const got = [];
    for (let a = first; a <= last; a++) got.push(delayMs(input(policy), a));
    expect(got).toEqual(delays);
  });
});

describe("exponential: min(base × factor^(attempt−1), cap)", () => {
  it("attempt 1 waits exactly the base", () => {
    expect(delayMs({ baseMs: 100 }, 1)).toBe(100);
    expect(delayMs({ baseMs: 1000, factor: 1.6 }, 1)).toBe(1000);
  });

  it("stays exact where a 32-bit shift wraps: 1 << 31 is negative, 2^31 is not", () => {
    // base 1 ms: attempt a waits 2^(a−1) ms.
    expect(delayMs({ baseMs: 1 }, 31)).toBe(1_073_741_824); // 2^30
    expect(delayMs({ baseMs: 1 }, 32)).toBe(2_147_483_648); // 2^31
    expect(delayMs({ baseMs: 1 }, 33)).toBe(4_294_967_296); // 2^32
    // base 100: 100 × 2^31 = 214,748,364,800
    expect(delayMs({ baseMs: 100 }, 32)).toBe(214_748_364_800);
  });

  it("with a cap, every attempt past the crossover is exactly the cap, even where 2^1024 is Infinity", () => {
    const policy = { baseMs: 100, capMs: 10_000 };
    for (const attempt of [8, 31, 32, 33, 1024, 1025, 1_000_000]) expect(delayMs(policy, attempt)).toBe(10_000);
    // 100 × 2^6 = 6400 < 10,000 < 12,800 = 100 × 2^7, so attempt 8 is the first at the cap.
    expect(delayMs(policy, 7)).toBe(6400);
    expect(capReachedAt(normalizePolicy(policy))).toBe(8);
  });

  it("without a cap, values from 2^53 ms are saturated, never wrapped, Infinity or NaN", () => {
    // base 1: attempt 53 waits 2^52 (exact); attempt 54 waits 2^53, which is past MAX_SAFE_INTEGER.
    expect(delayMs({ baseMs: 1 }, 53)).toBe(2 ** 52);
    expect(delayMs({ baseMs: 1 }, 54)).toBe(SATURATED_MS);
    for (const attempt of [1024, 1025, 1_000_000]) {
      const value = delayMs({ baseMs: 1 }, attempt);
      expect(value).toBe(SATURATED_MS);
      expect(isSaturated(value)).toBe(true);
      expect(Number.isFinite(value)).toBe(true);
    }
  });

  it("rounds half up, exactly, where doubles would round the wrong way", () => {
    // 1000 × 1.5^4 = 5062.5 → 5063
    expect([1, 2, 3, 4, 5].map((a) => delayMs({ baseMs: 1000, factor: 1.5 }, a))).toEqual([1000, 1500, 2250, 3375, 5063]);
    // 50 × 1.15 = 57.5 exactly → 58 (in doubles 50 * 1.15 is 57.49999999999999, which Math.round takes to 57)
    expect(Math.round(50 * 1.15)).toBe(57);
    expect(delayMs({ baseMs: 50, factor: 1.15 }, 2)).toBe(58);
    // 50 × 2.05 = 102.5 → 103; 50 × 2.05² = 210.125 → 210
    expect(delayMs({ baseMs: 50, factor: 2.05 }, 2)).toBe(103);
    expect(delayMs({ baseMs: 50, factor: 2.05 }, 3)).toBe(210);
    // gRPC's 1.6: 1000, 1600, 2560, 4096, 6553.6 → 6554, 10485.76 → 10486, 16777.216 → 16777
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => delayMs({ baseMs: 1000, factor: 1.6 }, a))).toEqual([1000, 1600, 2560, 4096, 6554, 10486, 16777]);
    // A fractional base: 1000.1 × 8 = 8000.8 → 8001 (rounding the base first would give 8000).
    expect(delayMs({ baseMs: 1000.1 }, 4)).toBe(8001);
    // 0.5 ms × 3^k: 0.5, 1.5, 4.5, 13.5 are all ties → 1, 2, 5, 14
    expect([1, 2, 3, 4].map((a) => delayMs({ baseMs: 0.5, factor: 3 }, a))).toEqual([1, 2, 5, 14]);
  });

  it("knows exactly whether a value equal to the cap was clamped", () => {
    // 1000 × 1.6² = 2560 exactly (doubles give 2560.0000000000005): reaches the cap, not above it.
    const policy = normalizePolicy({ baseMs: 1000, factor: 1.6, capMs: 2560 });
    expect(attemptDelay(policy, 3)).toEqual({ rawMs: 2560, delayMs: 2560, clamped: false });
    expect(attemptDelay(policy, 4)).toEqual({ rawMs: 4096, delayMs: 2560, clamped: true });
    expect(capReachedAt(policy)).toBe(3);
  });
});

describe("linear and fixed", () => {
  it("linear: min(base + step × (attempt−1), cap); step defaults to base", () => {
    expect([1, 2, 3, 4, 5].map((a) => delayMs({ strategy: "linear", baseMs: 100 }, a))).toEqual([100, 200, 300, 400, 500]);
    // base 1 s, step 500 ms: 1000, 1500, 2000, …; attempt 8 = 1000 + 7 × 500 = 4500
    expect(delayMs({ strategy: "linear", baseMs: 1000, stepMs: 500 }, 8)).toBe(4500);
    // capped at 2 s from attempt 3 (1000 + 2 × 500 = 2000)
    const capped = normalizePolicy({ strategy: "linear", baseMs: 1000, stepMs: 500, capMs: 2000 });
    expect(capReachedAt(capped)).toBe(3);
    expect(delayMs(capped, 1_000_000)).toBe(2000);
    // attempt 1,000,000 uncapped: 100 + 999,999 × 100 = 100,000,000
    expect(delayMs({ strategy: "linear", baseMs: 100 }, 1_000_000)).toBe(100_000_000);
  });

  it("fixed: the base every attempt, the cap still applying", () => {
    expect([1, 2, 1_000_000].map((a) => delayMs({ strategy: "fixed", baseMs: 1000 }, a))).toEqual([1000, 1000, 1000]);
    expect(capReachedAt(normalizePolicy({ strategy: "fixed", baseMs: 1000, capMs: 1000 }))).toBe(1);
    expect(capReachedAt(normalizePolicy({ strategy: "fixed", baseMs: 1000, capMs: 5000 }))).toBeNull();
  });
});

describe("the library API rejects what it cannot compute", () => {
  it.each([
    [{ baseMs: 0 }, 1, /baseMs must be a positive/],
    [{ baseMs: -5 }, 1, /baseMs must be a positive/],
    [{ baseMs: Number.NaN }, 1, /baseMs/],
    [{ baseMs: Infinity }, 1, /baseMs/],
    [{ baseMs: 100, factor: 0.5 }, 1, /factor must be/],
    [{ baseMs: 100, capMs: 50 }, 1, /capMs \(50\) must be at least baseMs/],
    [{ baseMs: 100 }, 0, /attempt must be a whole number from 1/],
    [{ baseMs: 100 }, 1.5, /attempt must be a whole number from 1/],
    [{ baseMs: 100 }, 2 ** 53, /attempt must be a whole number from 1/],
  ] as const)("%o at attempt %d", (policy, attempt, message) => {
    expect(() => delayMs(policy as PolicyInput, attempt)).toThrow(message);
  });
});

describe("policyDelays: a model's delays, one result kept from where the raw value saturates", () => {
  it("saturatedFrom: the first attempt whose unclamped value reaches 2^53 ms", () => {
    // 100 × 2^46 = 7,036,874,417,766,400 < 2^53 − 1 < 100 × 2^47: attempt 48 is the first saturated.
    expect(saturatedFrom(normalizePolicy({ baseMs: 100, capMs: 10_000 }))).toBe(48);
    // base 1: 2^53 at attempt 54 (above).
    expect(saturatedFrom(normalizePolicy({ baseMs: 1 }))).toBe(54);
    // linear, step 3 × 10^15 ms: 1 + 3e15 × (a − 1) passes 2^53 − 1 (about 9.007e15) from a = 5 (1 + 1.2e16).
    expect(saturatedFrom(normalizePolicy({ strategy: "linear", baseMs: 1, stepMs: 3e15 }))).toBe(5);
    // a fixed delay and a factor of 1 never grow.
    expect(saturatedFrom(normalizePolicy({ strategy: "fixed", baseMs: 1000 }))).toBeNull();
    expect(saturatedFrom(normalizePolicy({ baseMs: 1000, factor: 1 }))).toBeNull();
  });

  it("gives what attemptDelay gives, before and after that attempt", () => {
    for (const input of [{ baseMs: 100, capMs: 10_000 }, { baseMs: 1 }, { baseMs: 1, factor: 1.5 }, { strategy: "linear" as const, baseMs: 1, stepMs: 3e15, capMs: 5e15 }]) {
      const policy = normalizePolicy(input);
      const delays = policyDelays(policy);
      for (const attempt of [1, 2, 47, 48, 54, 63, 64, 65, 90, 100, 1000, 1_000_000, Number.MAX_SAFE_INTEGER]) expect(delays(attempt)).toEqual(attemptDelay(policy, attempt));
    }
    // From there on one result: the cap, clamped, raw saturated.
    const delays = policyDelays(normalizePolicy({ baseMs: 100, capMs: 10_000 }));
    expect(delays(1_000_000)).toEqual({ rawMs: SATURATED_MS, delayMs: 10_000, clamped: true });
    expect(delays(2_000_000)).toBe(delays(1_000_000));
  });
});
