import { describe, expect, it } from "vitest";
import { callOutcome } from "../../../src/core/chain/granted.js";

describe("callOutcome: one call to a layer with 3 tries", () => {
  it("with every retry let through: tries 1 + f + f², failure f³ (f = 0.5: 1.75 and 0.125)", () => {
    expect(callOutcome(3, 0.5, 1)).toEqual({ retries: 0.75, tries: 1.75, failure: 0.125 });
  });

  it("with half the retries let through (f = 0.5, g = 0.5), by enumeration", () => {
    // x = f·g = 0.25: retries 0.25 + 0.0625 = 0.3125.
    // Fails: try 1 fails and retry 1 refused, 0.5·0.5 = 0.25; try 2 fails and retry 2 refused,
    // 0.25·0.5·0.5 = 0.0625; try 3 fails, 0.25·0.25·0.5 = 0.03125: 0.34375 in all.
    expect(callOutcome(3, 0.5, 0.5)).toEqual({ retries: 0.3125, tries: 1.3125, failure: 0.34375 });
  });

  it("with no retry let through the call is its first try: tries 1, failure f", () => {
    expect(callOutcome(3, 0.5, 0)).toEqual({ retries: 0, tries: 1, failure: 0.5 });
  });

  it("at a full outage a call fails for certain, whatever the share: exactly 1, not a rounding above it", () => {
    // (1 − g)(1 + g) + g² is 1 for every g; in doubles it can come out 1.0000000000000002.
    for (const grant of [0.1, 0.17082039324993692, 0.3, 0.7]) expect(callOutcome(3, 1, grant).failure).toBe(1);
  });

  it("a layer of 1 try: failure f, whatever the share", () => {
    expect(callOutcome(1, 0.25, 0.5)).toEqual({ retries: 0, tries: 1, failure: 0.25 });
  });
});
