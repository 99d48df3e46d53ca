/** The counters both capacity models keep (src/core/herd/capacity/counters.ts), read by hand. */
import { describe, expect, it } from "vitest";
import { CALL_COUNTERS, OUTAGE, REJECTED, TIMED_OUT, countedFields } from "../../../../src/core/herd/capacity/counters.js";

describe("countedFields", () => {
  it("each counter as its field, and failed the sum of outage, rejected and timed-out calls", () => {
    // Counters 0..9 hold 10, 20, …, 100: arrivals 10 … gave up 100; failed = 50 + 60 + 70.
    const counters = Float64Array.from({ length: CALL_COUNTERS }, (_, i) => (i + 1) * 10);
    expect([OUTAGE, REJECTED, TIMED_OUT]).toEqual([4, 5, 6]);
    expect(countedFields(counters)).toEqual({
      arrivals: 10,
      calls: 20,
      retries: 30,
      succeeded: 40,
      failed: 180,
      outageFailures: 50,
      rejected: 60,
      timedOut: 70,
      refused: 80,
      denied: 90,
      gaveUp: 100,
    });
  });
});
