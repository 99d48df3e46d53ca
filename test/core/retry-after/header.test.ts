import { describe, expect, it } from "vitest";
import { checkRetryAfter, firstCarrying, retryAfterAt } from "../../../src/core/retry-after/header.js";

describe("the Retry-After a failure carries", () => {
  it("before every retry, or before retries A..B only", () => {
    expect([1, 2, 1000].map((a) => retryAfterAt({ ms: 30_000, attempts: null }, a))).toEqual([30_000, 30_000, 30_000]);
    expect([1, 2, 3, 4].map((a) => retryAfterAt({ ms: 5000, attempts: { first: 2, last: 3 } }, a))).toEqual([null, 5000, 5000, null]);
    expect([firstCarrying({ ms: 1, attempts: null }), firstCarrying({ ms: 1, attempts: { first: 4, last: 9 } })]).toEqual([1, 4]);
  });

  it("refuses what is not whole ms from 0 or a range in order", () => {
    expect(() => checkRetryAfter({ ms: 0, attempts: null })).not.toThrow();
    expect(() => checkRetryAfter({ ms: 1.5, attempts: null })).toThrow("Retry-After must be whole ms from 0, got 1.5");
    expect(() => checkRetryAfter({ ms: -1, attempts: null })).toThrow(RangeError);
    expect(() => checkRetryAfter({ ms: 1, attempts: { first: 3, last: 2 } })).toThrow("Retry-After attempts must be A..B with 1 ≤ A ≤ B, got 3..2");
    expect(() => checkRetryAfter({ ms: 1, attempts: { first: 0, last: 2 } })).toThrow(RangeError);
  });
});
