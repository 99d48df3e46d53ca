/**
 * Each npm preset held against the library itself (installed as a devDependency):
 * un-jittered values equal the library's, the library's own extreme draws (Math.random
 * stubbed at 0 and at 1 − 2^-52, its largest value) give exactly the preset's bounds,
 * and thousands of its real jittered draws fall inside them. Timer-based libraries
 * (p-retry, the AWS SDK, grpc-js) run under fake timers: no real waits.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Backoffs } from "bullmq";
import retry from "retry";
import pRetry from "p-retry";
import { backOff } from "exponential-backoff";
import { DelayFactory } from "exponential-backoff/dist/delay/delay.factory.js";
import { getSanitizedOptions } from "exponential-backoff/dist/options.js";
import { ExponentialBackoff, noJitterGenerator, fullJitterGenerator, halfJitterGenerator, decorrelatedJitterGenerator } from "cockatiel";
import { Retry, StandardRetryStrategy } from "@smithy/util-retry";
import grpc from "@grpc/grpc-js";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { R_MAX, seedMathRandom, stubMathRandom as stubRandom } from "../support/random.js";
import { timeoutsArmedBy, timeoutsArmedSync } from "../support/timers.js";

const DRAWS = 3000;

function model(name: string, overrides: PresetOverrides = {}) {
  const preset = findPreset(name);
  if (!preset) throw new Error(name);
  return preset.build(overrides);
}

/** Round half up, the presets' whole-ms convention for fractional library values. */
function wholeMs(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("bullmq 6.7.0 (Backoffs.calculate, synchronous)", () => {
  const calculate = (backoff: { delay: number; jitter?: number }, attempt: number) =>
    // err and job are unused by the built-in strategies.
    Backoffs.calculate({ type: "exponential", ...backoff }, attempt, new Error("fail"), undefined as never) as number;

  it("un-jittered delays equal the library's", () => {
    for (const delay of [1000, 1500, 333, 0.7]) {
      const m = model("bullmq", { baseMs: delay });
      for (let a = 1; a <= 30; a++) expect(m.delay(a).delayMs).toBe(calculate({ delay }, a));
    }
  });

  it("the library's extreme draws are exactly the preset's bounds", () => {
    for (const [delay, jitter] of [[1000, 0.5], [1000, 1], [777, 0.3], [1500, 0.05]] as const) {
      const m = model("bullmq", { baseMs: delay, jitter: String(jitter) });
      for (let a = 1; a <= 25; a++) {
        stubRandom(0);
        const low = calculate({ delay, jitter }, a);
        stubRandom(R_MAX);
        const high = calculate({ delay, jitter }, a);
        expect(m.bounds(a)).toEqual({ minMs: low, maxMs: high });
      }
    }
  });

  it("type fixed: the delay itself, and the library's extreme jittered draws are the bounds", () => {
    const fixed = (backoff: { delay: number; jitter?: number }) =>
      Backoffs.calculate({ type: "fixed", ...backoff }, 1, new Error("fail"), undefined as never) as number;
    for (const [delay, jitter] of [[1000, 0.5], [777, 0.3]] as const) {
      const plain = model("bullmq", { baseMs: delay, strategy: "fixed" });
      const m = model("bullmq", { baseMs: delay, strategy: "fixed", jitter: String(jitter) });
      for (const a of [1, 2, 7, 30]) {
        expect(plain.delay(a).delayMs).toBe(fixed({ delay }));
        stubRandom(0);
        const low = fixed({ delay, jitter });
        stubRandom(R_MAX);
        const high = fixed({ delay, jitter });
        expect(m.bounds(a)).toEqual({ minMs: low, maxMs: high });
      }
    }
  });

  it("thousands of real draws fall inside the bounds", () => {
    const m = model("bullmq", { baseMs: 1000, jitter: "0.5" });
    for (let i = 0; i < DRAWS; i++) {
      const a = 1 + (i % 15);
      const value = calculate({ delay: 1000, jitter: 0.5 }, a);
      const { minMs, maxMs } = m.bounds(a);
      expect(value >= minMs && value <= maxMs).toBe(true);
    }
  });
});

describe("node-retry: retry 0.13.1 (timeouts, createTimeout)", () => {
  it("the default schedule equals retry.timeouts()", () => {
    const m = model("node-retry");
    expect(m.retries).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => m.delay(i + 1).delayMs)).toEqual(retry.timeouts());
  });

  it("un-jittered values with a cap and another factor equal createTimeout", () => {
    const opts = { factor: 1.7, minTimeout: 350, maxTimeout: 20_000, randomize: false };
    const m = model("node-retry", { factor: 1.7, baseMs: 350, capMs: 20_000 });
    for (let a = 1; a <= 20; a++) expect(m.delay(a).delayMs).toBe(retry.createTimeout(a - 1, opts));
  });

  it("the library's extreme draws are exactly the preset's bounds", () => {
    const opts = { factor: 2, minTimeout: 1000, maxTimeout: 100_000, randomize: true };
    const m = model("node-retry", { capMs: 100_000, jitter: "on" });
    for (let a = 1; a <= 12; a++) {
      stubRandom(0);
      const low = retry.createTimeout(a - 1, opts);
      stubRandom(R_MAX);
      const high = retry.createTimeout(a - 1, opts);
      expect(m.bounds(a)).toEqual({ minMs: low, maxMs: high });
    }
  });

  it("thousands of real (sorted) draws fall inside the bounds, also with a factor below 2", () => {
    const m = model("node-retry", { factor: 1.2, jitter: "on", retries: 10 });
    for (let run = 0; run < DRAWS / 10; run++) {
      const timeouts = retry.timeouts({ retries: 10, factor: 1.2, randomize: true });
      timeouts.forEach((value, i) => {
        const { minMs, maxMs } = m.bounds(i + 1);
        expect(value >= minMs && value <= maxMs).toBe(true);
      });
    }
  });
});

