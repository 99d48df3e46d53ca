/**
 * The twelve presets of issue 12 against values computed by hand from the lines of
 * the library's source quoted above each block: un-jittered values, exact bounds at
 * the first attempt and past the cap, the default retry count, the stopping rule,
 * refusals in the library's own terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { runCli } from "../support/cli.js";
import { assertSamplesInBounds } from "../support/samples.js";

function model(name: string, overrides: PresetOverrides = {}) {
  return findPreset(name)!.build(overrides);
}
const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => {
  const m = model(name, overrides);
  return attempts.map((a) => m.delay(a).delayMs);
};
const bounds = (name: string, overrides: PresetOverrides, attempt: number) => model(name, overrides).bounds(attempt);
/** Full jitter (random() % I) never waits I itself: the interval is the top of the range plus 1; delay_ms shows the mean wait. */
const intervals = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => bounds(name, overrides, a).maxMs + 1);

describe("envoy (source/common/common/backoff_strategy.cc, router/retry_state_impl.cc)", () => {
  // backoff = next_interval_; next_interval_ = (next_interval_ < max/2) ? next_interval_ * 2 : max; return random() % backoff
  it("intervals 25, 50, 100, 200, then max_interval = 10 × 25 = 250 (200 ≥ 125 jumps to the max)", () => {
    // Full jitter never waits the interval itself: the interval is the top of the range plus 1, and delay_ms the mean (I − 1) / 2.
    expect(intervals("envoy", {}, [1, 2, 3, 4, 5, 9])).toEqual([25, 50, 100, 200, 250, 250]);
    expect(delays("envoy", {}, [1, 2, 3, 4, 5, 9])).toEqual([12, 25, 50, 100, 125, 125]);
    expect(model("envoy").capReachedAt()).toBe(5);
    expect(model("envoy").capMs).toBe(250);
  });

  it("waits are random() % interval: 0–24 at attempt 1, 0–249 past the cap, never the interval itself", () => {
    expect(bounds("envoy", {}, 1)).toEqual({ minMs: 0, maxMs: 24 });
    // the router docs' [0, (2^N − 1)·B) would give 0–74 here
    expect(bounds("envoy", {}, 2)).toEqual({ minMs: 0, maxMs: 49 });
    expect(bounds("envoy", {}, 9)).toEqual({ minMs: 0, maxMs: 249 });
    // uniform integers 0..24: mean 12; 0..249: 124.5
    expect(model("envoy").meanMs(1)).toBe(12);
    expect(model("envoy").meanMs(9)).toBe(124.5);
  });

  it("an odd max_interval is reached from half of it: base 25, max 101 gives 25, 50, 101", () => {
    // doubling_limit_ = 101 / 2 = 50; 50 < 50 is false, so the next interval is 101, not 100
    const m = model("envoy", { capMs: 101 });
    expect(intervals("envoy", { capMs: 101 }, [1, 2, 3, 4])).toEqual([25, 50, 101, 101]);
    // delay_ms is the mean wait (I − 1) / 2 rounded half up: 12, 24.5 → 25, 50, 50
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([12, 25, 50, 50]);
    expect(m.bounds(3)).toEqual({ minMs: 0, maxMs: 100 });
  });

  it("max_interval defaults to 10 × base_interval: base 40 gives 40, 80, 160, 320, 400", () => {
    expect(intervals("envoy", { baseMs: 40 }, [1, 2, 3, 4, 5])).toEqual([40, 80, 160, 320, 400]);
  });

  it("num_retries defaults to 1 (PROTOBUF_GET_WRAPPED_OR_DEFAULT(retry_policy, num_retries, 1))", () => {
    expect(model("envoy").retries).toBe(1);
    expect(model("envoy", { retries: 5 }).retries).toBe(5);
  });

  it("refuses in Envoy's terms", () => {
    expect(() => model("envoy", { baseMs: 100, capMs: 50 })).toThrow(/^retry_back_off.max_interval must be at least base_interval \(100 ms\), got 50 ms$/);
    expect(() => model("envoy", { baseMs: 2.5 })).toThrow(/^retry_back_off.base_interval is taken in whole milliseconds/);
    expect(() => model("envoy", { retries: 2 ** 32 })).toThrow(/^num_retries is a uint32/);
    expect(Object.keys(findPreset("envoy")!.parameters)).toEqual(["baseMs", "capMs", "retries"]);
  });

  it("samples inside the bounds", () => {
    assertSamplesInBounds(model("envoy", { capMs: 101, retries: 8 }), 8);
  });

  it("says delay_ms is the mean wait, and bases the summary on stated quantities (issue 23: it called the mean the interval)", async () => {
    // Intervals 25, 50, 100, 200, 250 ms; the delays shown are their mean waits (I − 1) / 2 rounded half up: 12, 25, 50, 100, 125.
    const { stdout } = await runCli(["--preset", "envoy", "--attempts", "5"], { env: { NO_COLOR: "1" } });
    expect(stdout).toContain(
      "envoy: delay_ms is the mean wait, (interval − 1) / 2 rounded half up (12 ms for the first 25 ms interval); every wait is random() % interval, a whole number of ms from 0 to interval − 1, and the interval is what doubles up to max_interval.",
    );
    // 12 + 25 + 50 + 100 + 125 = 312 ms of mean waits; the interval reaches max_interval (250) at attempt 5.
    expect(stdout).toContain("Total of the mean waits after attempt 5: 312 ms;");
    expect(stdout).toContain("Cap: 250 ms, which the interval first reaches at attempt 5.");
    expect(stdout).toMatch(/^At attempt 5 the mean wait is [\d.]+× the linear one/m);
    expect(stdout).not.toContain("back-off interval");
    expect(model("istio").notes[0]).toMatch(/^istio: delay_ms is the mean wait, \(interval − 1\) \/ 2 rounded half up \(12 ms for the first 25 ms interval\)/);
  });
});

