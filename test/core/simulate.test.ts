import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Jitter, jitterPlan } from "../../src/core/jitter/index.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { type Cohort, loadHistogram, loadHistograms, mergeSorted, peakLoad, percentile, simulateCohort } from "../../src/core/simulate.js";
import { cohortRandom } from "../../src/cli/simulate/cohort.js";
import { scriptedRandom } from "../support/random.js";

const noRandom = () => scriptedRandom([]);
const cohort = (overrides: Partial<Cohort>): Cohort => ({ clients: 4, spreadMs: 0, success: 0, windowMs: 100, attempts: 3, ...overrides });

describe("peak load: the most events in any window [t, t + window)", () => {
  it("counted by hand", () => {
    const times = Float64Array.from([0, 50, 99, 100, 150, 300]);
    // [0, 100): 0, 50, 99 → 3; [50, 150): 50, 99, 100 → 3; [99, 199): 99, 100, 150 → 3; [100, 200): 2; [300, 400): 1.
    expect(peakLoad(times, 100)).toBe(3);
    // [0, 101): 0, 50, 99, 100 → 4.
    expect(peakLoad(times, 101)).toBe(4);
    // The window is half-open: 0 and 100 are not in one 100 ms window.
    expect(peakLoad(Float64Array.from([0, 100]), 100)).toBe(1);
    expect(peakLoad(new Float64Array(0), 100)).toBe(0);
  });
  it("percentiles are nearest-rank", () => {
    const sorted = Float64Array.from([10, 20, 30, 40]);
    expect(percentile(sorted, 0.5)).toBe(20); // rank ⌈0.5·4⌉ = 2
    expect(percentile(sorted, 0.95)).toBe(40); // rank ⌈3.8⌉ = 4
  });
  it("histogram of events per window-sized bucket", () => {
    const times = Float64Array.from([100, 150, 200, 900, 900, 1100]);
    // Buckets of 100 ms from 0: [100,200) holds 100 and 150; [200,300) holds 200; [900,1000) two; [1100,1200) one.
    expect(Array.from(loadHistogram(times, 100))).toEqual([0, 2, 1, 0, 0, 0, 0, 0, 0, 2, 0, 1]);
    expect(() => loadHistogram(times, 0.001, 0, 1000)).toThrow(/buckets/);
  });
  it("merges sorted arrays", () => {
    const merged = mergeSorted([Float64Array.from([1, 5, 9]), Float64Array.from([2, 2, 10]), Float64Array.from([0])]);
    expect(Array.from(merged)).toEqual([0, 1, 2, 2, 5, 9, 10]);
  });
});

