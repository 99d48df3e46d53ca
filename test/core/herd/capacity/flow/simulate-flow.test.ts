import { describe, expect, it } from "vitest";
import { AwsRetryQuota } from "../../../../../src/core/herd/capacity/limits/aws-retry-quota.js";
import { CircuitBreaker } from "../../../../../src/core/herd/capacity/limits/circuit-breaker.js";
import { GrpcRetryThrottling } from "../../../../../src/core/herd/capacity/limits/grpc-retry-throttling.js";
import { RetryBudget } from "../../../../../src/core/herd/capacity/limits/retry-budget.js";
import type { CapacityTotals, CapacityWindow } from "../../../../../src/core/herd/capacity/simulate.js";
import { delaySpread } from "../../../../../src/core/herd/capacity/flow/delay-spread.js";
import { type FlowSetup, capacityFlowWindows, flowRingBins, flowWork, wholeTotals, wholeWindow } from "../../../../../src/core/herd/capacity/flow/simulate-flow.js";

/** `retries` retries, each exactly `waitMs` after the failure. */
const fixed = (retries: number, waitMs: number) => Array.from({ length: retries }, () => delaySpread([[waitMs, waitMs, 1]]));

/** The hand-worked set-ups of test/core/herd/capacity/simulate.test.ts: evenly spaced arrivals, a server never the bottleneck. */
const setup = (overrides: Partial<FlowSetup>): FlowSetup => ({
  rps: 10,
  arrivals: "uniform",
  server: { concurrency: 100, serviceMs: 1, queue: 0 },
  timeoutMs: Infinity,
  outage: null,
  durationMs: 1000,
  windowMs: 500,
  spreads: [],
  limits: [],
  ...overrides,
});

/** Counts to 9 decimals: sums of fractions of calls carry float residue. */
const nine = (x: number) => Math.round(x * 1e9) / 1e9;

function run(s: FlowSetup): { windows: CapacityWindow[]; totals: CapacityTotals } {
  const windows: CapacityWindow[] = [];
  const stream = capacityFlowWindows(s);
  for (;;) {
    const next = stream.next();
    if (next.done) {
      const t = next.value;
      const totals = { ...t, calls: nine(t.calls), retries: nine(t.retries), succeeded: nine(t.succeeded), failed: nine(t.failed), timedOut: nine(t.timedOut), gaveUp: nine(t.gaveUp), denied: nine(t.denied), unfinished: nine(t.unfinished) };
      return { windows, totals };
    }
    windows.push(next.value);
  }
}

