import { describe, expect, it } from "vitest";
import { MAX_DURATION_NS, msToNs, nsToWholeMs } from "../../../src/presets/kit/go-duration.js";
import { lastRetryWithin } from "../../../src/presets/kit/last-retry-within.js";

// Expected values worked by hand from the running totals written beside each case.
const doubling = (attempt: number) => 2n ** BigInt(attempt - 1);
const doublingTo4 = (attempt: number) => (attempt >= 3 ? 4n : doubling(attempt));

describe("lastRetryWithin", () => {
  it("walks the totals 1, 3, 7, 15 against an inclusive limit of 10: the third is the last within", () => {
    expect(lastRetryWithin({ wait: doubling, steadyFrom: null, limit: 10n, inclusive: true, retries: null })).toBe(3);
  });

  it("a strict limit of 7 stops at the total that equals it (1, 3, then 7 is not < 7)", () => {
    expect(lastRetryWithin({ wait: doubling, steadyFrom: null, limit: 7n, inclusive: false, retries: null })).toBe(2);
    expect(lastRetryWithin({ wait: doubling, steadyFrom: null, limit: 7n, inclusive: true, retries: null })).toBe(3);
  });

  it("divides once the waits are steady: 1, 3, 7, 11, 15, 19, 23 against 20 gives 6", () => {
    expect(lastRetryWithin({ wait: doublingTo4, steadyFrom: 3, limit: 20n, inclusive: true, retries: null })).toBe(6);
    // Strict: 19 < 20 still retries, 23 does not.
    expect(lastRetryWithin({ wait: doublingTo4, steadyFrom: 3, limit: 20n, inclusive: false, retries: null })).toBe(6);
    // 19 < 19 fails: the fifth (15) is the last.
    expect(lastRetryWithin({ wait: doublingTo4, steadyFrom: 3, limit: 19n, inclusive: false, retries: null })).toBe(5);
  });

  it("is null when the retry count ends first, and 0 when the first wait already passes the limit", () => {
    expect(lastRetryWithin({ wait: doublingTo4, steadyFrom: 3, limit: 20n, inclusive: true, retries: 5 })).toBeNull();
    expect(lastRetryWithin({ wait: doubling, steadyFrom: null, limit: 10n, inclusive: true, retries: 3 })).toBeNull();
    expect(lastRetryWithin({ wait: () => 5n, steadyFrom: null, limit: 3n, inclusive: true, retries: null })).toBe(0);
  });

  it("is null when steady waits are 0 (the limit is never reached)", () => {
    expect(lastRetryWithin({ wait: () => 0n, steadyFrom: 1, limit: 3n, inclusive: true, retries: null })).toBeNull();
  });
});

describe("Go durations", () => {
  it("rounds ns to whole ms half up, exactly for int64", () => {
    expect(nsToWholeMs(1_499_999n)).toBe(1);
    expect(nsToWholeMs(1_500_000n)).toBe(2);
    // 9223372036854775807 ns = 9223372036854.775807 ms → 9223372036855.
    expect(nsToWholeMs(MAX_DURATION_NS)).toBe(9_223_372_036_855);
  });

  it("turns ms into whole ns", () => {
    expect(msToNs(1500)).toBe(1_500_000_000n);
    expect(msToNs(1.5)).toBe(1_500_000n);
    expect(msToNs(0.0000004)).toBe(0n);
  });
});