describe("istio (pilot/pkg/networking/core/route/retry/retry.go, networking/v1alpha3/virtual_service.proto)", () => {
  it("the default policy retries 2 times (defaultNumRetries = 2) with Envoy's 25 ms base", () => {
    const m = model("istio");
    expect(m.retries).toBe(2);
    expect([1, 2].map((a) => m.bounds(a))).toEqual([
      { minMs: 0, maxMs: 24 },
      { minMs: 0, maxMs: 49 },
    ]);
  });

  it("retries.backoff sets only base_interval: 2 s doubles to Envoy's default max, 10 × 2 s", () => {
    expect(intervals("istio", { baseMs: 2000 }, [1, 2, 3, 4, 5, 6])).toEqual([2000, 4000, 8000, 16000, 20000, 20000]);
    expect(bounds("istio", { baseMs: 2000 }, 6)).toEqual({ minMs: 0, maxMs: 19999 });
  });

  it("has no max field and refuses an attempts count past int32", () => {
    expect(Object.keys(findPreset("istio")!.parameters)).toEqual(["baseMs", "retries"]);
    expect(() => model("istio", { retries: 2 ** 31 })).toThrow(/^retries.attempts is an int32/);
  });
});

describe("temporal (common/backoff/retry.go, common/retrypolicy/retry_policy.go, service/history/workflow/retry.go)", () => {
  // int64(float64(initialInterval ns) * math.Pow(coefficient, attempt-1)), capped by maximumInterval (default 100 × initial)
  it("1, 2, 4 … 64 s, then maximumInterval 100 s from attempt 8 (128 s capped)", () => {
    expect(delays("temporal", {}, [1, 2, 3, 7, 8, 20])).toEqual([1000, 2000, 4000, 64000, 100000, 100000]);
    const m = model("temporal");
    expect(m.capReachedAt()).toBe(8);
    expect(m.delay(8)).toEqual({ rawMs: 128000, delayMs: 100000, clamped: true });
    expect(m.jittered).toBe(false);
    expect(m.bounds(8)).toEqual({ minMs: 100000, maxMs: 100000 });
  });

  it("backoffCoefficient 1.5: 1000, 1500, 2250, 3375, 5062.5 → 5063, 7593.75 → 7594 (whole ns, shown half up)", () => {
    expect(delays("temporal", { factor: 1.5 }, [1, 2, 3, 4, 5, 6])).toEqual([1000, 1500, 2250, 3375, 5063, 7594]);
  });

  it("maximumAttempts 0 (the default) is unlimited; --attempts N is maximumAttempts N + 1", () => {
    expect(model("temporal").retries).toBeNull();
    expect(model("temporal", { retries: 4 }).parameters["maximumAttempts"]).toBe(5);
  });

  it("an expiration ends retrying when now + interval is after it: 60 s stops after attempt 5, 63 s after 6", () => {
    // totals 1, 3, 7, 15, 31, 63, 127 s: the 6th retry would start at 63 s
    expect(model("temporal", { maxElapsedMs: 60_000 }).stop?.lastAttempt).toBe(5);
    // equal is not after: 63 s still allows it
    expect(model("temporal", { maxElapsedMs: 63_000 }).stop?.lastAttempt).toBe(6);
    // past the cap the walk divides: 127 s + n × 100 s ≤ 3600 s → n = 34, attempt 41
    expect(model("temporal", { maxElapsedMs: 3_600_000 }).stop?.lastAttempt).toBe(41);
    // a count that ends first is no time stop
    expect(model("temporal", { maxElapsedMs: 60_000, retries: 3 }).stop).toBeNull();
  });

  it("refuses what the server's Validate refuses", () => {
    expect(() => model("temporal", { capMs: 500 })).toThrow(/^maximumInterval cannot be less than initialInterval \(1,000 ms\), got 500 ms$/);
    expect(() => model("temporal", { maxElapsedMs: 500 })).toThrow(/past the expiration \(500 ms\): Temporal makes no retry$/);
    expect(() => model("temporal", { retries: 2 ** 31 - 1 })).toThrow(/^maximumAttempts is an int32/);
  });
});

