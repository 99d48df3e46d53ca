import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/csv.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the OCC experiment as CSV", () => {
  it("a header, then one row per client count and mode: calls to 2 decimals, times to 3", async () => {
    // full: 795.88 ± 6.82 calls, 785.88..805.88; 4,902.8749 ms → 4902.875, sd 490.28749 → 490.287, 2451.43745 → 2451.437, 9805.7498 → 9805.75.
    // The standard errors over 100 runs, sd / 10: 60.5512 → 6.06, 6346.08419 → 634.608; 6.82 → 0.68, 490.28749 → 49.029.
    expect(await renderedText(renderer.render(OCC_REPORT, plainContext()))).toBe(
      "clients,mode,runs,calls_mean,calls_sd,calls_se,calls_min,calls_max,completion_ms_mean,completion_ms_sd,completion_ms_se,completion_ms_min,completion_ms_max\n" +
        "100,none,100,1855.7,60.55,6.06,1845.704,1865.704,63460.842,6346.084,634.608,31730.421,126921.684\n" +
        "100,full,100,795.88,6.82,0.68,785.88,805.88,4902.875,490.287,49.029,2451.437,9805.75\n",
    );
  });

  it("one run: the spread columns empty, no spread being known (issue 39, item 6)", async () => {
    const one = { ...OCC_REPORT, runs: 1, rows: OCC_REPORT.rows.slice(1).map((row) => ({ ...row, summary: { ...row.summary, runs: 1 } })) };
    expect((await renderedText(renderer.render(one, plainContext()))).split("\n")[1]).toBe("100,full,1,795.88,,,785.88,805.88,4902.875,,,2451.437,9805.75");
  });
});
