/** A library's own elapsed-time stop (src/core/deadline/elapsed-stop.ts): each rule by hand. */
import { describe, expect, it } from "vitest";
import { type ElapsedRule, type ElapsedStop, stopEdgeMs, stopEnds, stopLatestStart, stopMakes, stopStart } from "../../../src/core/deadline/elapsed-stop.js";

const stop = (rule: ElapsedRule, from: ElapsedStop["from"] = "first-try"): ElapsedStop => ({ rule, limitMs: 1000, from });

describe("elapsed-time stops, limit 1000 ms", () => {
  it("the edge: the limit, plus a try when the clock starts at the first failure", () => {
    expect([stopEdgeMs(stop("fits"), 200), stopEdgeMs(stop("while", "first-failure"), 200)]).toEqual([1000, 1200]);
  });

  it("stopMakes: fits when the start is within the edge; cut while the try before ends before it; while until it ends after it", () => {
    expect([stopMakes(stop("fits"), 1000, 900, 1000), stopMakes(stop("fits"), 1000, 900, 1001)]).toEqual([true, false]);
    expect([stopMakes(stop("cut"), 1000, 999, 5000), stopMakes(stop("cut"), 1000, 1000, 1000)]).toEqual([true, false]);
    expect([stopMakes(stop("while"), 1000, 1000, 5000), stopMakes(stop("while"), 1000, 1001, 1001)]).toEqual([true, false]);
  });

  it("stopStart: p-retry cuts the wait to the time left, the others wait in full", () => {
    expect([stopStart(stop("cut"), 1000, 1200), stopStart(stop("fits"), 1000, 1200), stopStart(stop("while"), 1000, 1200)]).toEqual([1000, 1200, 1200]);
  });

  it("stopLatestStart", () => {
    expect(stopLatestStart(stop("fits"), 1000, 900, 1100, 300)).toBe(1000); // min(1100, 1000)
    expect(stopLatestStart(stop("cut"), 1000, 900, 1100, 300)).toBe(1000); // min(min(900, 999) + 300, 1000)
    expect(stopLatestStart(stop("cut"), 1000, 500, 800, 300)).toBe(800); // min(500 + 300, 1000)
    expect(stopLatestStart(stop("while"), 1000, 1100, 1400, 300)).toBe(1300); // min(1100, 1000) + 300
  });

  it("stopEnds: the ends of the try over the runs that stop after it", () => {
    // Retry j starts from 600 to 800, tries of 100: the try ends from 700 to 900.
    // fits: declined once end + 300 > 1000, from 701.
    expect(stopEnds(stop("fits"), 1000, 100, 600, 800, 300)).toEqual({ minMs: 701, maxMs: 900 });
    // cut (from 1000) and while (from 1001): no run gets there.
    expect(stopEnds(stop("cut"), 1000, 100, 600, 800, 300)).toBeNull();
    expect(stopEnds(stop("while"), 1000, 100, 600, 800, 300)).toBeNull();
    // Starting up to 1000, the try ends up to 1100.
    expect(stopEnds(stop("cut"), 1000, 100, 600, 1000, 300)).toEqual({ minMs: 1000, maxMs: 1100 });
    expect(stopEnds(stop("while"), 1000, 100, 600, 1000, 300)).toEqual({ minMs: 1001, maxMs: 1100 });
  });
});
