import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../../src/core/model.js";
import { AwsRetryQuota } from "../../../../src/core/herd/capacity/limits/aws-retry-quota.js";
import { CircuitBreaker } from "../../../../src/core/herd/capacity/limits/circuit-breaker.js";
import { GrpcRetryThrottling } from "../../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";
import { RetryBudget } from "../../../../src/core/herd/capacity/limits/retry-budget.js";
import { NO_RETRIES, type RetryPolicy } from "../../../../src/core/herd/capacity/retry-policy.js";
import type { CapacitySetup } from "../../../../src/core/herd/capacity/setup.js";
import { type CapacityTotals, type CapacityWindow, capacityWindows } from "../../../../src/core/herd/capacity/simulate.js";

const noDraws: RandomSource = {
  fraction: () => {
    throw new Error("no draw expected");
  },
  integer: () => {
    throw new Error("no draw expected");
  },
};
const random = { arrivals: noDraws, delay: noDraws };

/** `retries` retries, each `waitMs` after the failure. */
const fixed = (retries: number, waitMs: number): RetryPolicy => () => (n) => (n <= retries ? waitMs : null);

/** Uniform arrivals, a server that is never the bottleneck (1 ms per call, 100 at once, no queue), no outage. */
const setup = (overrides: Partial<CapacitySetup>): CapacitySetup => ({
  rps: 10,
  arrivals: "uniform",
  server: { concurrency: 100, serviceMs: 1, queue: 0 },
  timeoutMs: Infinity,
  outage: null,
  durationMs: 1000,
  windowMs: 500,
  retry: NO_RETRIES,
  limits: [],
  ...overrides,
});

function run(s: CapacitySetup): { windows: CapacityWindow[]; totals: CapacityTotals } {
  const windows: CapacityWindow[] = [];
  const stream = capacityWindows(s, random);
  for (;;) {
    const next = stream.next();
    if (next.done) return { windows, totals: next.value };
    windows.push(next.value);
  }
}

describe("worked by hand", () => {
  it("no retries, no outage: calls = arrivals, all answered; per window", () => {
    // Arrivals at 0, 100, …, 900 ms: five per 500 ms window; each call 1 ms of one of 100 slots.
    const { windows, totals } = run(setup({}));
    expect(totals).toMatchObject({ windows: 2, arrivals: 10, calls: 10, retries: 0, succeeded: 10, failed: 0, gaveUp: 0, unfinished: 0 });
    expect(windows.map((w) => [w.startMs, w.endMs, w.arrivals, w.calls, w.succeeded, w.busyMs])).toEqual([
      [0, 500, 5, 5, 5, 5],
      [500, 1000, 5, 5, 5, 5],
    ]);
    // 5 ms busy over 100 slots × 500 ms.
    expect(windows[0]!.utilisation).toBe(5 / 50_000);
  });

  it("a full outage (errors) with 3 retries: calls = 4 × arrivals", () => {
    // Each request fails at t, t + 10, t + 20, t + 30 and then gives up; the last (at 900) is done by 930.
    const { totals } = run(setup({ outage: { startMs: 0, endMs: 1000, kind: "errors" }, retry: fixed(3, 10) }));
    expect(totals).toMatchObject({ arrivals: 10, calls: 40, retries: 30, failed: 40, outageFailures: 40, succeeded: 0, gaveUp: 10, unfinished: 0 });
  });

  it("an outage in the middle: only the requests arriving in it make 4 calls", () => {
    // Outage [200, 500): requests at 200, 300, 400 fail 4 times (their retries end by 430); the other 7 succeed at once.
    const { windows, totals } = run(setup({ outage: { startMs: 200, endMs: 500, kind: "errors" }, retry: fixed(3, 10) }));
    expect(totals).toMatchObject({ arrivals: 10, calls: 3 * 4 + 7, retries: 9, succeeded: 7, failed: 12, gaveUp: 3 });
    expect(windows.map((w) => [w.calls, w.retries, w.failed])).toEqual([
      [14, 9, 12],
      [5, 0, 0],
    ]);
  });

  it("a server full at every other arrival rejects half (one slot, 100 ms a call, no queue)", () => {
    // Arrivals every 50 ms: the call at 0 is served to 100; the one at 50 finds the slot taken; at 100 the slot is free again.
    // The call at 900 is answered at 1000, when time has run out: 9 answered, 1 unfinished.
    const { windows, totals } = run(setup({ rps: 20, server: { concurrency: 1, serviceMs: 100, queue: 0 } }));
    expect(totals).toMatchObject({ arrivals: 20, calls: 20, succeeded: 9, rejected: 10, failed: 10, unfinished: 1 });
    expect(windows.map((w) => w.utilisation)).toEqual([1, 1]);
  });

  it("a queue and a timeout: late answers become timeouts and the server keeps working on them", () => {
    // One slot, 100 ms a call, arrivals every 50 ms: call i starts at 100·i and is answered at 100·(i + 1),
    // 50·i + 100 after it was sent: within the 250 ms timeout for i ≤ 3. Calls 4.. time out at 50·i + 250,
    // inside the run (< 1000) for i ≤ 14; calls 15..19 are still waiting when time runs out.
    const { totals, windows } = run(setup({ rps: 20, server: { concurrency: 1, serviceMs: 100, queue: 10 }, timeoutMs: 250, windowMs: 1000 }));
    expect(totals).toMatchObject({ arrivals: 20, calls: 20, succeeded: 4, timedOut: 11, gaveUp: 11, unfinished: 5, rejected: 0 });
    // Busy from 0 to the end: a queue is always waiting.
    expect(windows[0]!.utilisation).toBe(1);
    // At 1000: calls 10..19 are in the server (call 9 was answered at 1000).
    expect(windows[0]!.inServer).toBe(10);
  });

  it("a stall: the server serves nothing in it, calls wait for its end", () => {
    // Stall [100, 300): the call sent at 100 starts at 300 (answered 310), the one at 200 at 310 (320), 300 at 320 (330).
    const { totals, windows } = run(setup({ server: { concurrency: 1, serviceMs: 10, queue: 100 }, timeoutMs: 1000, outage: { startMs: 100, endMs: 300, kind: "stall" }, windowMs: 100 }));
    expect(totals).toMatchObject({ arrivals: 10, succeeded: 10, failed: 0 });
    expect(windows.map((w) => w.succeeded)).toEqual([1, 0, 0, 3, 1, 1, 1, 1, 1, 1]);
    expect(windows.map((w) => w.busyMs)).toEqual([10, 0, 0, 30, 10, 10, 10, 10, 10, 10]);
  });

  it("a full stall with a timeout and 3 retries: calls = 4 × arrivals, all timed out", () => {
    // Each call waits 20 ms and times out; retries 5 ms later; the last request (900) is done at 900 + 4·20 + 3·5 = 995 < 1000.
    const { totals } = run(setup({ server: { concurrency: 1, serviceMs: 1, queue: 1000 }, timeoutMs: 20, outage: { startMs: 0, endMs: 1000, kind: "stall" }, retry: fixed(3, 5) }));
    expect(totals).toMatchObject({ arrivals: 10, calls: 10 * 4, timedOut: 40, succeeded: 0, gaveUp: 10, unfinished: 0 });
  });
});