// The installed p-retry is 7.1.1 (9.x needs Node 22): it computes as p-retry@8, the variant for 7.0.0–8.0.1.
describe("p-retry 7.1.1 (pRetry under fake timers) against p-retry@8", () => {
  /** The waits pRetry schedules for an always-failing function. */
  async function waits(options: Parameters<typeof pRetry>[1], failures = Infinity): Promise<number[]> {
    let calls = 0;
    return timeoutsArmedBy(() =>
      pRetry(async () => {
        calls++;
        if (calls <= failures) throw new Error(`fail ${calls}`);
        return calls;
      }, options).catch(() => undefined),
    );
  }

  it("the default schedule equals the library's", async () => {
    const m = model("p-retry@8");
    expect(await waits({})).toEqual(Array.from({ length: 10 }, (_, i) => m.delay(i + 1).delayMs));
  });

  it("the library's extreme draws are exactly the preset's bounds (cap after the jitter)", async () => {
    const m = model("p-retry@8", { jitter: "on", capMs: 30_000, factor: 1.5, baseMs: 700 });
    const options = { randomize: true, maxTimeout: 30_000, factor: 1.5, minTimeout: 700 };
    stubRandom(0);
    const low = await waits(options);
    stubRandom(R_MAX);
    const high = await waits(options);
    expect(low.map((value, i) => [value, high[i]])).toEqual(low.map((_, i) => [m.bounds(i + 1).minMs, m.bounds(i + 1).maxMs]));
  });

  it("maxRetryTime: the last wait is cut to the time left and the schedule ends there", async () => {
    // Waits 1000, 2000, 4000 (total 7000), then 10000 − 7000 = 3000 left: the 4th wait is 3000 and p-retry gives up after.
    const m = model("p-retry@8", { maxElapsedMs: 10_000 });
    const seen = await waits({ maxRetryTime: 10_000 });
    expect(seen).toEqual([1000, 2000, 4000, 3000]);
    expect(m.stop?.lastAttempt).toBe(4);
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual(seen);
  });

  it("thousands of real draws fall inside the bounds", async () => {
    const m = model("p-retry@8", { jitter: "on" });
    for (let run = 0; run < DRAWS / 10 / 10; run++) {
      const seen = await waits({ randomize: true });
      seen.forEach((value, i) => {
        const { minMs, maxMs } = m.bounds(i + 1);
        expect(value >= minMs && value <= maxMs).toBe(true);
      });
    }
  });
});

