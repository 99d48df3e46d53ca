import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/markdown.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED } from "../../../support/simulations.js";

describe("the simulation as Markdown", () => {
  it("with --compare-jitter: the modes' names left-aligned, the figures right, the summary under the table", async () => {
    expect((await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()))).split("\n")).toEqual([
      "| jitter | calls | retries | peak_load | completion_ms |",
      "|:---|---:|---:|---:|---:|",
      "| none | 3000 | 2000 | 1000 | 300 |",
      "| 0.2 | 2500 | 1500 | 300 | 12345 |",
      "",
      "Cohort: 1,000 clients failing all at t = 0, up to 2 retries each, every retry fails; seed 7.  ",
      "Peak load counts the retries in any 1 s window; the same cohort (starts and successes) for every mode.",
      "",
    ]);
  });
});