describe("a small cohort, worked by hand", () => {
  it("without jitter: every client fires together, the peak is the cohort", () => {
    // fixed 100 ms, 4 clients, 3 retries: everyone fires at 100, 200 and 300 ms.
    const plan = jitterPlan(normalizePolicy({ strategy: "fixed", baseMs: 100 }), { kind: "none" });
    const result = simulateCohort(plan, cohort({}), { start: noRandom(), delay: noRandom(), success: noRandom() });
    expect(result.attempts.map((a) => [a.clients, a.earliestMs, a.p50Ms, a.latestMs, a.peakLoad])).toEqual([
      [4, 100, 100, 100, 4],
      [4, 200, 200, 200, 4],
      [4, 300, 300, 300, 4],
    ]);
    expect(result.peakLoad).toBe(4);
    expect(result.calls).toBe(16); // 4 first calls + 4·3 retries
    expect(result.completionMs).toBe(300);
    // A 150 ms window holds attempts 1 and 2 ([100, 250)): 8.
    const wide = simulateCohort(plan, cohort({ windowMs: 150 }), { start: noRandom(), delay: noRandom(), success: noRandom() });
    expect(wide.peakLoad).toBe(8);
  });

  it("with full jitter and scripted draws", () => {
    // fixed 1 s, full jitter: each delay is U{0..1000}. Three clients, two retries, draws in client order per attempt:
    // attempt 1: 100, 150, 900 → fires at 100, 150, 900; attempt 2: 1000, 50, 0 → fires at 1100, 200, 900.
    const plan = jitterPlan(normalizePolicy({ strategy: "fixed", baseMs: 1000 }), { kind: "full" });
    const delay = scriptedRandom([100, 150, 900, 1000, 50, 0]);
    const result = simulateCohort(plan, cohort({ clients: 3, attempts: 2 }), { start: noRandom(), delay, success: noRandom() });
    expect(delay.used()).toBe(6);
    const [first, second] = result.attempts;
    // Attempt 1 sorted: 100, 150, 900. p50 = rank ⌈1.5⌉ = 2 → 150; p95 = rank ⌈2.85⌉ = 3 → 900; [100, 200) holds 2.
    expect(first).toEqual({ attempt: 1, clients: 3, earliestMs: 100, p50Ms: 150, p95Ms: 900, latestMs: 900, peakLoad: 2 });
    // Attempt 2 sorted: 200, 900, 1100: no two within 100 ms.
    expect(second).toEqual({ attempt: 2, clients: 3, earliestMs: 200, p50Ms: 900, p95Ms: 1100, latestMs: 1100, peakLoad: 1 });
    // All six: 100, 150, 200, 900, 900, 1100: [100, 200) → 2, [150, 250) → 2, [900, 1000) → 2.
    expect(result.peakLoad).toBe(2);
    expect(result.completionMs).toBe(1100);
    expect(result.calls).toBe(9);
    // With a 101 ms window, [100, 201) holds 100, 150 and 200.
    const again = simulateCohort(plan, cohort({ clients: 3, attempts: 2, windowMs: 101 }), {
      start: noRandom(),
      delay: scriptedRandom([100, 150, 900, 1000, 50, 0]),
      success: noRandom(),
    });
    expect(again.peakLoad).toBe(3);
  });

  it("decorrelated draws from each client's own previous delay", () => {
    // base 100, cap 1 s. Client 0 draws 300 (from U{100..300}), then U{100..900} → 900; client 1 draws 100, then U{100..300} → 300.
    const plan = jitterPlan(normalizePolicy({ baseMs: 100, capMs: 1000 }), { kind: "decorrelated" });
    const delay = scriptedRandom([300, 100, 900, 300]);
    const result = simulateCohort(plan, cohort({ clients: 2, attempts: 2 }), { start: noRandom(), delay, success: noRandom() });
    expect(result.attempts.map((a) => [a.earliestMs, a.latestMs])).toEqual([
      [100, 300],
      [400, 1200], // client 1: 100 + 300; client 0: 300 + 900
    ]);
  });

  it("spread start times come from the start stream", () => {
    const plan = jitterPlan(normalizePolicy({ strategy: "fixed", baseMs: 100 }), { kind: "none" });
    const start = scriptedRandom([0, 40, 250]);
    const result = simulateCohort(plan, cohort({ clients: 3, attempts: 1, spreadMs: 250 }), { start, delay: noRandom(), success: noRandom() });
    expect(result.attempts[0]).toMatchObject({ earliestMs: 100, latestMs: 350, peakLoad: 2 }); // 100, 140 in [100, 200)
  });
});

