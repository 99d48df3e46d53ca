import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/markdown.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, compareOutput } from "../../../support/compared.js";

describe("the comparison as Markdown", () => {
  it("wide: one line per attempt, each policy's delay and total, then the verdicts as a paragraph", async () => {
    expect((await renderedText(renderer.render(compareOutput([FIXED, DOUBLING]), plainContext()))).split("\n")).toEqual([
      "| attempt | fixed:base=2s delay_ms | fixed:base=2s cumulative_ms | exponential:cap=10s delay_ms | exponential:cap=10s cumulative_ms |",
      "|---:|---:|---:|---:|---:|",
      "| 1 | 2000 | 2000 | 1000 | 1000 |",
      "| 2 | 2000 | 4000 | 2000 | 3000 |",
      "| 3 | 2000 | 6000 | 4000 | 7000 |",
      "",
      "fixed:base=2s gives up after 3 retries.  ",
      "exponential:cap=10s gives up after 5 retries; the rows end at attempt 3.  ",
      "Gives up first: fixed:base=2s, after attempt 3 and 6 s (6,000 ms) of waiting.  ",
      "Waits longest in total: exponential:cap=10s, 25 s (25,000 ms) by attempt 5.",
      "",
    ]);
  });
});
