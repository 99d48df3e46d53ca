import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/table.js";
import type { Simulation } from "../../../../src/format/simulate.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, SINGLE, UNJITTERED } from "../../../support/simulations.js";

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

// The simulation's terminal table from hand-set figures (test/support/simulations.ts); each
// column as wide as its widest cell or header, plus a space either side.

const lines = (text: string) => text.split("\n");
/** The renderer's text without a --chart, on a pipe or at `width` columns (a jittered or compared run: no pointer to jitter under it). */
const tableOf = async (simulation: Simulation, width: number | null = null) => renderedText(renderer.render({ simulation, chart: null }, plainContext(width)));

const COHORT = "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.";
const DRAWN = "The un-jittered figures are exact (nothing is drawn); the jittered ones are one seeded sample (seed 7: another --seed draws others), not a mean.";
const REST = [
  "Jitter: full. Figures read un-jittered → jittered.",
  "Calls: 3,000 → 3,000 (1,000 first calls + 2,000 retries).",
  "Peak load (retries in any 1 s window): 1,000 → 640.",
  "Time until the last client is done: 300 ms → 300 ms.",
];

describe("the simulation's table, one row per attempt (hand-set figures)", () => {
  it("without a width: every column, full headers, the summary under the table", async () => {
    expect(lines(await tableOf(SINGLE))).toEqual([
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

  it("at 80 columns: the grid of 90 takes the short headers (75) and the summary wraps", async () => {
    expect(lines(await tableOf(SINGLE, 80))).toEqual([
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

  it("at 60 columns: the un-jittered peak is left out (58 columns) and named", async () => {
    expect(lines(await tableOf(SINGLE, 60))).toEqual([
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

  it("dims the un-jittered peak where colour is on", async () => {
    const colored = new Chalk({ level: 1 });
    const text = await renderedText(renderer.render({ simulation: SINGLE, chart: null }, { ...plainContext(), colored: true, paint: async () => colored }));
    expect(text).toContain(`${colored.dim("1,000")}`);
    expect(text).not.toContain(colored.dim("640"));
  });
});

describe("the simulation's table, one row per jitter mode", () => {
  it("the mode's name left, its calls, peak load and time to completion right", async () => {
    expect(lines(await tableOf(COMPARED))).toEqual([
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
