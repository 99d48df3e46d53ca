import { describe, expect, it } from "vitest";
import { simulationSummaryLines } from "../../src/format/simulate.js";
import { COMPARED, PRESET, SINGLE } from "../support/simulations.js";

// The simulation's summary, from hand-set figures
// (test/support/simulations.ts): 1,000 clients, 2 retries after 100 ms and 200 ms.

const SUMMARY = [
  "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.",
  "The un-jittered figures are exact (nothing is drawn); the jittered ones are one seeded sample (seed 7: another --seed draws others), not a mean.",
  "Jitter: full. Figures read un-jittered → jittered.",
  "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
  "Peak load (retries in any 1 s window): 1,000 → 640.",
  "Time until the last client is done: 300 ms → 300 ms.",
];

describe("simulationSummaryLines", () => {
  it("one jitter mode: the cohort, the mode, then calls, peak load and completion, un-jittered → jittered", () => {
    expect(simulationSummaryLines(SINGLE)).toEqual(SUMMARY);
  });

  it("a preset: its parameters by the library's names (null as none), how it stops, and whether it jitters", () => {
    expect(simulationSummaryLines(PRESET)).toEqual([
      // 1,500.7 ms of spread is said in whole milliseconds: 1.5 s; one retry is "1 retry" (it said "1 retries").
      "Cohort: 10 clients failing spread uniformly over the first 1.5 s, up to 1 retry each, each retry succeeds with probability 0.25; seed 3.",
      // 1.5 s of spread and a chance of success below 1: even the un-jittered run is drawn.
      "Every figure is one seeded sample (seed 3: another --seed draws others), not a mean (the starts and the successes are drawn).",
      "Preset bullmq (BullMQ): attempts 2, delay 1000, jitter none. bullmq stops after 1 retry.",
      "The library has no jitter with these parameters: both runs are the same. Figures read un-jittered → jittered.",
      "Calls: 20 → 20 (10 first calls + 10 retries).",
      "Peak load (retries in any 500 ms window): 4 → 4.",
      "Time until the last client is done: 2.5 s → 2.5 s.",
    ]);
    const jittered = { ...PRESET, preset: { ...(PRESET as Extract<typeof PRESET, { kind: "preset" }>).preset, jittered: true } };
    expect(simulationSummaryLines(jittered)[3]).toBe("Each client draws from the library's own jitter. Figures read un-jittered (the library's delays without jitter) → jittered.");
  });

  it("every mode: the cohort and what the peak load counts", () => {
    expect(simulationSummaryLines(COMPARED)).toEqual([SUMMARY[0], "The none row is exact (nothing is drawn); every other row is one seeded sample (seed 7: another --seed draws others), not a mean.", "Peak load counts the retries in any 1 s window; the same cohort (starts and successes) for every mode."]);
  });
});
