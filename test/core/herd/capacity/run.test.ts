import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../../src/core/policy.js";
import { AwsRetryQuota } from "../../../../src/core/herd/capacity/limits/aws-retry-quota.js";
import { CircuitBreaker } from "../../../../src/core/herd/capacity/limits/circuit-breaker.js";
import { GrpcRetryThrottling } from "../../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";
import type { ClientLimit } from "../../../../src/core/herd/capacity/limits/limit.js";
import { RetryBudget } from "../../../../src/core/herd/capacity/limits/retry-budget.js";
import { NO_RETRIES, scheduleRetries } from "../../../../src/core/herd/capacity/retry-policy.js";
import type { CapacitySetup } from "../../../../src/core/herd/capacity/setup.js";
import { simulateCapacity } from "../../../../src/core/herd/capacity/run.js";
import type { CapacityWindow } from "../../../../src/core/herd/capacity/simulate.js";
import { seededRandom } from "../../../support/random.js";

// The storm: 500 requests/s into a server of 1,000/s (one slot, 1 ms a call) holding 2 s of work
// in its queue; clients time out after 1 s and retry up to 3 times with full jitter (100 ms base,
// 1 s cap). A 10 s stall (10..20 s) leaves a queue of dead calls, each later call waits 2 s and
// times out, and every request then tries 4 times: 2,000 calls/s offered against 1,000 served.
const full = jitteredPolicyModel(normalizePolicy({ baseMs: 100, capMs: 1000 }), { kind: "full" });
const storm = (limits: ClientLimit[], retry = scheduleRetries(full, 3)): CapacitySetup => ({
  rps: 500,
  arrivals: "poisson",
  server: { concurrency: 1, serviceMs: 1, queue: 2000 },
  timeoutMs: 1000,
  outage: { startMs: 10_000, endMs: 20_000, kind: "stall" },
  durationMs: 60_000,
  windowMs: 1000,
  retry,
  limits,
});
const random = (seed: number) => ({ arrivals: seededRandom(seed, 1), delay: seededRandom(seed, 2) });

describe("a retry storm that outlasts its outage, and the limits that drain it (seeds 1..3)", () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: without a limit the server stays saturated by retries to the end (metastable)`, () => {
      const windows: CapacityWindow[] = [];
      const result = simulateCapacity(storm([]), random(seed), (w) => windows.push(w));
      expect(result.recovery).toEqual({ kind: "metastable", sinceOutageMs: 40_000, healthyBefore: true });
      // Its last 30 s: the server busy throughout, nothing answered in time, about 4 calls per arrival.
      for (const w of windows.slice(30)) {
        expect(w.utilisation).toBeGreaterThan(0.99);
        expect(w.succeeded).toBe(0);
        expect(w.calls / w.arrivals).toBeGreaterThan(3.5);
      }
      expect(result.totals.windows).toBe(60);
    });

    it(`seed ${seed}: a 10% budget, the AWS quota, gRPC throttling, a breaker and no retries each recover within 10 s`, () => {
      const cases: [string, CapacitySetup][] = [
        ["budget", storm([new RetryBudget(10)])],
        ["aws", storm([new AwsRetryQuota()])],
        ["grpc", storm([new GrpcRetryThrottling()])],
        ["breaker", storm([new CircuitBreaker()])],
        ["none", storm([], NO_RETRIES)],
      ];
      for (const [name, setup] of cases) {
        const { recovery } = simulateCapacity(setup, random(seed));
        expect(recovery.kind, name).toBe("recovered");
        // The queue of 2,000 dead calls drains at (1,000 − 500)/s = 4 s at best; a window's resolution on top.
        if (recovery.kind === "recovered") {
          expect(recovery.drainMs, name).toBeGreaterThanOrEqual(3000);
          expect(recovery.drainMs, name).toBeLessThanOrEqual(10_000);
        }
      }
    });
  }

  it("the same seed gives the same windows; arrivals do not depend on the policy", () => {
    const a: CapacityWindow[] = [];
    const b: CapacityWindow[] = [];
    const c: CapacityWindow[] = [];
    simulateCapacity(storm([]), random(7), (w) => a.push(w));
    simulateCapacity(storm([]), random(7), (w) => b.push(w));
    simulateCapacity(storm([new RetryBudget(10)]), random(7), (w) => c.push(w));
    expect(b).toEqual(a);
    expect(c.map((w) => w.arrivals)).toEqual(a.map((w) => w.arrivals));
  });

  it("an overload the arrivals alone cause is not called metastable", () => {
    const { recovery } = simulateCapacity({ ...storm([]), rps: 1200 }, random(1));
    expect(recovery.kind).toBe("overloaded");
  });

  it("the peak of calls in one window, and when", () => {
    const result = simulateCapacity(storm([]), random(1));
    // Four tries per arrival at about 500 arrivals/s.
    expect(result.peakCalls).toBeGreaterThan(1800);
    expect(result.peakCallsAtMs % 1000).toBe(0);
  });
});
