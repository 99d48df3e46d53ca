import { describe, expect, it } from "vitest";
import { retryingLayers, triesOf } from "../../../src/core/chain/layer.js";

// A layer's counting: tries = 1 + retries ("retrying three times" is 4 tries).

describe("triesOf", () => {
  it("is the first try plus every retry", () => {
    expect(triesOf(0)).toBe(1);
    expect(triesOf(2)).toBe(3);
    expect(triesOf(3)).toBe(4);
    // The largest count it takes: 2^53 − 2 retries, 2^53 − 1 tries (both still exact doubles).
    expect(triesOf(2 ** 53 - 2)).toBe(2 ** 53 - 1);
  });

  it("refuses what is not a whole number of retries from 0, naming the value", () => {
    for (const [retries, shown] of [
      [-1, "-1"],
      [1.5, "1.5"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
      [2 ** 53, "9007199254740992"],
    ] as const) {
      expect(() => triesOf(retries)).toThrow(new RangeError(`retries must be a whole number from 0, got ${shown}`));
    }
  });
});

describe("retryingLayers", () => {
  it("lists the indexes (from 0, outermost first) of the layers that retry at all", () => {
    expect(retryingLayers([{ retries: 2 }, { retries: 0 }, { retries: 1 }])).toEqual([0, 2]);
    expect(retryingLayers([{ retries: 0 }, { retries: 0 }])).toEqual([]);
    expect(retryingLayers([])).toEqual([]);
    expect(retryingLayers([{ retries: 0 }, { retries: 5 }])).toEqual([1]);
  });
});
