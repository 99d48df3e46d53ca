import { describe, expect, it } from "vitest";
import { compareByAttempt } from "../../../../src/core/compare.js";
import { compareMarkdown, renderer } from "../../../../src/format/formats/compare/markdown.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, JITTERED, compareOutput } from "../../../support/compared.js";

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

// Moved from test/format/compare.test.ts with the function they test (renderCompareMarkdown, now this file's
// compareMarkdown): the renderer always has summary lines (one per policy), so the empty case is tested on it.
const text = (pieces: Iterable<string>) => [...pieces].join("");

describe("compareMarkdown: wide", () => {
  it("a line per attempt, each policy's delay and total; empty cells where a policy has stopped; pipes in names escaped", () => {
    const named = { ...JITTERED, name: "a|b" };
    expect(text(compareMarkdown(["fixed:base=2s", "a|b"], compareByAttempt([FIXED, named]), () => ["One.", "Two."])).split("\n")).toEqual([
      "| attempt | fixed:base=2s delay_ms | fixed:base=2s cumulative_ms | a\\|b delay_ms | a\\|b cumulative_ms |",
      "|---:|---:|---:|---:|---:|",
      "| 1 | 2000 | 2000 | 1000 | 1000 |",
      "| 2 | 2000 | 4000 | 2000 | 3000 |",
      "| 3 | 2000 | 6000 |  |  |",
      "",
      "One.  ",
      "Two.",
      "",
    ]);
  });

  it("no summary lines, no paragraph", () => {
    expect(text(compareMarkdown(["fixed:base=2s"], compareByAttempt([FIXED]), () => []))).toBe(
      "| attempt | fixed:base=2s delay_ms | fixed:base=2s cumulative_ms |\n|---:|---:|---:|\n| 1 | 2000 | 2000 |\n| 2 | 2000 | 4000 |\n| 3 | 2000 | 6000 |\n",
    );
  });
});
