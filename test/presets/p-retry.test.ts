/**
 * The p-retry preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("p-retry (index.js, v7)", () => {
  it("min(round(minTimeout × factor^(a−1)), maxTimeout)", () => {
    expect(delays("p-retry", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 700 × 1.5^2 = 1575
    expect(delays("p-retry", { baseMs: 700, factor: 1.5 }, [1, 2, 3])).toEqual([700, 1050, 1575]);
  });

  it("randomize bounds at the first attempt and one past the cap", () => {
    const m = model("p-retry", { baseMs: 700, factor: 1.5, capMs: 3000, jitter: "true" });
    expect(m.bounds(1)).toEqual({ minMs: 700, maxMs: 1400 });
    // 700 × 1.5^3 = 2362.5 → 2363 < 3000; 700 × 1.5^4 = 3543.75 ≥ 3000
    expect(m.capReachedAt()).toBe(5);
    expect(m.bounds(6)).toEqual({ minMs: 3000, maxMs: 3000 });
    assertSamplesInBounds(m, 10);
  });

  it("maxRetryTime ends the schedule where p-retry gives up, and says why", () => {
    // 1000 + 2000 + 4000 = 7000; 10000 − 7000 = 3000 left for the fourth wait
    const m = model("p-retry", { maxElapsedMs: 10_000 });
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 3000]);
    expect(m.stop?.lastAttempt).toBe(4);
    expect(m.stop?.reason).toMatch(/maxRetryTime \(10 s\)/);
    const jittered = model("p-retry", { maxElapsedMs: 10_000, jitter: "on" });
    assertSamplesInBounds(jittered, jittered.stop!.lastAttempt);
  });
});

// p-retry 9.0.0's index.js calculateDelay: return Math.min(timeout, Math.ceil(options.maxTimeout), maximumDelay), with
// const maximumDelay = (2 ** 31) - 1. Figures from running p-retry 9.0.0 (npm tarball) with setTimeout recorded:
// {retries: 25} → 1000 … 2,097,152,000 (retry 22), then 2,147,483,647 at retries 23–25; {retries: 3, maxTimeout: 1500.2}
// → 1000, 1501, 1501; {retries: 3, minTimeout: 5, maxTimeout: 0.4} → 1, 1, 1.
describe("p-retry 9.0.0 (index.js calculateDelay) and its older releases (issue 39, item 4)", () => {
  it("no wait passes 2^31 − 1 ms: from retry 23 at the defaults, where 1000 × 2^22 = 4,194,304,000", () => {
    const m = model("p-retry", { retries: 25 });
    expect(delays("p-retry", { retries: 25 }, [22, 23, 24, 25])).toEqual([2_097_152_000, 2_147_483_647, 2_147_483_647, 2_147_483_647]);
    expect(m.steadyFrom()).toBe(23);
    // No maxTimeout: still a schedule without a cap of its own (check's no-cap stays the user's advice).
    expect(m.capMs).toBeNull();
    expect(m.notes.join(" ")).toMatch(/holds every wait to 2,147,483,647 ms .* from retry 23/);
    // At the default 10 retries the limit is never reached: no note.
    expect(model("p-retry", {}).notes).toEqual([]);
  });

  it("maxTimeout is rounded up: 1500.2 caps at 1501 ms, 0.4 at 1 ms", () => {
    expect(delays("p-retry", { retries: 3, capMs: 1500.2 }, [1, 2, 3])).toEqual([1000, 1501, 1501]);
    expect(delays("p-retry", { retries: 3, capMs: 0.4, baseMs: 5 }, [1, 2, 3])).toEqual([1, 1, 1]);
  });

  it("p-retry@8 (7.0.0–8.0.1): the plain min(…, maxTimeout), and waits past the timer limit shown as computed, with a note", () => {
    // v8.0.1 index.js: timeout = Math.min(timeout, options.maxTimeout); no clamp.
    expect(delays("p-retry@8", { retries: 25 }, [22, 23, 25])).toEqual([2_097_152_000, 4_194_304_000, 16_777_216_000]);
    expect(delays("p-retry@8", { retries: 3, capMs: 1500.2 }, [1, 2, 3])).toEqual([1000, 1500.2, 1500.2]);
    expect(model("p-retry@8", { retries: 25 }).notes.join(" ")).toMatch(/from retry 23 p-retry hands setTimeout more than 2,147,483,647 ms, which Node fires after 1 ms/);
  });

  it("p-retry@6 (5.x–6.x) is node-retry's operation: Math.max(minTimeout, 1), sorted draws", () => {
    // v6.2.1 index.js: retry.operation(options); node-retry raises minTimeout 0 to 1, p-retry 7+ keeps 0.
    expect(delays("p-retry@6", { baseMs: 0, retries: 3 }, [1, 2, 3])).toEqual([1, 2, 4]);
    expect(delays("p-retry", { baseMs: 0, retries: 3 }, [1, 2, 3])).toEqual([0, 0, 0]);
    // p-retry 6 had maxRetryTime (node-retry's RetryOperation), which is not modelled: refused as such, not as missing.
    expect(() => model("p-retry@6", { maxElapsedMs: 10_000 })).toThrow(/node-retry's maxRetryTime .* which backoff does not model/);
  });
});
