import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { renderSimulationTable } from "../../src/format/simulate-table.js";
import { COMPARED, SINGLE } from "../support/simulations.js";

// The simulation's terminal table from hand-set figures (test/support/simulations.ts); each
// column as wide as its widest cell or header, plus a space either side.

const plain = new Chalk({ level: 0 });
const lines = (text: string) => text.split("\n");

const COHORT = "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.";
const DRAWN = "The un-jittered figures are exact (nothing is drawn); the jittered ones are one seeded sample (seed 7: another --seed draws others), not a mean.";
const REST = [
  "Jitter: full. Figures read un-jittered → jittered.",
  "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
  "Peak load (retries in any 1 s window): 1,000 → 640.",
  "Time until the last client is done: 300 ms → 300 ms.",
];

describe("renderSimulationTable: one row per attempt", () => {
  it("without a width: every column, full headers, the summary under the table", () => {
    expect(lines(renderSimulationTable(SINGLE, plain))).toEqual([
      "┌─────────┬─────────┬──────────┬────────┬────────┬────────┬───────────┬──────────────────┐",
      "│ attempt │ clients │ earliest │    p50 │    p95 │ latest │ peak load │ un-jittered peak │",
      "├─────────┼─────────┼──────────┼────────┼────────┼────────┼───────────┼──────────────────┤",
      "│       1 │   1,000 │     0 ms │  50 ms │  95 ms │ 100 ms │       640 │            1,000 │",
      "│       2 │   1,000 │   100 ms │ 200 ms │ 290 ms │ 300 ms │       420 │            1,000 │",
      "└─────────┴─────────┴──────────┴────────┴────────┴────────┴───────────┴──────────────────┘",
      COHORT,
      DRAWN,
      ...REST,
      "",
    ]);
  });

  it("at 80 columns: the grid of 90 takes the short headers (75) and the summary wraps", () => {
    expect(lines(renderSimulationTable(SINGLE, plain, 80))).toEqual([
      "┌───┬─────────┬────────┬────────┬────────┬────────┬──────┬────────────────┐",
      "│ # │ clients │  first │    p50 │    p95 │   last │ peak │ no-jitter peak │",
      "├───┼─────────┼────────┼────────┼────────┼────────┼──────┼────────────────┤",
      "│ 1 │   1,000 │   0 ms │  50 ms │  95 ms │ 100 ms │  640 │          1,000 │",
      "│ 2 │   1,000 │ 100 ms │ 200 ms │ 290 ms │ 300 ms │  420 │          1,000 │",
      "└───┴─────────┴────────┴────────┴────────┴────────┴──────┴────────────────┘",
      "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry",
      "fails; seed 7.",
      "The un-jittered figures are exact (nothing is drawn); the jittered ones are one",
      "seeded sample (seed 7: another --seed draws others), not a mean.",
      ...REST,
      "",
    ]);
  });

  it("at 60 columns: the un-jittered peak is left out (58 columns) and named", () => {
    expect(lines(renderSimulationTable(SINGLE, plain, 60))).toEqual([
      "┌───┬─────────┬────────┬────────┬────────┬────────┬──────┐",
      "│ # │ clients │  first │    p50 │    p95 │   last │ peak │",
      "├───┼─────────┼────────┼────────┼────────┼────────┼──────┤",
      "│ 1 │   1,000 │   0 ms │  50 ms │  95 ms │ 100 ms │  640 │",
      "│ 2 │   1,000 │ 100 ms │ 200 ms │ 290 ms │ 300 ms │  420 │",
      "└───┴─────────┴────────┴────────┴────────┴────────┴──────┘",
      "Left out to fit 60 columns: un-jittered peak.",
      "Cohort: 1,000 clients failing all at t = 0, up to 2 retries",
      "each, every retry fails; seed 7.",
      "The un-jittered figures are exact (nothing is drawn); the",
      "jittered ones are one seeded sample (seed 7: another --seed",
      "draws others), not a mean.",
      ...REST,
      "",
    ]);
  });

  it("dims the un-jittered peak where colour is on", () => {
    const colored = new Chalk({ level: 1 });
    const text = renderSimulationTable(SINGLE, colored);
    expect(text).toContain(`${colored.dim("1,000")}`);
    expect(text).not.toContain(colored.dim("640"));
  });
});

describe("renderSimulationTable: one row per jitter mode", () => {
  it("the mode's name left, its calls, peak load and time to completion right", () => {
    expect(lines(renderSimulationTable(COMPARED, plain))).toEqual([
      "┌────────┬───────┬───────────┬────────────────────┐",
      "│ jitter │ calls │ peak load │ time to completion │",
      "├────────┼───────┼───────────┼────────────────────┤",
      "│ none   │ 3,000 │     1,000 │             300 ms │",
      "│ 0.2    │ 2,500 │       300 │             12.3 s │",
      "└────────┴───────┴───────────┴────────────────────┘",
      COHORT,
      "The none row is exact (nothing is drawn); every other row is one seeded sample (seed 7: another --seed draws others), not a mean.",
      "Peak load counts the retries in any 1 s window; the same cohort (starts and successes) for every mode.",
      "",
    ]);
  });
});
