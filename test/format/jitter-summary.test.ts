import { describe, expect, it } from "vitest";
import { jitterSummaryJson, jitterSummaryLines } from "../../src/format/jitter-summary.js";
import { SUMMARY } from "../support/summaries.js";

// SUMMARY: attempts 1..4, 1.1 s un-jittered; with full jitter every run waits 0 to 1.1 s.
const JITTERED = { ...SUMMARY, totalMinMs: 0, totalMaxMs: 1100 };

describe("jitterSummaryLines", () => {
  it("nothing without jitter or seed", () => {
    expect(jitterSummaryLines(SUMMARY, { jitter: { kind: "none" }, seed: null, sampleTotalMs: null })).toEqual([]);
  });

  it("the mode in words, then the best and worst case of the total", () => {
    expect(jitterSummaryLines(JITTERED, { jitter: { kind: "full" }, seed: null, sampleTotalMs: null })).toEqual([
      "Jitter: full (uniform over [0, d]); never above the cap.",
      "Total wait after attempt 4 with jitter: best case 0 ms, worst case 1.1 s (1,100 ms).",
    ]);
    expect(jitterSummaryLines(JITTERED, { jitter: { kind: "proportional", fraction: 0.2 }, seed: null, sampleTotalMs: null })[0]).toBe(
      "Jitter: ±20% (uniform over [d·(1−0.2), d·(1+0.2)], clamped to the cap); never above the cap.",
    );
  });

  it("a seed's sample and its total", () => {
    expect(jitterSummaryLines(JITTERED, { jitter: { kind: "full" }, seed: 42, sampleTotalMs: 812 }).at(-1)).toBe("Sample (seed 42): total wait 812 ms; the same seed always draws the same sequence.");
    expect(jitterSummaryLines(JITTERED, { jitter: { kind: "full" }, seed: 42, sampleTotalMs: null })).toHaveLength(2);
  });
});

describe("jitterSummaryJson", () => {
  it("the range with jitter, the seed and sample with a seed, nothing else", () => {
    expect(jitterSummaryJson(SUMMARY, { jitter: { kind: "none" }, seed: null, sampleTotalMs: null })).toEqual({});
    expect(jitterSummaryJson(JITTERED, { jitter: { kind: "full" }, seed: null, sampleTotalMs: null })).toEqual({ total_min_ms: 0, total_max_ms: 1100 });
    expect(jitterSummaryJson(JITTERED, { jitter: { kind: "full" }, seed: 42, sampleTotalMs: 812 })).toEqual({ total_min_ms: 0, total_max_ms: 1100, seed: 42, sample_total_ms: 812 });
    expect(jitterSummaryJson(SUMMARY, { jitter: { kind: "none" }, seed: 3, sampleTotalMs: null })).toEqual({ seed: 3, sample_total_ms: null });
  });

  it("a worst case past 2^53 ms is the saturation marker", () => {
    expect(jitterSummaryJson({ ...JITTERED, totalMaxMs: 2 ** 53 }, { jitter: { kind: "full" }, seed: null, sampleTotalMs: null })).toEqual({ total_min_ms: 0, total_max_ms: ">9007199254740991" });
  });
});
