import { describe, expect, it } from "vitest";
import { expectedChain } from "../../../src/core/chain/expected.js";

describe("expectedChain: each try at the bottom fails independently with P", () => {
  it("two layers of 3 tries at P = 0.5: exact values, failures going up and tries coming down", () => {
    // Bottom: a try fails with 0.5; a call makes 1 + 0.5 + 0.25 = 1.75 tries and fails with 0.5³ = 0.125.
    // Top: a try (a call to the bottom) fails with 0.125; a call makes 1 + 0.125 + 0.015625 = 1.140625
    // tries and fails with 0.125³ = 0.001953125.
    // Calls sent per top call: top 1.140625; bottom 1.140625 × 1.75 = 1.99609375 (worst case 9).
    expect(expectedChain([3, 3], 0.5)).toEqual([
      { tryFailure: 0.125, callFailure: 0.001953125, triesPerCall: 1.140625, callsSent: 1.140625 },
      { tryFailure: 0.5, callFailure: 0.125, triesPerCall: 1.75, callsSent: 1.99609375 },
    ]);
  });

  it("at P = 1 it is the worst case (3, 9) and at P = 0 one call per layer", () => {
    expect(expectedChain([3, 3], 1).map((layer) => layer.callsSent)).toEqual([3, 9]);
    expect(expectedChain([3, 3], 0).map((layer) => layer.callsSent)).toEqual([1, 1]);
  });

  it("refuses a failure rate outside [0, 1]", () => {
    expect(() => expectedChain([3], 1.5)).toThrow(RangeError);
    expect(() => expectedChain([3], Number.NaN)).toThrow(RangeError);
  });
});
