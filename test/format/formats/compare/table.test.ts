import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, compareOutput } from "../../../support/compared.js";

describe("the comparison as a table", () => {
  it("in a pipe: every policy side by side, then how each stops and the verdicts", async () => {
    expect((await renderedText(renderer.render(compareOutput([FIXED, DOUBLING]), plainContext()))).split("\n")).toEqual([
      "┌─────────┬────────────────────┬────────────────────┐",
      "│         │ fixed:base=2s      │ exponential:       │",
      "│         │                    │ cap=10s            │",
      "│         ├───────┬────────────┼───────┬────────────┤",
      "│ attempt │ delay │ total wait │ delay │ total wait │",
      "├─────────┼───────┼────────────┼───────┼────────────┤",
      "│       1 │ 2 s   │ 2 s        │ 1 s   │ 1 s        │",
      "│       2 │ 2 s   │ 4 s        │ 2 s   │ 3 s        │",
      "│       3 │ 2 s   │ 6 s        │ 4 s   │ 7 s        │",
      "└─────────┴───────┴────────────┴───────┴────────────┘",
      "fixed:base=2s gives up after 3 retries.",
      "exponential:cap=10s gives up after 5 retries; the rows end at attempt 3.",
      "Gives up first: fixed:base=2s, after attempt 3 and 6 s (6,000 ms) of waiting.",
      "Waits longest in total: exponential:cap=10s, 25 s (25,000 ms) by attempt 5.",
      "",
    ]);
  });

  it("in a terminal of 40 columns: one table per policy (32 columns each), the lines under them wrapped", async () => {
    const lines = (await renderedText(renderer.render(compareOutput([FIXED, DOUBLING]), plainContext(40)))).split("\n");
    expect(lines[0]).toBe("┌─────────┬────────────────────┐");
    expect(lines[9]).toBe("");
    expect(lines[10]).toBe("┌─────────┬────────────────────┐");
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(lines.slice(20)).toEqual([
      "fixed:base=2s gives up after 3 retries.",
      "exponential:cap=10s gives up after 5",
      "retries; the rows end at attempt 3.",
      "Gives up first: fixed:base=2s, after",
      "attempt 3 and 6 s (6,000 ms) of waiting.",
      "Waits longest in total:",
      "exponential:cap=10s, 25 s (25,000 ms) by",
      "attempt 5.",
      "",
    ]);
  });
});
