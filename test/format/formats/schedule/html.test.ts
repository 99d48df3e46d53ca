/** The schedule as an HTML page (src/format/formats/schedule/html.ts): the data it hands the page. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/html.js";
import type { CalculatorPolicy } from "../../../../src/format/html/page-data.js";
import { MAX_PAGE_ATTEMPTS, type RenderContext } from "../../../../src/format/renderer.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

const calculator: CalculatorPolicy = { strategy: "exponential", baseMs: 100, factor: 2, stepMs: 100, capMs: 400, stepFollowsBase: true, lastAttempt: 3, note: null };

describe("the schedule as an HTML page", () => {
  it("one series of the rows, the command line and calculator from the page, the summary lines", async () => {
    const pages: unknown[] = [];
    const context: RenderContext = { ...plainContext(), htmlPage: async (page) => (pages.push(page), "<html/>\n") };
    const output = {
      ...scheduleOutput({ baseMs: 100, capMs: 400 }, { first: 1, last: 3 }, { summaryLines: ["Total wait after attempt 3: 700 ms."] }),
      page: async () => ({ command: "backoff --base 100 --cap 400 --attempts 3", calculator }),
    };
    expect(await renderedText(renderer.render(output, context))).toBe("<html/>\n");
    const page = pages[0] as { kind: string; title: string; command: string; summaryLines: string[]; scale: null; calculator: CalculatorPolicy; series: { name: string; rows: Array<{ delayMs: number }>; capMs: number; jittered: boolean; sampled: boolean } };
    expect([page.kind, page.title, page.command, page.scale, page.calculator]).toEqual(["schedule", "exponential · base 100 ms · factor 2 · cap 400 ms · attempts 1..3", "backoff --base 100 --cap 400 --attempts 3", null, calculator]);
    expect(page.summaryLines).toEqual(["Total wait after attempt 3: 700 ms."]);
    expect({ ...page.series, rows: page.series.rows.map((row) => row.delayMs) }).toEqual({ name: page.title, rows: [100, 200, 400], capMs: 400, jittered: false, sampled: false });
  });

  it("a seed marks the series sampled; a page holds at most the page's attempts", async () => {
    let sampled: unknown;
    const context: RenderContext = { ...plainContext(), htmlPage: async (page) => ((sampled = (page as { series: { sampled: boolean } }).series.sampled), "") };
    await renderer.render({ ...scheduleOutput({ baseMs: 100 }, { first: 1, last: 2 }, { jitter: { kind: "full" }, seed: 5 }), page: async () => ({ command: "", calculator }) }, context);
    expect(sampled).toBe(true);
    expect(renderer.maxAttempts).toBe(MAX_PAGE_ATTEMPTS);
  });

  it("with a deadline the series carries it, for the chart's line (issue 25)", async () => {
    let series: unknown;
    const context: RenderContext = { ...plainContext(), htmlPage: async (page) => ((series = (page as { series: unknown }).series), "") };
    const output = scheduleOutput({ baseMs: 100 }, { first: 1, last: 2 });
    await renderer.render({ ...output, deadline: { waits: output.model, retries: 2, attemptTimeMs: 0, deadlineMs: 250, stop: null }, page: async () => ({ command: "", calculator }) }, context);
    expect((series as { deadlineMs: number }).deadlineMs).toBe(250);
  });
});