describe("exponential-backoff 3.1.3", () => {
  const delayOf = (options: Record<string, unknown>, attempt: number) => DelayFactory(getSanitizedOptions(options), attempt) as unknown as { delay: number; jitteredDelay: number };

  it("backOff's default waits (fake timers) equal the preset's nine delays", async () => {
    const armed = await timeoutsArmedBy(() =>
      backOff(async () => {
        throw new Error("fail");
      }).catch(() => undefined),
    );
    const seen = armed.filter((ms) => ms > 0);
    const m = model("exponential-backoff");
    expect(m.retries).toBe(9);
    expect(seen).toEqual(Array.from({ length: 9 }, (_, i) => m.delay(i + 1).delayMs));
  });

  it("un-jittered values (DelayFactory.delay) equal the preset's, with a cap and another factor", () => {
    const m = model("exponential-backoff", { capMs: 5000, factor: 3, baseMs: 40 });
    for (let a = 1; a <= 12; a++) expect(m.delay(a).delayMs).toBe(delayOf({ maxDelay: 5000, timeMultiple: 3, startingDelay: 40 }, a).delay);
  });

  it("full jitter: extreme draws are the bounds and real draws fall inside", () => {
    const options = { jitter: "full", maxDelay: 5000 };
    const m = model("exponential-backoff", { jitter: "full", capMs: 5000 });
    for (let a = 1; a <= 10; a++) {
      stubRandom(0);
      const low = delayOf(options, a).jitteredDelay;
      stubRandom(R_MAX);
      const high = delayOf(options, a).jitteredDelay;
      expect(m.bounds(a)).toEqual({ minMs: low, maxMs: high });
    }
    vi.restoreAllMocks();
    for (let i = 0; i < DRAWS; i++) {
      const a = 1 + (i % 10);
      const value = delayOf(options, a).jitteredDelay;
      expect(value >= m.bounds(a).minMs && value <= m.bounds(a).maxMs).toBe(true);
    }
  });
});

describe("cockatiel 3.2.1 (ExponentialBackoff and its generators)", () => {
  /** The first n durations of a backoff. */
  // The generators' state types differ; the options object is what the library takes at run time.
  function durations(options: Record<string, unknown>, n: number): number[] {
    const out: number[] = [];
    let backoff = new ExponentialBackoff(options as never).next();
    for (let i = 0; i < n; i++) {
      out.push(backoff.duration);
      backoff = backoff.next(undefined as never);
    }
    return out;
  }

  it("noJitterGenerator equals the preset without jitter", () => {
    const m = model("cockatiel", { jitter: "none" });
    expect(durations({ generator: noJitterGenerator }, 14)).toEqual(Array.from({ length: 14 }, (_, i) => m.delay(i + 1).delayMs));
  });

  it("full and half jitter: extreme draws are the bounds", () => {
    for (const [name, generator] of [["full", fullJitterGenerator], ["half", halfJitterGenerator]] as const) {
      const m = model("cockatiel", { jitter: name });
      stubRandom(0);
      const low = durations({ generator }, 12);
      stubRandom(R_MAX);
      const high = durations({ generator }, 12);
      expect(low.map((value, i) => [value, high[i]])).toEqual(low.map((_, i) => [m.bounds(i + 1).minMs, m.bounds(i + 1).maxMs]));
    }
  });

  it("decorrelated (the default): thousands of draws, rounded half up, fall inside the bounds; its mean matches", () => {
    const m = model("cockatiel");
    seedMathRandom(5);
    const sums = new Array<number>(12).fill(0);
    const runs = DRAWS / 6;
    for (let run = 0; run < runs; run++) {
      durations({ generator: decorrelatedJitterGenerator }, 12).forEach((value, i) => {
        const { minMs, maxMs } = m.bounds(i + 1);
        expect(wholeMs(value) >= minMs && wholeMs(value) <= maxMs).toBe(true);
        sums[i]! += value;
      });
    }
    // The mean is integrated numerically; the seeded sample mean of 500 runs is within a few percent of it.
    sums.forEach((sum, i) => expect(Math.abs(sum / runs - m.meanMs(i + 1))).toBeLessThan(0.06 * m.meanMs(i + 1) + 5));
  });

  it("decorrelated: the extreme draws (r = R_MAX then r = 0, and the reverse) give exactly the bounds", () => {
    const m = model("cockatiel");
    for (let a = 2; a <= 12; a++) {
      const draws = (previous: number, current: number) => {
        const values = new Array<number>(a).fill(0.5);
        values[a - 2] = previous;
        values[a - 1] = current;
        let i = 0;
        vi.spyOn(Math, "random").mockImplementation(() => values[i++]!);
        const out = durations({ generator: decorrelatedJitterGenerator }, a)[a - 1]!;
        vi.restoreAllMocks();
        return wholeMs(out);
      };
      expect(m.bounds(a)).toEqual({ minMs: draws(R_MAX, 0), maxMs: draws(0, R_MAX) });
    }
  });
});