describe("cohort properties", () => {
  it("un-jittered, with delays of at least the window, the peak is the cohort size", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 100, max: 5000 }),
        fc.constantFrom("exponential" as const, "linear" as const, "fixed" as const),
        fc.integer({ min: 1, max: 8 }),
        (clients, baseMs, strategy, attempts) => {
          const plan = jitterPlan(normalizePolicy({ strategy, baseMs, capMs: baseMs * 10 }), { kind: "none" });
          const result = simulateCohort(plan, cohort({ clients, attempts }), cohortRandom(1));
          return result.peakLoad === clients && result.attempts.every((a) => a.peakLoad === clients);
        },
      ),
      { seed: 42, numRuns: 200 },
    );
  });

  it("the same seed gives the same run, another seed a different one", () => {
    const plan = jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "full" });
    const c = cohort({ clients: 2000, attempts: 6, spreadMs: 1000, success: 0.2 });
    const a = simulateCohort(plan, c, cohortRandom(7));
    const b = simulateCohort(plan, c, cohortRandom(7));
    const other = simulateCohort(plan, c, cohortRandom(8));
    expect(b).toEqual(a);
    expect(other.attempts).not.toEqual(a.attempts);
  });

  it("successes thin the cohort, identically for every jitter mode (a separate stream)", () => {
    const policy = normalizePolicy({ baseMs: 1000, capMs: 30_000 });
    const c = cohort({ clients: 5000, attempts: 8, success: 0.3 });
    const modes: Jitter[] = [{ kind: "none" }, { kind: "full" }, { kind: "equal" }, { kind: "decorrelated" }, { kind: "proportional", fraction: 0.2 }];
    const runs = modes.map((jitter) => simulateCohort(jitterPlan(policy, jitter), c, cohortRandom(3)));
    const firing = runs[0]!.attempts.map((a) => a.clients);
    for (const run of runs) expect(run.attempts.map((a) => a.clients)).toEqual(firing);
    for (let i = 1; i < firing.length; i++) expect(firing[i]!).toBeLessThanOrEqual(firing[i - 1]!);
    expect(firing[0]).toBe(5000);
    // 5000 · 0.7^7 ≈ 412 still fire at attempt 8; far from 0 and from 5000.
    expect(firing[7]!).toBeGreaterThan(300);
    expect(firing[7]!).toBeLessThan(550);
  });

  it("success 1: every client is done after its first retry", () => {
    const plan = jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "full" });
    const result = simulateCohort(plan, cohort({ clients: 100, attempts: 5, success: 1 }), cohortRandom(1));
    expect(result.attempts).toHaveLength(1);
    expect(result.calls).toBe(200);
  });

  it("jitter spreads the herd: a lower peak than without", () => {
    const policy = normalizePolicy({ baseMs: 1000, capMs: 30_000 });
    const c = cohort({ clients: 10_000, attempts: 10 });
    const none = simulateCohort(jitterPlan(policy, { kind: "none" }), c, cohortRandom(42));
    const full = simulateCohort(jitterPlan(policy, { kind: "full" }), c, cohortRandom(42));
    expect(none.peakLoad).toBe(10_000);
    // Full jitter's first retry is U{0..1000}: about 10,000 · 100/1001 ≈ 1,000 per 100 ms window
    // (the busiest of ten windows a few standard deviations, ±30, above that).
    expect(full.attempts[0]!.peakLoad).toBeGreaterThan(1000);
    expect(full.attempts[0]!.peakLoad).toBeLessThan(1200);
    // Overall, retries 2 and 3 land on top of retry 1: near t = 1 s the densities are 10/ms (retry 1),
    // 1000/(1000·2000)·10,000 = 5/ms (U1 + U2) and a little over 1/ms (U1 + U2 + U3): about 1,600 per 100 ms.
    expect(full.peakLoad).toBeGreaterThan(1400);
    expect(full.peakLoad).toBeLessThan(1900);
    expect(full.retries).toBe(none.retries);
  });

  it("keeps every retry time, sorted, when asked (for the histogram)", () => {
    const plan = jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "equal" });
    const result = simulateCohort(plan, cohort({ clients: 500, attempts: 4 }), cohortRandom(5), { keepRetryTimes: true });
    expect(result.retryTimes).toHaveLength(2000);
    for (let i = 1; i < result.retryTimes.length; i++) expect(result.retryTimes[i]!).toBeGreaterThanOrEqual(result.retryTimes[i - 1]!);
    const histogram = loadHistogram(result.retryTimes, 100);
    expect(histogram.reduce((sum, n) => sum + n, 0)).toBe(2000);
    expect(Math.max(...histogram)).toBeLessThanOrEqual(result.peakLoad);
    // Beside the un-jittered run: 500 retries at 1, 3, 7 and 15 s, i.e. buckets 10, 30, 70 and 150.
    const none = simulateCohort(jitterPlan(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { kind: "none" }), cohort({ clients: 500, attempts: 4 }), cohortRandom(5), {
      keepRetryTimes: true,
    });
    const [jittered, plain] = loadHistograms([result, none], 100);
    expect(jittered!.length).toBe(plain!.length);
    expect([plain![10], plain![30], plain![70], plain![150]]).toEqual([500, 500, 500, 500]);
    expect(plain!.reduce((sum, n) => sum + n, 0)).toBe(2000);
  });
});
