import { describe, expect, it } from "vitest";
import { jitteredPolicyModel } from "../../../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../../../src/core/policy.js";
import { NO_RETRIES, scheduleRetries } from "../../../../../src/core/herd/capacity/retry-policy.js";
import { type CapacityResult, capacityResult, simulateCapacity } from "../../../../../src/core/herd/capacity/run.js";
import type { ClientLimit } from "../../../../../src/core/herd/capacity/limits/limit.js";
import type { FlowLimit } from "../../../../../src/core/herd/capacity/flow/flow-limit.js";
import { RetryBudget } from "../../../../../src/core/herd/capacity/limits/retry-budget.js";
import { AwsRetryQuota } from "../../../../../src/core/herd/capacity/limits/aws-retry-quota.js";
import { GrpcRetryThrottling } from "../../../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";
import { CircuitBreaker } from "../../../../../src/core/herd/capacity/limits/circuit-breaker.js";
import { policySpreads } from "../../../../../src/core/herd/capacity/flow/delay-spread.js";
import { capacityFlowWindows } from "../../../../../src/core/herd/capacity/flow/simulate-flow.js";
import { seededRandom } from "../../../../support/random.js";

// docs/simulate.md's storm (`simulate --model capacity --outage 10s..20s --base 100ms --cap 1s --jitter full --attempts 3
// --compare none,budget=10%,quota,throttling,breaker,no-retries`): 500 requests/s into 1,000 calls/s, a 10 s stall.
// The expected counts against eight seeds of the per-call model, variant by variant.
const policy = normalizePolicy({ baseMs: 100, capMs: 1000 });
const storm = {
  rps: 500,
  arrivals: "poisson" as const,
  server: { concurrency: 1, serviceMs: 1, queue: 2000 },
  timeoutMs: 1000,
  outage: { startMs: 10_000, endMs: 20_000, kind: "stall" as const },
  durationMs: 60_000,
  windowMs: 1000,
};
const VARIANTS: [string, () => (ClientLimit & FlowLimit)[], number][] = [
  ["no limit", () => [], 3],
  ["retry budget 10%", () => [new RetryBudget(10)], 3],
  ["AWS retry quota (the Builders' Library's token bucket)", () => [new AwsRetryQuota()], 3],
  ["gRPC retry throttling", () => [new GrpcRetryThrottling()], 3],
  ["circuit breaker", () => [new CircuitBreaker()], 3],
  ["no retries", () => [], 0],
];
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const recoveryOf = (r: CapacityResult) => (r.recovery.kind === "recovered" ? r.recovery.drainMs : r.recovery.kind);

describe("expected counts against the per-call model across seeds (docs/simulate.md's storm and its limits)", () => {
  for (const [name, limits, retries] of VARIANTS) {
    it(name, () => {
      const model = jitteredPolicyModel(policy, { kind: "full" });
      const sampled = SEEDS.map((seed) =>
        simulateCapacity({ ...storm, retry: retries === 0 ? NO_RETRIES : scheduleRetries(model, retries), limits: limits() }, { arrivals: seededRandom(seed, 1), delay: seededRandom(seed, 2) }),
      );
      const flow = capacityResult(capacityFlowWindows({ ...storm, spreads: policySpreads(policy, { kind: "full" }, retries), limits: limits() }), storm);
      const within = (value: number, of: number[], slack = 0) => {
        expect(value, `${value} within ${Math.min(...of)}..${Math.max(...of)} ± ${slack}`).toBeGreaterThanOrEqual(Math.min(...of) - slack);
        expect(value, `${value} within ${Math.min(...of)}..${Math.max(...of)} ± ${slack}`).toBeLessThanOrEqual(Math.max(...of) + slack);
      };
      // Calls and answers in time: within the range of the eight runs.
      within(flow.totals.calls, sampled.map((r) => r.totals.calls));
      within(flow.totals.succeeded, sampled.map((r) => r.totals.succeeded));
      // The peak: a sampled run's busiest window is the largest of 60 noisy counts, above the largest expectation by
      // about two of a window's standard deviations (√500 ≈ 22 calls for the Poisson arrivals alone): the range widened by three.
      within(flow.peakCalls, sampled.map((r) => r.peakCalls), 3 * Math.sqrt(storm.rps));
      // The verdict: one that some seed gives (metastable; the drain to the window).
      expect(sampled.map(recoveryOf)).toContain(recoveryOf(flow));
    });
  }

  it("the Builders' Library's storm that a token bucket ends: metastable without a limit, recovered with the AWS quota", () => {
    const run = (limits: (ClientLimit & FlowLimit)[]) => capacityResult(capacityFlowWindows({ ...storm, spreads: policySpreads(policy, { kind: "full" }, 3), limits }), storm);
    expect(run([]).recovery).toEqual({ kind: "metastable", sinceOutageMs: 40_000, healthyBefore: true });
    expect(run([new AwsRetryQuota()]).recovery).toEqual({ kind: "recovered", recoveredAtMs: 23_000, drainMs: 3000, healthyBefore: true });
  });
});
