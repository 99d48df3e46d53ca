import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { SINGLE, UNJITTERED } from "../../../support/simulations.js";

const POINTER = "Add --jitter full (or equal, decorrelated, 0.2) to see the herd spread out, or --compare-jitter for every mode.";

describe("the simulation as a table", () => {
  it("without jitter: the table and summary, then a pointer to the jitter modes", async () => {
    const lines = (await renderedText(renderer.render({ simulation: UNJITTERED, chart: null }, plainContext()))).split("\n");
    expect(lines.slice(0, 6)).toEqual([
      "┌─────────┬─────────┬──────────┬────────┬────────┬────────┬───────────┬──────────────────┐",
      "│ attempt │ clients │ earliest │    p50 │    p95 │ latest │ peak load │ un-jittered peak │",
      "├─────────┼─────────┼──────────┼────────┼────────┼────────┼───────────┼──────────────────┤",
      "│       1 │   1,000 │   100 ms │ 100 ms │ 100 ms │ 100 ms │     1,000 │            1,000 │",
      "│       2 │   1,000 │   300 ms │ 300 ms │ 300 ms │ 300 ms │     1,000 │            1,000 │",
      "└─────────┴─────────┴──────────┴────────┴────────┴────────┴───────────┴──────────────────┘",
    ]);
    expect(lines.slice(6)).toEqual([
      "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.",
      "Every figure is exact: nothing is drawn (no jitter, every client failing at t = 0, every retry failing).",
      "Jitter: none. Figures read un-jittered → jittered.",
      "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
      "Peak load (retries in any 1 s window): 1,000 → 1,000.",
      "Time until the last client is done: 300 ms → 300 ms.",
      POINTER,
      "",
    ]);
  });

  it("the pointer wraps to the terminal; a jittered run has none", async () => {
    const narrow = (await renderedText(renderer.render({ simulation: UNJITTERED, chart: null }, plainContext(60)))).split("\n");
    expect(narrow.slice(-3)).toEqual(["Add --jitter full (or equal, decorrelated, 0.2) to see the", "herd spread out, or --compare-jitter for every mode.", ""]);
    expect(await renderedText(renderer.render({ simulation: SINGLE, chart: null }, plainContext()))).not.toContain("Add --jitter");
  });
});
