/** src/presets/kit/go-duration.ts: Go's time.Duration (int64 ns) as bigint, values by hand. */
import { describe, expect, it } from "vitest";
import { MAX_DURATION_MS, MAX_DURATION_NS, goDurationNs, msToNs, nsToWholeMs } from "../../../src/presets/kit/go-duration.js";

describe("Go durations", () => {
  it("MAX_DURATION_NS is math.MaxInt64, 2^63 − 1", () => {
    expect(MAX_DURATION_NS).toBe(2n ** 63n - 1n);
    // In whole ms, truncated: 9,223,372,036,854.775807 ms.
    expect(MAX_DURATION_MS).toBe(9_223_372_036_854);
  });

  it("nsToWholeMs rounds half up: 1.499999 ms → 1, 1.5 ms → 2; exact at MaxInt64", () => {
    expect([1_499_999n, 1_500_000n, 2_000_000n, 0n].map(nsToWholeMs)).toEqual([1, 2, 2, 0]);
    // 9,223,372,036,854,775,807 ns = 9,223,372,036,854.775807 ms: .775807 rounds up to 9,223,372,036,855
    expect(nsToWholeMs(MAX_DURATION_NS)).toBe(9_223_372_036_855);
  });

  it("msToNs: whole ms exactly, fractional ms rounded to the nearest ns", () => {
    expect(msToNs(1500)).toBe(1_500_000_000n);
    expect(msToNs(2.5)).toBe(2_500_000n);
    expect(msToNs(0.0015)).toBe(1500n);
  });

  it("goDurationNs: what fits a time.Duration, refused past it in Go's terms", () => {
    expect(goDurationNs("MaxInterval", 1000)).toBe(1_000_000_000n);
    // 9,223,372,036,854 ms = 9,223,372,036,854,000,000 ns ≤ 2^63 − 1; one ms more does not fit.
    expect(goDurationNs("MaxInterval", 9_223_372_036_854)).toBe(9_223_372_036_854_000_000n);
    expect(() => goDurationNs("MaxInterval", 9_223_372_036_855)).toThrow(
      "MaxInterval must fit a Go time.Duration (at most about 292 years), got 9,223,372,036,855 ms",
    );
  });
});
