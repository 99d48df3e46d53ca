/** src/presets/kit/attempt-delay.ts: the AttemptDelay a preset reports, values by hand. */
import { describe, expect, it } from "vitest";
import { clampedTo, meanWithin, unclamped } from "../../../src/presets/kit/attempt-delay.js";

describe("attempt delays", () => {
  it("unclamped: raw and delay the same value, not clamped", () => {
    expect(unclamped(1500)).toEqual({ rawMs: 1500, delayMs: 1500, clamped: false });
  });

  it("clampedTo: min(raw, cap), clamped only past the cap; no cap leaves it", () => {
    expect(clampedTo(3000, 2000)).toEqual({ rawMs: 3000, delayMs: 2000, clamped: true });
    expect(clampedTo(2000, 2000)).toEqual({ rawMs: 2000, delayMs: 2000, clamped: false });
    expect(clampedTo(5000, null)).toEqual({ rawMs: 5000, delayMs: 5000, clamped: false });
  });

  it("meanWithin: a mean past a rounded bound is pulled back to it", () => {
    const bounds = { minMs: 6, maxMs: 10 };
    expect([5.2, 7.5, 10.4].map((mean) => meanWithin(mean, bounds))).toEqual([6, 7.5, 10]);
  });
});
