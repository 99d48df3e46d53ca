/** The schedule as a box table (src/format/formats/schedule/table.ts), by hand: base 100 ms, factor 2, cap 400 ms. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

const BOX = [
  "┌─────────┬──────────┬─────────────────┬────────┬──────────────┬──────────┐",
  "│ attempt │ delay    │ total wait      │ linear │ linear total │ uncapped │",
  "├─────────┼──────────┼─────────────────┼────────┼──────────────┼──────────┤",
  "│       1 │ 100 ms   │ 100 ms          │ 100 ms │ 100 ms       │          │",
  "│       2 │ 200 ms   │ 300 ms          │ 200 ms │ 300 ms       │          │",
  "│       3 │ 400 ms   │ 700 ms          │ 300 ms │ 600 ms       │          │",
  "│       4 │ 400 ms ⤒ │ 1,100 ms  1.1 s │ 400 ms │ 1 s          │ 800 ms   │",
  "└─────────┴──────────┴─────────────────┴────────┴──────────────┴──────────┘",
  '⤒ capped: the delay is the cap; "uncapped" is what the formula gave before the cap.',
];

describe("the schedule as a table", () => {
  it("the rows in a box, the cap's legend, the summary lines", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 400 }, { first: 1, last: 4 }, { summaryLines: ["Total wait after attempt 4: 1.1 s (1,100 ms)."] });
    expect((await renderedText(renderer.render(output, plainContext()))).split("\n")).toEqual([...BOX, "Total wait after attempt 4: 1.1 s (1,100 ms).", ""]);
  });

  it("with --chart, the chart under the summary, a blank line between", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 400 }, { first: 1, last: 4 }, { summaryLines: ["Summary."] });
    const lines = (await renderedText(renderer.render(output, plainContext(null, { chart: true })))).split("\n");
    expect(lines.slice(0, BOX.length + 1)).toEqual([...BOX, "Summary."]);
    // The values span 100 ms to 400 ms (4×): linear, as picked.
    expect(lines.slice(BOX.length + 1, BOX.length + 3)).toEqual(["", "Scale: linear (100 ms to 400 ms, within 100×; --scale log to change)."]);
  });

  it("a table reads its last row for the widths, takes --chart (and --scale beside it), and is a box table", () => {
    expect([renderer.readsLastRow, renderer.takes, renderer.boxTable]).toEqual([true, { chart: true, scale: { with: "chart" } }, true]);
  });
});
