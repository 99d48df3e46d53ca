import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/html.js";
import { MAX_PAGE_ATTEMPTS, type RenderContext } from "../../../../src/format/renderer.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { FIXED, FOREVER, compareOutput } from "../../../support/compared.js";

// The renderer hands the page its data; the page itself is test/format/html/page.test.ts's.

describe("the comparison as an HTML page", () => {
  it("a series per policy with all its rows, where it gives up, its cap; the command line and the verdicts", async () => {
    const pages: unknown[] = [];
    const context: RenderContext = {
      ...plainContext(),
      htmlPage: async (page) => {
        pages.push(page);
        return "<html>page</html>\n";
      },
    };
    const output = compareOutput([FIXED, FOREVER], { title: "two", commandLine: async () => "backoff compare fixed:base=2s forever --format html" });
    expect(await renderedText(renderer.render(output, context))).toBe("<html>page</html>\n");
    expect(pages).toHaveLength(1);
    const page = pages[0] as { kind: string; title: string; command: string; summaryLines: string[]; scale: null; series: Array<Record<string, unknown> & { rows: Array<{ attempt: number; delayMs: number }> }> };
    expect([page.kind, page.title, page.command, page.scale]).toEqual(["compare", "two", "backoff compare fixed:base=2s forever --format html", null]);
    expect(page.summaryLines).toEqual([
      "fixed:base=2s gives up after 3 retries.",
      "forever retries forever (connection backoff never gives up).",
      "Gives up first: fixed:base=2s, after attempt 3 and 6 s (6,000 ms) of waiting.",
      "Never gives up: forever (it retries as long as the calls fail).",
    ]);
    // fixed gives up at attempt 4, after its 3 retries shown; the one that never does has no such attempt.
    expect(page.series.map(({ rows, ...rest }) => ({ ...rest, rows: rows.map((row) => [row.attempt, row.delayMs]) }))).toEqual([
      { name: "fixed:base=2s", capMs: null, jittered: false, sampled: false, givesUpAt: 4, rows: [[1, 2000], [2, 2000], [3, 2000]] },
      { name: "forever", capMs: null, jittered: false, sampled: false, givesUpAt: null, rows: [[1, 500], [2, 500]] },
    ]);
  });

  it("a page holds at most the page's limit of attempts, every policy read to its end", () => {
    expect([renderer.maxAttempts, renderer.readsLastRow]).toEqual([MAX_PAGE_ATTEMPTS, true]);
  });
});