describe("aws-sdk: @smithy/util-retry 4.6.2 StandardRetryStrategy (fake timers)", () => {
  /** The waits of one strategy for `count` transient failures. */
  async function waits(count: number, maxAttempts = 40): Promise<number[]> {
    return timeoutsArmedBy(() =>
      (async () => {
        const strategy = new StandardRetryStrategy(maxAttempts);
        let token = await strategy.acquireInitialRetryToken("scope");
        for (let i = 0; i < count; i++) token = await strategy.refreshRetryTokenForRetry(token, { errorType: "TRANSIENT" });
      })().catch(() => undefined),
    );
  }

  it("the installed @smithy/core (3.41.1) uses the 2026 values without SMITHY_NEW_RETRIES_2026, as the quirk says from 3.40.0", () => {
    expect(process.env["SMITHY_NEW_RETRIES_2026"]).toBeUndefined();
    expect(createRequire(import.meta.url)("@smithy/core/package.json").version).toBe("3.41.1");
    expect([Retry.v2026, Retry.delay(), Retry.throttlingDelay(), Retry.cost(), Retry.throttlingCost()]).toEqual([true, 50, 1000, 14, 5]);
    const quirk = findPreset("aws-sdk")!.quirks.find((line) => line.includes("SMITHY_NEW_RETRIES_2026"));
    expect(quirk).toContain("are the default from @smithy/core 3.40.0");
    // @smithy/core 3.29.5 retries-2026-config: throttlingCost() 10 applies to modifiedCostType() "TRANSIENT" (every transient
    // error, not only timeouts), cost() 5 to the rest; @smithy/util-retry 4.0.7: errorType === "TRANSIENT" ? TIMEOUT_RETRY_COST (10) : RETRY_COST (5).
    expect(quirk).toContain("use them only with SMITHY_NEW_RETRIES_2026=true and otherwise the old values: base 100 ms (500 ms throttling), quota cost 10 for a transient error (TIMEOUT_RETRY_COST) and 5 for a throttling one");
    // 3.29.5 to 3.41.1 DefaultRetryBackoffStrategy: Math.floor(Math.random() * Math.min(x * 2 ** i, MAXIMUM_RETRY_DELAY));
    // @smithy/util-retry 4.0.7: Math.floor(Math.min(MAXIMUM_RETRY_DELAY, Math.random() * 2 ** attempts * delayBase)).
    expect(quirk).toContain("the wait is floor(r × min(base × 2^(a−1), 20000)) in both, where releases before that file (@smithy/util-retry 4.0.7, for one) drew floor(min(20000, r × 2^(a−1) × base))");
  });

  it("a 5xx that is not 500, 502, 503 or 504 is SERVER_ERROR, which StandardRetryStrategy does not retry: the preset lists those four, not every 5xx (issue 39)", async () => {
    // @smithy/core 3.41.1 retry: getRetryErrorType gives SERVER_ERROR for isServerError (5xx, not transient);
    // isRetryableError(errorType) is errorType === "THROTTLING" || errorType === "TRANSIENT".
    const strategy = new StandardRetryStrategy(3);
    const token = await strategy.acquireInitialRetryToken("scope");
    await expect(strategy.refreshRetryTokenForRetry(token, { errorType: "SERVER_ERROR" })).rejects.toThrow("No retry token available");
    const statuses = findPreset("aws-sdk")!.conditions!.conditions.flatMap((c) => (c.kind === "status" ? [c.code] : []));
    expect(statuses).toEqual([429, 500, 502, 503, 504]);
    expect(findPreset("aws-sdk")!.conditions!.conditions.some((c) => c.kind === "5xx")).toBe(false);
  });

  it("the releases named in the quirk: @smithy/core's own CHANGELOG makes the 2026 values unconditional in 3.40.0 (issue 23)", () => {
    // node_modules/@smithy/core/CHANGELOG.md, "## 3.40.0": "Enable the 2026 standard retry behavior unconditionally. The
    // SMITHY_NEW_RETRIES_2026 environment variable is no longer read." The gated form (retries-2026-config.ts:
    // v2026 = process.env?.SMITHY_NEW_RETRIES_2026 === "true"; delay 50 : 100, throttlingDelay 1000 : 500, cost 14 : 5,
    // throttlingCost 5 : 10) is the one bundled from @smithy/core 3.29.5, and smithy-typescript's
    // packages/util-retry/src/retries-2026-config.ts before that change.
    const changelog = readFileSync(createRequire(import.meta.url).resolve("@smithy/core/package.json").replace(/package\.json$/, "CHANGELOG.md"), "utf8");
    const release = changelog.slice(changelog.indexOf("\n## 3.40.0\n"), changelog.indexOf("\n## 3.39.0\n"));
    expect(release).toContain("Enable the 2026 standard retry behavior unconditionally. The `SMITHY_NEW_RETRIES_2026` environment variable is no longer read.");
    expect(release).toContain("50 ms base delay for non-throttling errors and a 1 s base delay for throttling errors, retry quota costs of 14 (non-throttling) and 5 (throttling)");
  });

  it("the default strategy retries twice; extreme draws give exactly the preset's bounds", async () => {
    const m = model("aws-sdk");
    expect(m.retries).toBe(2);
    stubRandom(R_MAX);
    expect(await waits(5, 3)).toEqual([m.bounds(1).maxMs, m.bounds(2).maxMs]);
    stubRandom(0);
    expect(await waits(12)).toEqual(Array.from({ length: 12 }, (_, i) => m.bounds(i + 1).minMs));
    stubRandom(R_MAX);
    expect(await waits(12)).toEqual(Array.from({ length: 12 }, (_, i) => m.bounds(i + 1).maxMs));
    // Math.random stubbed to exactly 1 (outside its range) reads the ceiling U = min(50 × 2^(a−1), 20000),
    // which no real draw reaches: the jitter-free value, which the preset shows as the delay (issue 39, item 3).
    stubRandom(1);
    const ceilings = await waits(12);
    expect(ceilings).toEqual([50, 100, 200, 400, 800, 1600, 3200, 6400, 12_800, 20_000, 20_000, 20_000]);
    expect(Array.from({ length: 12 }, (_, i) => m.delay(i + 1).delayMs)).toEqual(ceilings);
  });

  it("thousands of real draws fall inside the bounds", async () => {
    const m = model("aws-sdk");
    for (let run = 0; run < DRAWS / 12; run++) {
      (await waits(12)).forEach((value, i) => {
        expect(value >= m.bounds(i + 1).minMs && value <= m.bounds(i + 1).maxMs).toBe(true);
      });
    }
  });
});