describe("client-side limits in a full outage (errors): 100 requests/s for 10 s, 3 retries 1 ms apart", () => {
  const outage = (limits: CapacitySetup["limits"], retry = fixed(3, 1)) =>
    run(setup({ rps: 100, durationMs: 10_000, windowMs: 10_000, outage: { startMs: 0, endMs: 10_000, kind: "errors" }, retry, limits })).totals;

  it("without a limit: 4 calls per request", () => {
    expect(outage([])).toMatchObject({ arrivals: 1000, calls: 4000, retries: 3000 });
  });

  it("the AWS retry quota: a full bucket of 500 allows 100 retries at 5 each", () => {
    // Requests 0..32 make 3 retries each (99, 495 tokens), request 33 one more (the 100th, bucket empty), then every retry is refused.
    const totals = outage([new AwsRetryQuota()]);
    expect(totals).toMatchObject({ calls: 1100, retries: 100, denied: 1 + (1000 - 34), gaveUp: 1000 });
    expect(totals.deniedBy).toEqual([{ name: "AWS retry quota", denied: 967 }]);
  });

  it("gRPC retry throttling (10 tokens, ratio 0.1): retries stop once 5 failures have brought the count to 5", () => {
    // Request 0: failures take the count to 9, 8, 7 (each > 5: retried), its fourth failure to 6 (no retries left);
    // request 1's first failure takes it to 5 ≤ 10/2: no retry, then or later (no success ever adds tokens).
    expect(outage([new GrpcRetryThrottling({ maxTokens: 10, tokenRatio: 0.1 })])).toMatchObject({ calls: 1003, retries: 3, denied: 999 });
  });

  it("a 10% retry budget: one retry per ten requests", () => {
    // Request k (k + 1 requests in the window) may retry when (retries + 1) × 100 ≤ 10 × (k + 1): requests 9, 19, …, 999 each get one.
    expect(outage([new RetryBudget(10)])).toMatchObject({ calls: 1100, retries: 100, denied: 1000 });
  });

  it("limits combine: each must allow the retry, and one that refuses takes nothing from the others", () => {
    const quota = new AwsRetryQuota();
    expect(outage([new RetryBudget(10), quota])).toMatchObject({ retries: 100 });
    // 100 retries granted by both: 500 tokens taken, none by the 900 the budget refused first.
    expect(quota.available).toBe(0);
  });
});

describe("a circuit breaker", () => {
  it("opens after 20 failures of 20, refuses for 5 s, then a probe closes it", () => {
    // Outage [0, 1000), no retries, arrivals every 10 ms: the calls at 0..190 fail; the 20th failure (190) opens it until 5190;
    // the requests at 200..5180 are refused (499); the one at 5190 (the break's end) is the probe, answered ok;
    // all later calls go through: 20 + 481 calls, 481 answered.
    const { totals } = run(
      setup({ rps: 100, durationMs: 10_000, windowMs: 1000, outage: { startMs: 0, endMs: 1000, kind: "errors" }, limits: [new CircuitBreaker({ failureRatio: 0.5, windowMs: 10_000, minimumCalls: 20, breakMs: 5000 })] }),
    );
    expect(totals).toMatchObject({ arrivals: 1000, refused: 499, calls: 501, failed: 20, succeeded: 481 });
  });
});