describe("expected counts, worked by hand (the per-call model's cases, whose draws these have none of)", () => {
  it("no retries, no outage: calls = arrivals, all answered; per window", () => {
    // Arrivals at 0, 100, …, 900 ms: five per window; each call 1 ms of one of 100 slots, answered within [t + 1, t + 1.01).
    const { windows, totals } = run(setup({}));
    expect(totals).toMatchObject({ windows: 2, arrivals: 10, calls: 10, retries: 0, succeeded: 10, failed: 0, gaveUp: 0, unfinished: 0 });
    expect(windows.map((w) => [w.startMs, w.endMs, w.arrivals, w.calls, w.succeeded, w.busyMs])).toEqual([
      [0, 500, 5, 5, 5, 5],
      [500, 1000, 5, 5, 5, 5],
    ]);
  });

  it("a full outage (errors) with 3 retries: calls = 4 × arrivals; in the middle, only the requests arriving in it make 4", () => {
    expect(run(setup({ outage: { startMs: 0, endMs: 1000, kind: "errors" }, spreads: fixed(3, 10) })).totals).toMatchObject({
      arrivals: 10,
      calls: 40,
      retries: 30,
      failed: 40,
      outageFailures: 40,
      succeeded: 0,
      gaveUp: 10,
      unfinished: 0,
    });
    const { windows, totals } = run(setup({ outage: { startMs: 200, endMs: 500, kind: "errors" }, spreads: fixed(3, 10) }));
    expect(totals).toMatchObject({ arrivals: 10, calls: 3 * 4 + 7, retries: 9, succeeded: 7, failed: 12, gaveUp: 3 });
    expect(windows.map((w) => [w.calls, w.retries, w.failed])).toEqual([
      [14, 9, 12],
      [5, 0, 0],
    ]);
  });

  it("a stall: the server serves nothing in it, calls wait for its end", () => {
    // One slot, 10 ms a call (0.1 a ms), stall [100, 300): the call sent at 100 starts at 300 and its mass finishes over
    // [310, 320), the one at 200 over [320, 330), at 300 over [330, 340): the fluid's finish of a call spreads over one service time.
    const { windows, totals } = run(setup({ server: { concurrency: 1, serviceMs: 10, queue: 100 }, timeoutMs: 1000, outage: { startMs: 100, endMs: 300, kind: "stall" }, windowMs: 100 }));
    expect(totals).toMatchObject({ arrivals: 10, failed: 0 });
    // The call at 900 finishes over [910, 920): all of it within the run.
    expect(totals.succeeded).toBeCloseTo(10, 9);
    expect(windows.map((w) => Math.round(w.succeeded * 1e9) / 1e9)).toEqual([1, 0, 0, 3, 1, 1, 1, 1, 1, 1]);
    expect(windows.map((w) => Math.round(w.busyMs * 1e9) / 1e9)).toEqual([10, 0, 0, 30, 10, 10, 10, 10, 10, 10]);
  });

  it("a queue and a timeout: the part of a call's finish past the deadline times out; the server still works on it", () => {
    // One slot, 100 ms a call, arrivals every 50 ms: call i starts at 100·i and finishes over [100·i + 100, 100·i + 200);
    // its deadline is 50·i + 250, so the share in time is (150 − 50·i)/100 clamped: 1, 1, 0.5, then 0. Answered 2.5.
    // Timed out at 50·i + 250 within the run: half of call 2 and calls 3..14 (12.5); calls 15..19 unfinished (5).
    // (A queue of 20 holds every call: none is rejected.)
    const { totals, windows } = run(setup({ rps: 20, server: { concurrency: 1, serviceMs: 100, queue: 20 }, timeoutMs: 250, windowMs: 1000 }));
    expect(totals).toMatchObject({ arrivals: 20, calls: 20, succeeded: 2.5, timedOut: 12.5, gaveUp: 12.5, unfinished: 5, rejected: 0 });
    expect(windows[0]!.utilisation).toBe(1);
    // At 1000, calls 0..8 have finished (call 8's finish ends at 1000): 11 inside.
    expect(windows[0]!.inServer).toBeCloseTo(11, 9);
  });

  it("the set-up is checked as the per-call model's is", () => {
    expect(() => run(setup({ windowMs: 0 }))).toThrow("the window must be positive, got 0");
  });

  it("its work: milliseconds × kinds of call (first tries; each retry after an error, after a timeout)", () => {
    expect(flowWork({ durationMs: 600_000, retries: 3 })).toBe(600_000 * 7);
  });

  it("its memory: the bins of its rings, each a power of two from 16 covering its horizon (or the run)", () => {
    // One slot of 1 ms, 2,000 waiting, a 1 s timeout, 3 retries 10 ms after the failure, 1 min:
    // the server's two rings hold 2,001 + 1 + 2 ms ahead → 2,048 bins each; the three of answers 1,002 → 1,024;
    // per kind of call (7), retries 12 (first tries 1) → 16 and timeouts 1,002 → 1,024.
    const s = setup({ server: { concurrency: 1, serviceMs: 1, queue: 2000 }, timeoutMs: 1000, spreads: fixed(3, 10), durationMs: 60_000 });
    expect(flowRingBins(s)).toBe(2 * 2048 + 3 * 1024 + 7 * 16 + 7 * 1024);
    // A 10 s run: no ring holds more than the run.
    expect(flowRingBins({ ...s, durationMs: 100, outage: { startMs: 0, endMs: 50, kind: "stall" } })).toBe(2 * 128 + 3 * 128 + 7 * 16 + 7 * 128);
  });
});

describe("client-side limits in a full outage (errors): 100 requests/s for 10 s, 3 retries 1 ms apart", () => {
  const outage = (limits: FlowSetup["limits"], spreads = fixed(3, 1)) =>
    run(setup({ rps: 100, durationMs: 10_000, windowMs: 10_000, outage: { startMs: 0, endMs: 10_000, kind: "errors" }, spreads, limits })).totals;

  it("without a limit: 4 calls per request", () => {
    expect(outage([])).toMatchObject({ arrivals: 1000, calls: 4000, retries: 3000 });
  });

  it("the AWS retry quota: a full bucket of 500 allows 100 retries at 5 each, as one call at a time does", () => {
    // Requests 0..32 make 3 retries each (495 tokens), request 33 one (the bucket empty), then none: denied 1 + 966.
    const totals = outage([new AwsRetryQuota()]);
    expect(totals).toMatchObject({ calls: 1100, retries: 100, denied: 967, gaveUp: 1000 });
    expect(totals.deniedBy).toEqual([{ name: "AWS retry quota", denied: 967 }]);
  });

  it("gRPC retry throttling (10 tokens, ratio 0.1): the failures that leave more than 5 tokens are retried", () => {
    // Request 0's failures see 10, 9, 8 tokens before them (retried: 3 − 1 above 5 each), its fourth has no retry left (6 left);
    // request 1's failure sees 6: (6 − 5) of it is retried, a whole one as a count (the per-call model, deciding after taking
    // the failure's own token, does not retry it: 1,003 calls there). Then 4 tokens: nothing more.
    expect(outage([new GrpcRetryThrottling({ maxTokens: 10, tokenRatio: 0.1 })])).toMatchObject({ calls: 1004, retries: 4, denied: 999 });
  });

  it("a 10% retry budget: a tenth of each request's retry, 1.1 calls per request (the SRE book's 1.1×)", () => {
    // Each arrival raises the requests of the last 10 s by one, so 0.1 of its failure is retried; the retry's own failure is
    // denied (its requests have used their tenth).
    expect(outage([new RetryBudget(10)])).toMatchObject({ arrivals: 1000, calls: 1100, retries: 100, denied: 1000 });
  });
});

