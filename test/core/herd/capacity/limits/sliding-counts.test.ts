import { describe, expect, it } from "vitest";
import { SlidingCounts } from "../../../../../src/core/herd/capacity/limits/sliding-counts.js";

describe("SlidingCounts", () => {
  it("keeps what the last window held, a bucket at a time", () => {
    const counts = new SlidingCounts(100, 10); // buckets of 10 ms
    counts.addA(0);
    counts.addA(15, 2);
    counts.addB(55);
    expect([counts.sumA, counts.sumB]).toEqual([3, 1]);
    counts.advance(100); // bucket 0 (0–10) leaves
    expect([counts.sumA, counts.sumB]).toEqual([2, 1]);
    counts.advance(155); // buckets up to 5 (50–60) have left
    expect([counts.sumA, counts.sumB]).toEqual([0, 0]);
    counts.addA(1000);
    counts.advance(5000); // far ahead: everything cleared at once
    expect(counts.sumA).toBe(0);
  });
});
