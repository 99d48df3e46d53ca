import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/markdown.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, SINGLE } from "../../../support/simulations.js";

const SUMMARY = [
  "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.",
  "The un-jittered figures are exact (nothing is drawn); the jittered ones are one seeded sample (seed 7: another --seed draws others), not a mean.",
  "Jitter: full. Figures read un-jittered → jittered.",
  "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
  "Peak load (retries in any 1 s window): 1,000 → 640.",
  "Time until the last client is done: 300 ms → 300 ms.",
];

describe("the simulation as Markdown", () => {
  it("a GitHub table of the attempts, numbers right-aligned, the summary under it as one paragraph", async () => {
    expect((await renderedText(renderer.render({ simulation: SINGLE, chart: null }, plainContext()))).split("\n")).toEqual([
      "| attempt | clients | earliest_ms | p50_ms | p95_ms | latest_ms | peak_load | unjittered_latest_ms | unjittered_peak_load |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      "| 1 | 1000 | 0 | 50 | 95 | 100 | 640 | 100 | 1000 |",
      "| 2 | 1000 | 100 | 200 | 290 | 300 | 420 | 300 | 1000 |",
      "",
      ...SUMMARY.map((line, i) => (i < SUMMARY.length - 1 ? `${line}  ` : line)),
      "",
    ]);
  });

  it("with --compare-jitter: the modes' names left-aligned, the figures right, the summary under the table", async () => {
    expect((await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()))).split("\n")).toEqual([
      "| jitter | calls | retries | peak_load | completion_ms |",
      "|:---|---:|---:|---:|---:|",
      "| none | 3000 | 2000 | 1000 | 300 |",
      "| 0.2 | 2500 | 1500 | 300 | 12345 |",
      "",
      "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.  ",
      "The none row is exact (nothing is drawn); every other row is one seeded sample (seed 7: another --seed draws others), not a mean.  ",
      "Peak load counts the retries in any 1 s window; the same cohort (starts and successes) for every mode.",
      "",
    ]);
  });
});