describe("a circuit breaker", () => {
  it("opens after 20 failures of 20, refuses for 5 s, then a probe closes it: as the per-call model", () => {
    // Outage [0, 1000), no retries, arrivals every 10 ms: the calls at 0..190 fail and the breaker opens at 190 until 5190;
    // the requests at 200..5180 are refused (499); the one at 5190 is the probe, answered at 5191; 481 answered in all.
    const { totals } = run(
      setup({ rps: 100, durationMs: 10_000, windowMs: 1000, outage: { startMs: 0, endMs: 1000, kind: "errors" }, limits: [new CircuitBreaker({ failureRatio: 0.5, windowMs: 10_000, minimumCalls: 20, breakMs: 5000 })] }),
    );
    expect(totals).toMatchObject({ arrivals: 1000, refused: 499, calls: 501, failed: 20, succeeded: 481 });
  });
});

describe("the SRE book's 3× (ch. 21, 'Handling Overload')", () => {
  it("a per-request budget of three attempts: 3× the requests when every call fails; just under when the server takes a few", () => {
    const errors = run(setup({ rps: 1000, durationMs: 10_000, windowMs: 10_000, outage: { startMs: 0, endMs: 10_000, kind: "errors" }, spreads: fixed(2, 1) })).totals;
    // One request a ms, each failing at t, t + 1, t + 2: all 3 calls but for the last two requests' retries past the end.
    expect(errors).toMatchObject({ arrivals: 10_000, calls: 3 * 10_000 - 3, unfinished: 2 });
    // 1,000 requests/s into a server that takes 100 calls/s and holds no queue: calls c/s with failure share f = 1 − 100/c
    // satisfy c = 1000·(1 + f + f²); its fixed point is c = 2,897.7 (worked below), 2.898× the requests.
    let c = 3000;
    for (let i = 0; i < 100; i++) {
      const f = 1 - 100 / c;
      c = 1000 * (1 + f + f * f);
    }
    expect(c).toBeCloseTo(2897.7, 1);
    const busy = run(setup({ rps: 1000, durationMs: 20_000, windowMs: 10_000, server: { concurrency: 1, serviceMs: 10, queue: 0 }, spreads: fixed(2, 1) }));
    const late = busy.windows[1]!;
    expect(late.calls / late.arrivals).toBeGreaterThan(2.85);
    expect(late.calls / late.arrivals).toBeLessThan(3);
    expect(Math.abs(late.calls / 10 - c) / c).toBeLessThan(0.01);
  });
});

describe("reported to whole calls", () => {
  it("each count rounded; failed the sum of its rounded parts", () => {
    const w = { index: 0, startMs: 0, endMs: 1000, arrivals: 2.5, calls: 9.4, retries: 6.9, succeeded: 0.5, failed: 8.9, outageFailures: 0, rejected: 4.4, timedOut: 4.5, refused: 0, denied: 0.2, gaveUp: 1.6, busyMs: 3.3, utilisation: 0.0033, inServer: 2000.6, waiting: 0.4 };
    expect(wholeWindow(w)).toEqual({ ...w, arrivals: 3, calls: 9, retries: 7, succeeded: 1, failed: 9, rejected: 4, timedOut: 5, denied: 0, gaveUp: 2, busyMs: 3, inServer: 2001, waiting: 0 });
    const totals = { ...w, windows: 1, unfinished: 0.6, deniedBy: [{ name: "x", denied: 0.2 }], events: 1000 };
    expect(wholeTotals(totals)).toMatchObject({ arrivals: 3, failed: 9, unfinished: 1, deniedBy: [{ name: "x", denied: 0 }] });
  });
});