describe("aws-sdk: a Retry-After hint through StandardRetryStrategy.refreshRetryTokenForRetry (fake timers)", () => {
  /** The waits for `count` transient failures, each carrying a hint `hintMs` from now (new Date(Date.now() + ms), as parseRetryAfterHeader makes it). */
  async function hintedWaits(count: number, hintMs: (attempt: number) => number | null): Promise<number[]> {
    return timeoutsArmedBy(() =>
      (async () => {
        const strategy = new StandardRetryStrategy(40);
        let token = await strategy.acquireInitialRetryToken("scope");
        for (let i = 0; i < count; i++) {
          const ms = hintMs(i + 1);
          token = await strategy.refreshRetryTokenForRetry(token, { errorType: "TRANSIENT", ...(ms === null ? {} : { retryAfterHint: new Date(Date.now() + ms) }) });
        }
      })().catch(() => undefined),
    );
  }

  it("the library's waits at the extreme draws are the preset's bounds: max(d, min(hint, d + 5 s))", async () => {
    for (const hint of [0, 30, 3000, 7000, 12_345, 60_000]) {
      const m = model("aws-sdk", { retryAfter: { ms: hint, attempts: null } });
      for (const [draw, side] of [[0, "minMs"], [R_MAX, "maxMs"]] as const) {
        stubRandom(draw);
        expect(await hintedWaits(10, () => hint), `hint ${hint}, ${side}`).toEqual(Array.from({ length: 10 }, (_, i) => m.bounds(i + 1)[side]));
      }
    }
  });

  it("a 60 s hint: every wait is the draw + 5 s at most (the hint is not waited), past the 20 s MAXIMUM_RETRY_DELAY", async () => {
    stubRandom(R_MAX);
    const waits = await hintedWaits(12, () => 60_000);
    // d = floor(R_MAX × min(50 × 2^(a−1), 20000)): 49, 99, … 19999; + 5000 each
    expect(waits).toEqual([5049, 5099, 5199, 5399, 5799, 6599, 8199, 11_399, 17_799, 24_999, 24_999, 24_999]);
    const m = model("aws-sdk", { retryAfter: { ms: 60_000, attempts: null } });
    expect(waits).toEqual(Array.from({ length: 12 }, (_, i) => m.bounds(i + 1).maxMs));
  });

  it("a hint before retries 2..3 only, and thousands of real draws inside the bounds", async () => {
    const header = { ms: 3000, attempts: { first: 2, last: 3 } };
    const m = model("aws-sdk", { retryAfter: header });
    for (let run = 0; run < 200; run++) {
      (await hintedWaits(8, (a) => (a >= 2 && a <= 3 ? 3000 : null))).forEach((value, i) => {
        expect(value >= m.bounds(i + 1).minMs && value <= m.bounds(i + 1).maxMs).toBe(true);
      });
    }
    // Draws 0..99 and 0..199 ms at retries 2 and 3 are all below the 3 s hint: every run waits longer.
    expect([1, 2, 3, 4].map((a) => m.retryAfter!.change(a))).toEqual([null, "yes", "yes", null]);
  });
});

