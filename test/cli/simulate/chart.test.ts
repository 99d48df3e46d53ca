import { describe, expect, it } from "vitest";
import { MAX_CHART_WINDOWS, chartHistograms } from "../../../src/cli/simulate/chart.js";
import type { TimeCounts } from "../../../src/core/simulate.js";
import { result } from "../../support/simulations.js";

const counts = (pairs: ReadonlyArray<readonly [number, number]>): TimeCounts => ({ times: Float64Array.from(pairs.map(([time]) => time)), counts: Uint32Array.from(pairs.map(([, count]) => count)) });
const run = (...lists: TimeCounts[]) => ({ ...result([], 0, 0, 0, 0), retryCounts: lists });

describe("chartHistograms", () => {
  it("each run's retries per window, over the same windows (the shorter run padded with zeros)", () => {
    // Windows of 100 ms. Un-jittered: 5 retries at 100 ms and 5 at 300 ms; jittered: 2 at 0, 3 at 150, 1 at 190, 4 at 420 ms.
    const unjittered = run(counts([[100, 5]]), counts([[300, 5]]));
    const jittered = run(counts([[0, 2], [150, 3], [190, 1]]), counts([[420, 4]]));
    expect(chartHistograms([unjittered, jittered], 100).map((h) => [...h])).toEqual([
      [0, 5, 0, 5, 0],
      [2, 4, 0, 0, 4],
    ]);
  });

  it("no retry at all: one empty window", () => {
    expect(chartHistograms([run(), run()], 100).map((h) => [...h])).toEqual([[0], [0]]);
  });

  it("refuses more windows than it draws, naming the smallest --window that fits", () => {
    expect(MAX_CHART_WINDOWS).toBe(10_000_000);
    // The last retry at 20,000,000 ms: 1 ms windows would be 20,000,001; 2 ms (⌊20,000,000 / 10,000,000⌋ + 1 = 3 ms) …
    // ⌊20,000,000 / 3⌋ + 1 = 6,666,667 windows fit; 2 ms gives ⌊20,000,000 / 2⌋ + 1 = 10,000,001, one too many.
    const late = run(counts([[20_000_000, 1]]));
    expect(() => chartHistograms([late], 1)).toThrow(
      "--chart would count the retries in 20,000,001 windows of --window 1 ms (the last retry lands at 5 h 33 min), more than the 10,000,000 it draws from; use --window 3ms or more",
    );
    expect(() => chartHistograms([late], 2)).toThrow(/10,000,001 windows of --window 2 ms/);
    expect(chartHistograms([late], 3)[0]!.length).toBe(6_666_667);
  });
});
