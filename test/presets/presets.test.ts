/**
 * Every preset against values computed by hand from the library's own formula (the
 * source file is named above each block), its exact bounds at the first attempt and
 * one past its cap, its default retry count, and a property: sampled delays always
 * lie inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { PRESETS, closestPreset, findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds, sampleMany } from "../support/samples.js";

function model(name: string, overrides: PresetOverrides = {}) {
  return findPreset(name)!.build(overrides);
}
const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);
const R52 = 1 - 2 ** -52;
const R53 = 1 - 2 ** -53;

describe("the registry", () => {
  it("holds the 16 presets of issue 4, grpc-core (issue 11) and the 12 of issue 12, in order, each with a source and a formula", () => {
    expect(PRESETS.map((p) => p.name)).toEqual([
      "echomq", "bullmq", "node-retry", "p-retry", "exponential-backoff", "cockatiel", "aws-sdk", "grpc", "grpc-core", "grpc-js",
      "grpc-retry",
      "sidekiq", "celery", "tenacity", "cenkalti", "polly", "resilience4j", "kubernetes",
      "envoy", "istio", "contour", "envoy-gateway", "temporal", "step-functions", "argo", "kubernetes-job", "urllib3", "spring-retry", "kafka",
      "go-retryablehttp", "axios-retry", "got",
    ]);
    for (const preset of PRESETS) {
      expect(preset.source.length).toBeGreaterThan(5);
      expect(preset.formula.length).toBeGreaterThan(5);
      expect(preset.quirks.length).toBeGreaterThan(0);
    }
  });

  it("suggests the closest name", () => {
    expect(closestPreset("bulmq")).toBe("bullmq");
    expect(closestPreset("retry")).toBe("node-retry");
    expect(closestPreset("grpcjs")).toBe("grpc-js");
    expect(closestPreset("sidekik")).toBe("sidekiq");
    expect(closestPreset("tenacty")).toBe("tenacity");
    expect(closestPreset("nonexistent")).toBeNull(); // 6 edits from node-retry, no shared start
  });

  it("the default retry counts are the libraries' own", () => {
    const counts = Object.fromEntries(PRESETS.map((p) => [p.name, p.defaultRetries]));
    expect(counts).toEqual({
      echomq: null, // backoff.ex has no retry count
      bullmq: 0, // attempts defaults to 1 (job.ts)
      "node-retry": 10, // retry.js: retries: 10
      "p-retry": 10, // index.js: options.retries ??= 10
      "exponential-backoff": 9, // options.ts: numOfAttempts 10, counting the first call
      cockatiel: null, // Policy.ts retry(): maxAttempts ?? Infinity
      "aws-sdk": 2, // config.ts: DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      grpc: null, // connection backoff retries forever
      "grpc-core": null,
      "grpc-js": null,
      "grpc-retry": 3, // A6's example retryPolicy: maxAttempts 4, counting the first call (every field is required)
      sidekiq: 25, // job_retry.rb: DEFAULT_MAX_RETRY_ATTEMPTS = 25
      celery: 3, // task.py: max_retries = 3
      tenacity: null, // stop_never
      cenkalti: null, // stops by MaxElapsedTime only
      polly: 3, // RetryConstants.cs: DefaultRetryCount = 3
      resilience4j: 2, // RetryConfig maxAttempts 3, counting the first call
      kubernetes: null, // restartPolicy Always
      envoy: 1, // retry_policy_impl.cc: PROTOBUF_GET_WRAPPED_OR_DEFAULT(retry_policy, num_retries, 1)
      istio: 2, // retry.go: defaultNumRetries = 2
      contour: 1, // internal/dag/policy.go: count 0 or unset → numRetries = 1
      "envoy-gateway": 2, // internal/xds/translator/route.go: retryDefaultNumRetries = 2
      temporal: null, // DefaultDefaultRetrySettings.MaximumAttempts 0 = unlimited
      "step-functions": 3, // MaxAttempts defaults to 3
      argo: 10, // no default limit in Argo; examples/retry-backoff.yaml's limit 10
      "kubernetes-job": 6, // spec.backoffLimit defaults to 6
      urllib3: 10, // Retry(total=10)
      "spring-retry": 2, // SimpleRetryPolicy.DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      kafka: 2147483647, // ProducerConfig retries Integer.MAX_VALUE
      "go-retryablehttp": 4, // defaultRetryMax = 4
      "axios-retry": 3, // DEFAULT_OPTIONS.retries = 3
      got: 2, // retry.limit 2
    });
    for (const preset of PRESETS) {
      const built = preset.build({});
      if (preset.defaultRetries !== null && preset.defaultRetries > 0) expect(built.retries).toBe(preset.defaultRetries);
    }
  });

  it("every preset's default model samples inside its bounds (property, fixed seed)", () => {
    for (const preset of PRESETS) assertSamplesInBounds(preset.build({}), 40, 60);
  });
});

describe("echomq (echo/apps/echomq/lib/echomq/backoff.ex, echo/apps/echo_mq/lib/echo_mq/backoff.ex)", () => {
  it("calculate/4: trunc(2^(a−1) × delay), jitter 0.2 → [trunc(0.8d), trunc(0.8d) + trunc(0.4d)]", () => {
    expect(delays("echomq", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512_000]);
    // a=1: lo = trunc(1000 × 0.8) = 800, span = trunc(1000 × 0.2 × 2) = 400 → [800, 1200]
    expect(model("echomq").bounds(1)).toEqual({ minMs: 800, maxMs: 1200 });
    // a=2: [1600, 2400]
    expect(model("echomq").bounds(2)).toEqual({ minMs: 1600, maxMs: 2400 });
    expect(model("echomq").meanMs(1)).toBe(1000);
  });

  it("delay_ms/2 with a cap: min(base × 2^(a−1), cap), full jitter [0, capped]", () => {
    const m = model("echomq", { capMs: 5000, jitter: "full" });
    // 1000, 2000, 4000, min(8000, 5000)
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 5000]);
    expect(m.capReachedAt()).toBe(4);
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(m.bounds(5)).toEqual({ minMs: 0, maxMs: 5000 });
    assertSamplesInBounds(m, 12);
  });

  it("says in a quirk what the public worker's Job.calculate_backoff/1 does instead (issue 23)", () => {
    // job.ex calculate_exponential_backoff(delay, attempts_made, 0.2), attempts_made = 0, 1, 2 at the first three failures:
    // b = trunc(2^(n−1) × 1000) = 500, 1000, 2000; lo = trunc(0.8b) = 400, 800, 1600; + uniform 0..trunc(0.2b) = 100, 200, 400.
    const quirk = findPreset("echomq")!.quirks.find((line) => line.includes("calculate_backoff/1"));
    expect(quirk).toContain("counts attempts_made from 0 at the first failure, trunc(2^(attempts_made − 1) × delay), so its first wait is half the delay");
    expect(quirk).toContain("its jitter only lowers a wait");
    expect(quirk).toContain("For the documented config: 400–500, 800–1000, 1600–2000 ms.");
  });

  it("refuses what neither function has", () => {
    expect(() => model("echomq", { capMs: 5000, jitter: "0.2" })).toThrow(/full or none/);
    expect(() => model("echomq", { baseMs: 1.5 })).toThrow(/whole number/);
  });
});

describe("bullmq (src/classes/backoffs.ts)", () => {
  it("round(2^(a−1) × delay)", () => {
    expect(delays("bullmq", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512_000]);
    // 2^2 × 333 = 1332; 2^1 × 0.7 = 1.4 → 1
    expect(delays("bullmq", { baseMs: 333 }, [3])).toEqual([1332]);
    expect(delays("bullmq", { baseMs: 0.7 }, [2])).toEqual([1]);
  });

  it("jitter 0.5 goes down only: [floor(D/2), D − 1]", () => {
    const m = model("bullmq", { jitter: "0.5" });
    // floor(R52 × 1000 × 0.5 + 500) = floor(999.99…) = 999
    expect(m.bounds(1)).toEqual({ minMs: 500, maxMs: 999 });
    // No cap exists; attempt 10: D = 512000 → [256000, 511999]
    expect(m.bounds(10)).toEqual({ minMs: 256_000, maxMs: 511_999 });
    expect(m.capMs).toBeNull();
    // E[floor(U)] for U uniform on [500, 1000) = 749.5
    expect(m.meanMs(1)).toBeCloseTo(749.5, 9);
    assertSamplesInBounds(m, 30);
  });

  it("refuses a cap or a factor, naming what BullMQ offers", () => {
    expect(Object.keys(findPreset("bullmq")!.parameters).sort()).toEqual(["baseMs", "jitter", "retries", "strategy"]);
    expect(() => model("bullmq", { jitter: "1.5" })).toThrow(/BullMQ's backoff.jitter/);
  });
});

describe("node-retry (lib/retry.js)", () => {
  it("min(round(max(minTimeout, 1) × factor^(a−1)), maxTimeout)", () => {
    expect(delays("node-retry", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 350 × 1.5^2 = 787.5 → Math.round → 788
    expect(delays("node-retry", { baseMs: 350, factor: 1.5 }, [3])).toEqual([788]);
    // 350 × 1.7^2 is 1011.5 on paper, but the library's doubles give 1011.4999… (1.7^2 = 2.8899999999999997): 1011
    expect(delays("node-retry", { baseMs: 350, factor: 1.7 }, [3])).toEqual([1011]);
    // minTimeout 0.2 is raised to 1: 1, 2, 4
    expect(delays("node-retry", { baseMs: 0.2 }, [1, 2, 3])).toEqual([1, 2, 4]);
  });

  it("randomize: [d, 2d] both ends; cap after, so exactly the cap past it", () => {
    const m = model("node-retry", { jitter: "on", capMs: 5000 });
    // round((1 + R52) × 1000) = round(1999.99…) = 2000
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 2000 });
    expect(m.capReachedAt()).toBe(4); // 8000 > 5000; 4000 below
    expect(m.bounds(5)).toEqual({ minMs: 5000, maxMs: 5000 });
    // a=3: d = 4000, [4000, 5000] (2d capped)
    expect(m.bounds(3)).toEqual({ minMs: 4000, maxMs: 5000 });
    assertSamplesInBounds(m, 10);
  });

  it("sorts its draws with a factor below 2 (seeded draws come out ascending)", () => {
    const m = model("node-retry", { jitter: "on", factor: 1.2, retries: 10 });
    for (const run of sampleMany(m, 10, 200)) expect([...run].sort((x, y) => x - y)).toEqual(run);
  });

  it("throws like the library when minTimeout > maxTimeout", () => {
    expect(() => model("node-retry", { baseMs: 2000, capMs: 1000 })).toThrow(/minTimeout is greater than maxTimeout/);
  });
});

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

describe("exponential-backoff (src/delay/delay.base.ts, src/jitter/full/full.jitter.ts)", () => {
  it("min(startingDelay × timeMultiple^(a−1), maxDelay); nine delays sum to 51,100 ms", () => {
    expect(delays("exponential-backoff", {}, [1, 2, 3])).toEqual([100, 200, 400]);
    // 100 × (2^9 − 1) = 51100
    expect(delays("exponential-backoff", {}, [1, 2, 3, 4, 5, 6, 7, 8, 9]).reduce((x, y) => x + y)).toBe(51_100);
    // unrounded in the library: 100 × 1.5^3 = 337.5 → shown 338
    expect(delays("exponential-backoff", { factor: 1.5 }, [4])).toEqual([338]);
  });

  it("full jitter: round(r × d) in [0, d], after the cap", () => {
    const m = model("exponential-backoff", { jitter: "full", capMs: 1000 });
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 100 });
    expect(m.capReachedAt()).toBe(5); // 1600 ≥ 1000; 800 below
    expect(m.bounds(6)).toEqual({ minMs: 0, maxMs: 1000 });
    // round(U × 100): 0 and 100 at half weight → mean exactly 50
    expect(m.meanMs(1)).toBeCloseTo(50, 9);
    assertSamplesInBounds(m, 12);
  });
});

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

describe("aws-sdk (@smithy/core util-retry DefaultRetryBackoffStrategy.ts)", () => {
  it("ceilings min(50 × 2^(a−1), 20000): 50, 100, 200; waits floor(r × U) in [0, U − 1], shown by their mean", () => {
    // No wait is U itself: delay_ms is the mean (U − 1) / 2 rounded half up: 24.5 → 25, 49.5 → 50, 99.5 → 100.
    expect(delays("aws-sdk", {}, [1, 2, 3])).toEqual([25, 50, 100]);
    const m = model("aws-sdk");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 49 });
    expect(m.capReachedAt()).toBe(10); // 50 × 2^9 = 25600 ≥ 20000; 12800 below
    expect(m.bounds(11)).toEqual({ minMs: 0, maxMs: 19_999 });
    // throttling base 1000: [0, 999]
    expect(model("aws-sdk", { baseMs: 1000 }).bounds(1)).toEqual({ minMs: 0, maxMs: 999 });
    // E[floor(U × 50)] = 24.5
    expect(m.meanMs(1)).toBeCloseTo(24.5, 9);
    assertSamplesInBounds(m, 15);
  });
});

describe("grpc (doc/connection-backoff.md)", () => {
  it("1000, then min(1000 × 1.6^(a−1), 120000): 1600, 2560, 4096, 6553.6 → 6554", () => {
    expect(delays("grpc", {}, [1, 2, 3, 4, 5])).toEqual([1000, 1600, 2560, 4096, 6554]);
  });

  it("no jitter on the first wait; ±20 % around the capped value, up to 144 s", () => {
    const m = model("grpc");
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    expect(m.bounds(2)).toEqual({ minMs: 1280, maxMs: 1920 }); // 1600 × 0.8, 1600 × 1.2
    // 1000 × 1.6^10 = 109951.16 < 120000; 1000 × 1.6^11 = 175921.86
    expect(m.capReachedAt()).toBe(12);
    expect(m.bounds(13)).toEqual({ minMs: 96_000, maxMs: 144_000 });
    expect(m.mayExceedCap).toBe(true);
    expect(m.notes.join(" ")).toMatch(/144,000 ms against a 120,000 ms cap/);
    assertSamplesInBounds(m, 20);
  });
});

describe("grpc-js (packages/grpc-js/src/backoff-timeout.ts)", () => {
  it("zero-jitter path 1000, 1600, 2560; compounding bounds", () => {
    const m = model("grpc-js");
    expect(delays("grpc-js", {}, [1, 2, 3])).toEqual([1000, 1600, 2560]);
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    // a=3: 1000 × (1.6 × 0.8)^2 = 1638.4, 1000 × (1.6 × 1.2)^2 = 3686.4
    expect(m.bounds(3)).toEqual({ minMs: 1638, maxMs: 3686 });
    // One past the un-jittered cap (attempt 12): the low path is still 1000 × 1.28^12 = 19342.8; the high path is 120000 × 1.2
    expect(m.capReachedAt()).toBe(12);
    expect(m.bounds(13)).toEqual({ minMs: Math.round(1000 * 1.28 ** 12), maxMs: 144_000 });
    assertSamplesInBounds(m, 25);
  });
});

describe("sidekiq (lib/sidekiq/job_retry.rb)", () => {
  it("(a−1)^4 + 15 s, + rand(10a) s; 25 retries ≈ 20.4 days", () => {
    expect(delays("sidekiq", {}, [1, 2, 3, 25])).toEqual([15_000, 16_000, 31_000, 331_791_000]);
    const m = model("sidekiq");
    expect(m.bounds(1)).toEqual({ minMs: 15_000, maxMs: 24_000 });
    // no cap; the last default attempt: 24^4 + 15 = 331791, + up to 249 s
    expect(m.bounds(25)).toEqual({ minMs: 331_791_000, maxMs: 332_040_000 });
    let sum = 0;
    for (let a = 1; a <= 25; a++) sum += m.delay(a).delayMs;
    expect(sum).toBe(1_763_395_000);
    // Whole seconds only
    for (const run of sampleMany(m, 25, 50)) for (const value of run) expect(value % 1000).toBe(0);
    assertSamplesInBounds(m, 25);
  });
});

describe("celery (celery/utils/time.py get_exponential_backoff_interval)", () => {
  it("min(600, 1 × 2^(a−1)) s; randrange(countdown + 1)", () => {
    expect(delays("celery", {}, [1, 2, 3, 10, 11])).toEqual([1000, 2000, 4000, 512_000, 600_000]);
    const m = model("celery");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(m.capReachedAt()).toBe(11);
    expect(m.bounds(12)).toEqual({ minMs: 0, maxMs: 600_000 });
    // 5.3.1+ autoretry.py: retry_backoff = float(…); factor = int(max(1.0, retry_backoff)): 0.5 and 1.5 wait like 1, 2.5 like 2.
    expect(delays("celery", { baseMs: 500 }, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(delays("celery", { baseMs: 1500 }, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(delays("celery", { baseMs: 2500 }, [1, 2, 3])).toEqual([2000, 4000, 8000]);
    // retry_backoff_max = int(…): 10.5 s is 10 s.
    expect(model("celery", { capMs: 10_500 }).capMs).toBe(10_000);
    assertSamplesInBounds(m, 15);
  });
});

describe("tenacity (tenacity/wait.py wait_exponential)", () => {
  it("multiplier × exp_base^(a−1) s, clamped to max", () => {
    expect(delays("tenacity", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    // 0.5 × 3^2 = 4.5 s
    expect(delays("tenacity", { baseMs: 500, factor: 3 }, [1, 2, 3])).toEqual([500, 1500, 4500]);
    const m = model("tenacity", { capMs: 10_000 });
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 1000 });
    expect(m.capReachedAt()).toBe(5); // 16 ≥ 10
    expect(m.bounds(6)).toEqual({ minMs: 10_000, maxMs: 10_000 });
    expect(() => model("tenacity", { jitter: "full" })).toThrow(/no jitter/);
    assertSamplesInBounds(m, 10);
  });
});

describe("cenkalti (exponential.go v4)", () => {
  it("500, 750, 1125, 1687.5, 2531.25 ms; whole-ns truncation at attempt 10; each delay the step between rounded totals", () => {
    // Totals in ns, rounded half up to ms: 500, 1250, 2375, 4062.5 → 4063, 6593.75 → 6594; the steps:
    expect(delays("cenkalti", {}, [1, 2, 3, 4, 5])).toEqual([500, 750, 1125, 1688, 2531]);
    // 19,221,679,687.5 ns truncated to 19,221,679,687 ns; totals 37,443,359,375 → 37,443 and 56,665,039,062 → 56,665: 19,222.
    // Attempt 11 (28,832,519,530 ns) totals 85,497,558,592 → 85,498; attempt 12 (43,248,779,295 ns) 128,746,337,887 → 128,746:
    // 43,248 (issue 23: it showed 43,249, so 85,498 + 43,249 ≠ 128,746). Attempt 13 jumps to MaxInterval, 60,000 ms.
    expect(delays("cenkalti", {}, [10, 11, 12, 13])).toEqual([19_222, 28_833, 43_248, 60_000]);
    expect(model("cenkalti").notes.at(-1)).toMatch(/^cenkalti keeps time in nanoseconds: each total here is its own sum rounded half up to whole ms, and each wait the step/);
  });

  it("jitter [I(1−rf), I(1+rf)] around the capped interval: up to 90 s", () => {
    const m = model("cenkalti");
    // 250,000,000 + R53 × 500,000,001 ns truncates to 750,000,000 ns
    expect(m.bounds(1)).toEqual({ minMs: 250, maxMs: 750 });
    expect(m.capReachedAt()).toBe(13);
    // 30,000,000,000 + R53 × 60,000,000,001 ns is 90,000,000,000.99999… in float64, which rounds to 90,000,000,001:
    // Duration() gives 90,000,000,001 ns. From the second attempt a wait shows as the step between rounded
    // totals, its floor or ceiling in ms: 30,000 to 90,001 ms.
    expect(m.bounds(14)).toEqual({ minMs: 30_000, maxMs: 90_001 });
    expect(m.mayExceedCap).toBe(true);
    assertSamplesInBounds(m, m.stop!.lastAttempt);
  });

  it("stops when elapsed + next > 15 min", () => {
    // Without jitter: walk the intervals by hand (ns) and find the last attempt whose total is ≤ 900 s.
    const intervals: number[] = [500e6];
    while (intervals.length < 60) {
      const current = intervals[intervals.length - 1]!;
      intervals.push(current >= 60e9 / 1.5 ? 60e9 : Math.trunc(current * 1.5));
    }
    let total = 0;
    let last = 0;
    for (const [i, ns] of intervals.entries()) {
      total += ns;
      if (total > 900e9) break;
      last = i + 1;
    }
    const plain = model("cenkalti", { jitter: "0" });
    expect(plain.stop?.lastAttempt).toBe(last);
    expect(plain.stop?.reason).toMatch(/MaxElapsedTime \(15 min\)/);
    // With jitter the rows still end where it stops without jitter; the draws move the stop between the
    // all-high run (Duration(0.5I + R53 × (I + 1)) ns each) and the all-low run (Duration(0.5I) ns each).
    const lastWithin = (wait: (ns: number) => number) => {
      let sum = 0;
      for (const [i, ns] of intervals.entries()) {
        sum += wait(ns);
        if (sum > 900e9) return i;
      }
      return null;
    };
    const fewest = lastWithin((ns) => Math.trunc(0.5 * ns + R53 * (ns + 1)));
    const most = lastWithin((ns) => Math.trunc(0.5 * ns));
    expect([last, fewest, most]).toEqual([24, 19, 39]);
    const jittered = model("cenkalti");
    expect([jittered.stop!.lastAttempt, jittered.stop!.fewest, jittered.stop!.most]).toEqual([24, 19, 39]);
  });
});

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

describe("resilience4j (IntervalFunction.java ofExponentialRandomBackoff)", () => {
  it("x(a+1) = (long)(x(a) × 1.5): 500, 750, 1125, 1687, 2530", () => {
    expect(delays("resilience4j", {}, [1, 2, 3, 4, 5])).toEqual([500, 750, 1125, 1687, 2530]);
  });

  it("(long) max(1.0, x(1−rf) + r × (2·rf·x + 1)) (2.3.0+), the max after", () => {
    const m = model("resilience4j");
    // randomize: min + (Math.random() * (max - min + 1)). At attempt 1, 250 + R53 × 501 is 750.99999999999994
    // on paper; in doubles it is a tie between 751 − 2^-43 and 751, which rounds to even: 751.
    expect(250 + R53 * 501).toBe(751);
    expect(m.bounds(1)).toEqual({ minMs: 250, maxMs: 751 });
    // attempt 3: x = 1125, [562.5, 1688.5) truncated: 562–1688, mean 1125; attempt 4: x = 1687, [843.5, 2531.5): 843–2531, mean 1687
    expect([m.bounds(3), m.meanMs(3)]).toEqual([{ minMs: 562, maxMs: 1688 }, 1125]);
    expect([m.bounds(4), m.meanMs(4)]).toEqual([{ minMs: 843, maxMs: 2531 }, 1687]);
    // Math.max(1.0, …) since 2.3.0: randomizationFactor 1 never waits less than 1 ms (x(1−rf) = 0).
    const full = model("resilience4j", { jitter: "1" });
    expect([1, 2, 5].map((a) => full.bounds(a).minMs)).toEqual([1, 1, 1]);
    const capped = model("resilience4j", { capMs: 5000 });
    // 3795 → (long)(3795 × 1.5) = 5692 ≥ 5000 at attempt 7; attempt 8: x = 8538 → [4269, min(12806, 5000)]
    expect(capped.capReachedAt()).toBe(7);
    expect(capped.bounds(8)).toEqual({ minMs: 4269, maxMs: 5000 });
    assertSamplesInBounds(capped, 12);
  });
});

describe("kubernetes (client-go util/flowcontrol/backoff.go, kubelet doBackOff)", () => {
  it("0 on the first crash, then min(10 s × 2^(a−2), 300 s)", () => {
    expect(delays("kubernetes", {}, [1, 2, 3, 4, 7])).toEqual([0, 10_000, 20_000, 40_000, 300_000]);
    const m = model("kubernetes");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 0 });
    expect(m.capReachedAt()).toBe(7); // 10 × 2^5 = 320 ≥ 300
    expect(m.bounds(8)).toEqual({ minMs: 300_000, maxMs: 300_000 });
    expect(m.jittered).toBe(false);
  });

  it("a max below the initial 10 s lowers the initial to it (kubelet.go newCrashLoopBackOff)", () => {
    // if boMax < boInitial { boInitial = boMax }: --cap 5s gives 0, 5 s, 5 s, …
    expect(delays("kubernetes", { capMs: 5000 }, [1, 2, 3, 4])).toEqual([0, 5000, 5000, 5000]);
    expect(delays("kubernetes", { baseMs: 2000, capMs: 1000 }, [1, 2, 3])).toEqual([0, 1000, 1000]);
  });
});