describe("grpc-js 1.14.7 (BackoffTimeout.runOnce under fake timers)", () => {
  const { BackoffTimeout } = grpc.experimental;

  function waits(n: number, options?: Record<string, number>): number[] {
    // Spied after construction: the constructor arms its own zero-length timer.
    return timeoutsArmedSync(
      () => new BackoffTimeout(() => undefined, options),
      (timer) => {
        for (let i = 0; i < n; i++) {
          timer.runOnce();
          timer.stop();
        }
      },
    );
  }

  it("with every draw 0.5 (zero jitter) the waits are the preset's un-jittered delays", () => {
    const m = model("grpc-js");
    stubRandom(0.5);
    expect(waits(20).map(wholeMs)).toEqual(Array.from({ length: 20 }, (_, i) => m.delay(i + 1).delayMs));
  });

  it("all-low and all-high draws give exactly the compounding bounds", () => {
    const m = model("grpc-js");
    stubRandom(0);
    const low = waits(25).map(wholeMs);
    stubRandom(R_MAX);
    const high = waits(25).map(wholeMs);
    expect(low.map((value, i) => [value, high[i]])).toEqual(low.map((_, i) => [m.bounds(i + 1).minMs, m.bounds(i + 1).maxMs]));
    // libraries.md: attempt 3 spans 1638–3686 ms (1638.4 and 3686.4 rounded).
    expect(m.bounds(3)).toEqual({ minMs: 1638, maxMs: 3686 });
  });

  it("all-high draws reach maxDelay × 1.2 = 144 s at attempt 9, as the quirk says (issue 23: it said 11)", () => {
    // 1000, 1920, 3686.4, 7077.9, 13589.5, 26091.8, 50096.3, 96184.9 ms; then min(96184.9 × 1.6, 120000) × 1.2 = 144000.
    stubRandom(R_MAX);
    const high = waits(10).map(wholeMs);
    expect(high.indexOf(144_000) + 1).toBe(9);
    expect(model("grpc-js").bounds(9).maxMs).toBe(144_000);
    expect(findPreset("grpc-js")!.quirks.join("\n")).toContain("all-high draws reach that at attempt 9, while the un-jittered delay reaches the cap at attempt 12");
  });

  it("a channel's reconnect backoff reads only the two channel options, so --factor and --jitter say what they model", async () => {
    // subchannel.js 1.14.7: const backoffOptions = { initialDelay: options['grpc.initial_reconnect_backoff_ms'], maxDelay: options['grpc.max_reconnect_backoff_ms'] };
    const source = readFileSync(createRequire(import.meta.url).resolve("@grpc/grpc-js/build/src/subchannel.js"), "utf8");
    const literal = /const backoffOptions = \{([^}]*)\}/.exec(source)![1]!;
    expect(literal.match(/\w+(?=:)/g)).toEqual(["initialDelay", "maxDelay"]);
    expect(model("grpc-js", { factor: 2 }).notes.join("\n")).toContain("no channel option sets the multiplier or the jitter");
    expect(model("grpc-js").notes.join("\n")).not.toContain("no channel option");
  });

  it("jitter: 0 is ignored by grpc-js, and by the preset", () => {
    stubRandom(0);
    expect(waits(3, { jitter: 0 }).map(wholeMs)).toEqual([1000, 1280, 1638]);
    const m = model("grpc-js", { jitter: "0" });
    expect([1, 2, 3].map((a) => m.bounds(a).minMs)).toEqual([1000, 1280, 1638]);
  });

  it("the mean: exact (1000 × 1.6^(a−1)) until a path can reach the cap, then within 1 % of the library's sample mean", () => {
    const m = model("grpc-js");
    for (let a = 1; a <= 8; a++) expect(m.meanMs(a)).toBeCloseTo(1000 * 1.6 ** (a - 1), 6);
    // The library's own draws, from a seeded Math.random (deterministic, on V8's 2^-52 grid).
    seedMathRandom(11);
    const runs = 2000;
    const sums = new Array<number>(14).fill(0);
    for (let run = 0; run < runs; run++) waits(14).forEach((value, i) => (sums[i]! += value));
    for (const a of [10, 11, 12, 13, 14]) expect(Math.abs(sums[a - 1]! / runs - m.meanMs(a))).toBeLessThan(0.01 * m.meanMs(a));
  });

  it("thousands of real draws fall inside the bounds", () => {
    const m = model("grpc-js");
    for (let run = 0; run < DRAWS / 15; run++) {
      waits(15).forEach((value, i) => {
        expect(wholeMs(value) >= m.bounds(i + 1).minMs && wholeMs(value) <= m.bounds(i + 1).maxMs).toBe(true);
      });
    }
  });
});