describe("step-functions (Step Functions Developer Guide: Retrier fields)", () => {
  it("IntervalSeconds × BackoffRate^(a−1): 1, 2, 4 s by default, 3 retries", () => {
    expect(delays("step-functions", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(model("step-functions").retries).toBe(3);
    expect(delays("step-functions", { factor: 1.5 }, [1, 2, 3])).toEqual([1000, 1500, 2250]);
  });

  it("MaxDelaySeconds caps before FULL jitter: [0, 1 s] at attempt 1, [0, 5 s] past a 5 s cap", () => {
    const full = { capMs: 5000, jitter: "FULL" };
    expect(delays("step-functions", full, [1, 2, 3, 4, 5])).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(model("step-functions", full).capReachedAt()).toBe(4);
    expect(bounds("step-functions", full, 1)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(bounds("step-functions", full, 6)).toEqual({ minMs: 0, maxMs: 5000 });
    // uniform on [0, 1000] rounded half up: (1 + 2 + … + 999 + 1000 / 2) / 1000 = 500
    expect(model("step-functions", full).meanMs(1)).toBeCloseTo(500, 9);
    expect(model("step-functions").jittered).toBe(false);
    assertSamplesInBounds(model("step-functions", full), 8);
  });

  it("refuses what the Retrier fields do not take", () => {
    expect(() => model("step-functions", { baseMs: 1500 })).toThrow(/^IntervalSeconds is a whole number of seconds from 1 to 99,999,999, got 1,500 ms$/);
    expect(() => model("step-functions", { capMs: 500 })).toThrow(/^MaxDelaySeconds is a whole number of seconds/);
    expect(() => model("step-functions", { jitter: "half" })).toThrow(/^JitterStrategy is NONE or FULL, got "half"$/);
    expect(() => model("step-functions", { retries: 100_000_000 })).toThrow(/^MaxAttempts is at most 99,999,999/);
  });
});

describe("argo (workflow/controller/operator.go processNodeRetries, workflow_types.go)", () => {
  // timeToWait = baseDuration * time.Duration(math.Pow(factor, len(childNodeIds)-1)); if timeToWait > cap { cap }
  it("duration × factor^(a−1): 1, 2, 4 s with factor 2; 1, 3, 9, 27 s with factor 3; limit 10", () => {
    expect(delays("argo", {}, [1, 2, 3, 10])).toEqual([1000, 2000, 4000, 512000]);
    expect(delays("argo", { factor: 3 }, [1, 2, 3, 4])).toEqual([1000, 3000, 9000, 27000]);
    expect(model("argo").retries).toBe(10);
  });

  it("backoff.cap (v3.7+): 1, 2, 4, then 5 s", () => {
    const m = model("argo", { capMs: 5000 });
    expect([1, 2, 3, 4, 9].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(m.capReachedAt()).toBe(4);
  });

  it("maxDuration: no retry whose wait would end past it (totals 1, 3, 7, 12, 17 … 57, 62 s against 1 min)", () => {
    const overrides = { capMs: 5000, maxElapsedMs: 60_000, retries: 20 };
    expect(model("argo", overrides).stop?.lastAttempt).toBe(13);
    // After() is strict: a wait ending exactly at the deadline is made
    expect(model("argo", { ...overrides, maxElapsedMs: 62_000 }).stop?.lastAttempt).toBe(14);
  });

  it("refuses a non-integer factor, naming backoff.factor", () => {
    expect(() => model("argo", { factor: 1.5 })).toThrow(/^backoff.factor is a whole number \(intstr.Int32\) up to 2,147,483,647, got 1.5$/);
    expect(() => model("argo", { factor: 2 ** 31 })).toThrow(/^backoff.factor is a whole number/);
    expect(() => model("argo", { maxElapsedMs: 500 })).toThrow(/would end past backoff.maxDuration \(500 ms\): Argo makes no retry$/);
  });
});

describe("kubernetes-job (pkg/controller/job/backoff_utils.go, job_controller.go)", () => {
  // backoffDuration := defaultBackoff; for i := 1; i < failuresCount; i++ { backoffDuration *= 2; if >= max { max; break } }
  it("10, 20, 40, 80, 160, 320 s for the default backoffLimit 6; 600 s (MaxJobPodFailureBackOff) from failure 7", () => {
    expect(delays("kubernetes-job", {}, [1, 2, 3, 4, 5, 6, 7, 12])).toEqual([10000, 20000, 40000, 80000, 160000, 320000, 600000, 600000]);
    expect(model("kubernetes-job").retries).toBe(6);
    expect(model("kubernetes-job").capReachedAt()).toBe(7);
  });

  it("the docs' six minutes, as a cap: 320 s, then 360 s", () => {
    expect(delays("kubernetes-job", { capMs: 360_000 }, [6, 7, 8])).toEqual([320000, 360000, 360000]);
  });

  it("refuses a max below the base, naming the controller's constants", () => {
    expect(() => model("kubernetes-job", { capMs: 5000 })).toThrow(/^MaxJobPodFailureBackOff \(5,000 ms\) must be at least DefaultJobPodFailureBackOff \(10,000 ms\)$/);
    expect(() => model("kubernetes-job", { retries: 2 ** 31 })).toThrow(/^spec.backoffLimit is an int32/);
  });
});

describe("urllib3 (src/urllib3/util/retry.py get_backoff_time)", () => {
  // if consecutive_errors_len <= 1: return 0; backoff_factor * (2 ** (consecutive_errors_len - 1)), + random() * backoff_jitter, min backoff_max
  it("0 at the first retry, then 1, 2, 4 … s with backoff_factor 0.5; backoff_max 120 s from attempt 9 (128 s)", () => {
    expect(delays("urllib3", {}, [1, 2, 3, 4, 8, 9, 10])).toEqual([0, 1000, 2000, 4000, 64000, 120000, 120000]);
    expect(model("urllib3").capReachedAt()).toBe(9);
    expect(model("urllib3").retries).toBe(10);
  });

  it("backoff_factor 0.1 gives the docstring's [0.0s, 0.2s, 0.4s, 0.8s]", () => {
    expect(delays("urllib3", { baseMs: 100 }, [1, 2, 3, 4])).toEqual([0, 200, 400, 800]);
  });

  it("backoff_jitter 0.5 s: none at attempt 1, [1000, 1500] at attempt 2, exactly 120 s past the cap", () => {
    const m = model("urllib3", { jitter: "0.5" });
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 0 });
    // 1.0 + (1 − 2^-53) × 0.5 is 1.5 in doubles
    expect(m.bounds(2)).toEqual({ minMs: 1000, maxMs: 1500 });
    expect(m.bounds(8)).toEqual({ minMs: 64000, maxMs: 64500 });
    expect(m.bounds(9)).toEqual({ minMs: 120000, maxMs: 120000 });
    // uniform on [1000, 1500] rounded half up: 1250
    expect(m.meanMs(2)).toBeCloseTo(1250, 9);
    expect(m.meanMs(1)).toBe(0);
    assertSamplesInBounds(m, 12);
  });

  it("refuses a jitter that is not a number of seconds", () => {
    expect(() => model("urllib3", { jitter: "full" })).toThrow(/^backoff_jitter is a number of seconds from 0, such as 0.5, got "full"$/);
    expect(() => model("urllib3", { jitter: "-1" })).toThrow(/^backoff_jitter/);
  });
});

describe("spring-retry (ExponentialBackOffPolicy.java, ExponentialRandomBackOffPolicy.java)", () => {
  // sleep = interval; if (sleep > max) sleep = max; else interval = (long) (interval * multiplier)
  it("100, 200, 400 … 25600, then maxInterval 30000 from attempt 10; maxAttempts 3 = 2 retries", () => {
    expect(delays("spring-retry", {}, [1, 2, 3, 9, 10, 11])).toEqual([100, 200, 400, 25600, 30000, 30000]);
    expect(model("spring-retry").capReachedAt()).toBe(10);
    expect(model("spring-retry").retries).toBe(2);
  });

  it("truncated to a long at every step: multiplier 1.5 gives 100, 150, 225, 337, 505, 757", () => {
    expect(delays("spring-retry", { factor: 1.5 }, [1, 2, 3, 4, 5, 6])).toEqual([100, 150, 225, 337, 505, 757]);
  });

  it("random: (long)(d × (1 + nextFloat() × (m − 1))), [100, 199] at attempt 1, exactly maxInterval past it", () => {
    const m = model("spring-retry", { jitter: "random" });
    // (long)(100 × (1 + (1 − 2^-24))) = (long)199.99999403953552 = 199
    expect(m.bounds(1)).toEqual({ minMs: 100, maxMs: 199 });
    expect(m.bounds(9)).toEqual({ minMs: 25600, maxMs: 30000 });
    expect(m.bounds(10)).toEqual({ minMs: 30000, maxMs: 30000 });
    // E[floor(U)] on [100, 200): 149.5
    expect(m.meanMs(1)).toBeCloseTo(149.5, 9);
    assertSamplesInBounds(m, 12);
  });

  it("refuses what the setters do not take", () => {
    expect(() => model("spring-retry", { baseMs: 1.5 })).toThrow(/^setInitialInterval takes a long \(whole milliseconds\), got 1.5 ms$/);
    expect(() => model("spring-retry", { jitter: "full" })).toThrow(/^the back-off policy is none \(ExponentialBackOffPolicy\) or random/);
  });
});

describe("kafka (clients/.../common/utils/ExponentialBackoff.java, producer RecordAccumulator, ProducerBatch)", () => {
  // term = initialInterval * Math.pow(2, Math.min(attempts, expMax)); Math.min((long) (nextDouble(0.8, 1.2) * term), maxInterval)
  it("100, 200, 400, 800, then 1000 (term 1000.0000000000002 from attempt 5)", () => {
    expect(delays("kafka", {}, [1, 2, 3, 4, 5, 30])).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(model("kafka").capReachedAt()).toBe(5);
  });

  it("jitter × U[0.8, 1.2): [80, 119] at attempt 1, [800, 1000] past the cap, mean 949.75 there", () => {
    const m = model("kafka");
    // (long)(0.8 × 100) = 80; (long)(1.1999999999999997 × 100) = 119
    expect(m.bounds(1)).toEqual({ minMs: 80, maxMs: 119 });
    expect(m.bounds(5)).toEqual({ minMs: 800, maxMs: 1000 });
    // E[floor(U)] on [80, 120): 99.5; past the cap: half below 1000 (mean 899.5), half clamped to 1000
    expect(m.meanMs(1)).toBeCloseTo(99.5, 9);
    expect(m.meanMs(5)).toBeCloseTo(949.75, 9);
    assertSamplesInBounds(m, 10);
  });

  it("retry.backoff.max.ms 5 s: the term stops at 4999.999999999998, so 4999 un-jittered, 3999–5000 jittered", () => {
    const m = model("kafka", { capMs: 5000 });
    expect([6, 7, 8].map((a) => m.delay(a).delayMs)).toEqual([3200, 4999, 4999]);
    expect(m.bounds(7)).toEqual({ minMs: 3999, maxMs: 5000 });
    expect(m.capReachedAt()).toBeNull();
  });

  it("delivery.timeout.ms (120 s) ends retrying: attempt 122 without jitter, 152 at the latest", () => {
    // plain: 100 + 200 + 400 + 800 = 1500, then 1000 each: 1500 + 118 × 1000 < 120000, so attempt 122
    // low draws: 80 + 160 + 320 + 640 = 1200, then 800: 1200 + 148 × 800 = 119600 < 120000, so attempt 152
    const m = model("kafka");
    expect(m.retries).toBe(2_147_483_647);
    // The rows end where it stops without jitter; with jitter the most retries are the all-low run's.
    expect([m.stop?.lastAttempt, m.stop?.most]).toEqual([122, 152]);
    expect(m.stop?.reason).toMatch(/without jitter attempt 122 is the last one retried; with it, from \d+ \(every draw high\) to 152 \(every draw low\)/);
    // a 40 s timeout: plain 1500 + 38 × 1000 = 39500 < 40000 → 42
    expect(model("kafka", { maxElapsedMs: 40_000 }).stop?.lastAttempt).toBe(42);
    expect(model("kafka", { retries: 5 }).stop).toBeNull();
  });

  it("retry.backoff.max.ms at or below retry.backoff.ms: a constant wait, no jitter", () => {
    const m = model("kafka", { baseMs: 2000, capMs: 1000 });
    expect(m.jittered).toBe(false);
    expect([1, 2, 3].map((a) => m.delay(a).delayMs)).toEqual([1000, 1000, 1000]);
  });

  it("refuses what the producer refuses", () => {
    expect(() => model("kafka", { maxElapsedMs: 10_000 })).toThrow(/^delivery.timeout.ms should be equal to or larger than linger.ms \+ request.timeout.ms \(0 \+ 30,000 ms by default\), got 10,000 ms$/);
    expect(() => model("kafka", { baseMs: 1.5 })).toThrow(/^retry.backoff.ms is a long \(whole milliseconds\), got 1.5 ms$/);
    expect(Object.keys(findPreset("kafka")!.parameters)).not.toContain("jitter");
  });
});

describe("go-retryablehttp (client.go DefaultBackoff, LinearJitterBackoff)", () => {
  // mult := math.Pow(2, float64(attemptNum)) * float64(min); if float64(sleep) != mult || sleep > max { sleep = max }; attemptNum = a − 1
  it("1, 2, 4, 8 s for RetryMax 4; RetryWaitMax 30 s from attempt 6 (32 s)", () => {
    expect(delays("go-retryablehttp", {}, [1, 2, 3, 4, 5, 6, 40])).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(model("go-retryablehttp").retries).toBe(4);
    expect(model("go-retryablehttp").capReachedAt()).toBe(6);
    expect(model("go-retryablehttp").jittered).toBe(false);
  });

  it("LinearJitterBackoff: a × (int64(r × (max − min)) + min) ns, not capped: [1 s, 30 s] at 1, [4 s, 120 s] at 4", () => {
    const m = model("go-retryablehttp", { strategy: "linear" });
    // int64((1 − 2^-53) × 29e9) = 28999999999; + 1e9 = 29999999999 ns → 30000 ms (half up)
    expect(m.bounds(1)).toEqual({ minMs: 1000, maxMs: 30000 });
    expect(m.bounds(4)).toEqual({ minMs: 4000, maxMs: 120000 });
    expect(m.capMs).toBeNull();
    // a × uniform on [1000, 30000) ms: mean 15500 a
    expect(m.meanMs(2)).toBeCloseTo(31000, 6);
    assertSamplesInBounds(m, 6);
  });

  it("LinearJitterBackoff with RetryWaitMax ≤ RetryWaitMin: a × RetryWaitMin, no jitter", () => {
    const m = model("go-retryablehttp", { strategy: "linear", baseMs: 5000, capMs: 1000 });
    expect(m.jittered).toBe(false);
    expect([1, 2, 3].map((a) => m.delay(a).delayMs)).toEqual([5000, 10000, 15000]);
  });

  it("has no fixed Backoff", () => {
    expect(() => model("go-retryablehttp", { strategy: "fixed" })).toThrow(/^the Backoff is DefaultBackoff \(exponential\) or LinearJitterBackoff \(linear\)/);
  });
});

describe("axios-retry (src/index.ts exponentialDelay, linearDelay)", () => {
  // calculatedDelay = 2 ** retryNumber * delayFactor; randomSum = delay * 0.2 * Math.random(); retryCount is 1 at the first retry
  it("200, 400, 800 ms for the default 3 retries; + up to 20 %", () => {
    expect(delays("axios-retry", {}, [1, 2, 3])).toEqual([200, 400, 800]);
    expect(model("axios-retry").retries).toBe(3);
    // 200 + 200 × 0.2 × (1 − 2^-52) = 239.99999999999997 → 240 half up
    expect(bounds("axios-retry", {}, 1)).toEqual({ minMs: 200, maxMs: 240 });
    expect(bounds("axios-retry", {}, 10)).toEqual({ minMs: 102400, maxMs: 122880 });
    // uniform on [200, 240] rounded half up: 220
    expect(model("axios-retry").meanMs(1)).toBeCloseTo(220, 9);
    assertSamplesInBounds(model("axios-retry"), 10);
  });

  it("linearDelay(delayFactor): a × delayFactor, no jitter", () => {
    expect(delays("axios-retry", { strategy: "linear", baseMs: 150 }, [1, 2, 3])).toEqual([150, 300, 450]);
    expect(model("axios-retry", { strategy: "linear" }).jittered).toBe(false);
    expect(() => model("axios-retry", { strategy: "fixed" })).toThrow(/^retryDelay is exponentialDelay \(exponential\) or linearDelay \(linear\)/);
  });
});

describe("got (source/core/calculate-retry-delay.ts)", () => {
  // Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + Math.random() * retryOptions.noise
  it("1000, 2000 ms + up to 100 ms noise, for the default 2 retries", () => {
    expect(delays("got", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(model("got").retries).toBe(2);
    expect(bounds("got", {}, 1)).toEqual({ minMs: 1000, maxMs: 1100 });
    expect(model("got").meanMs(1)).toBeCloseTo(1050, 9);
    expect(model("got").capMs).toBeNull();
  });

  it("noise is added after backoffLimit: 3000–3100 ms past a 3 s limit", () => {
    const m = model("got", { capMs: 3000 });
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 3000, 3000]);
    expect(m.capReachedAt()).toBe(3);
    expect(m.bounds(4)).toEqual({ minMs: 3000, maxMs: 3100 });
    expect(m.mayExceedCap).toBe(true);
    assertSamplesInBounds(m, 6);
  });

  it("a negative noise subtracts: [950, 1000] with noise −50", () => {
    expect(bounds("got", { jitter: "-50" }, 1)).toEqual({ minMs: 950, maxMs: 1000 });
    assertSamplesInBounds(model("got", { jitter: "-50" }), 6);
  });

  it("refuses a noise past ±100 ms, as got's options check does", () => {
    expect(() => model("got", { jitter: "150" })).toThrow(/^retry.noise is a number of ms from -100 to 100/);
    expect(Object.keys(findPreset("got")!.parameters)).toEqual(["capMs", "jitter", "retries"]);
  });
});

describe("uncapped presets far out: saturated, never NaN", () => {
  // 2^600 × 100 ms overflows the exact mean's squares; 2^1100 × 1000 ms is Infinity, and Infinity × 0 is NaN.
  it.each([
    ["axios-retry", {}, 600],
    ["axios-retry", {}, 1100],
    ["got", {}, 1100],
    ["step-functions", { jitter: "FULL" }, 1100],
  ] as [string, PresetOverrides, number][])("%s %j at attempt %i", (name, overrides, attempt) => {
    const m = model(name, overrides);
    expect(m.delay(attempt).delayMs).toBe(SATURATED_MS);
    expect(m.meanMs(attempt)).toBe(SATURATED_MS);
    expect(m.bounds(attempt).maxMs).toBe(SATURATED_MS);
    const sample = m.sampler({ fraction: () => 0, integer: (min) => min });
    for (let a = 1; a < attempt; a++) sample(a);
    expect(Number.isNaN(sample(attempt))).toBe(false);
  });
});
