/** The schedule as Markdown (src/format/formats/schedule/markdown.ts), by hand: base 100 ms, factor 2, cap 10 s. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/markdown.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

describe("the schedule as Markdown", () => {
  it("a GitHub table, numbers aligned right, then the summary lines", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 1, last: 2 }, { summaryLines: ["Total wait: 300 ms."] });
    expect((await renderedText(renderer.render(output, plainContext()))).split("\n")).toEqual([
      "| attempt | raw_ms | delay_ms | cumulative_ms | linear_ms | linear_cumulative_ms |",
      "|---:|---:|---:|---:|---:|---:|",
      "| 1 | 100 | 100 | 100 | 100 | 100 |",
      "| 2 | 200 | 200 | 300 | 200 | 300 |",
      "",
      "Total wait: 300 ms.",
      "",
    ]);
  });
});
