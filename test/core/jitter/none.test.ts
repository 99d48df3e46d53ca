/** No jitter (src/core/jitter/none.ts): a range of the delay alone. */
import { describe, expect, it } from "vitest";
import { noneRange } from "../../../src/core/jitter/none.js";
import { draw, drawBounds, drawMean } from "../../../src/core/jitter/uniform.js";

describe("noneRange", () => {
  it("lo = hi = the delay: bounds and mean the delay, and a draw takes no random number", () => {
    const range = noneRange(1500, 30_000);
    expect(range).toEqual({ lo: 1500, hi: 1500, ceiling: 30_000 });
    expect([drawBounds(range), drawMean(range)]).toEqual([{ minMs: 1500, maxMs: 1500 }, 1500]);
    const untouched = { integer: () => { throw new Error("drew"); }, fraction: () => { throw new Error("drew"); } };
    expect(draw(range, untouched)).toBe(1500);
  });
});
