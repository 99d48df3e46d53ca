/** The schedule as TSV (src/format/formats/schedule/tsv.ts), by hand: base 100 ms, factor 2, cap 10 s. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/tsv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

describe("the schedule as TSV", () => {
  it("the CSV's columns and values, tab-separated", async () => {
    expect(await renderedText(renderer.render(scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 2, last: 3 }), plainContext()))).toBe(
      "attempt\traw_ms\tdelay_ms\tcumulative_ms\tlinear_ms\tlinear_cumulative_ms\n2\t200\t200\t300\t200\t300\n3\t400\t400\t700\t300\t600\n",
    );
  });
});
