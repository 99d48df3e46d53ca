/** The schedule as CSV (src/format/formats/schedule/csv.ts), by hand: base 100 ms, factor 2, cap 10 s, linear step 100 ms. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/csv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

describe("the schedule as CSV", () => {
  it("the six core columns; delays 100, 200, 400 (totals 100, 300, 700) beside linear 100, 200, 300 (100, 300, 600)", async () => {
    expect(await renderedText(renderer.render(scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 1, last: 3 }), plainContext()))).toBe(
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,100,100,100,100,100\n2,200,200,300,200,300\n3,400,400,700,300,600\n",
    );
  });

  it("full jitter adds its range: U{0..d}, mean d/2, the totals from 0 to the un-jittered one", async () => {
    const text = await renderedText(renderer.render(scheduleOutput({ baseMs: 100, capMs: 10_000 }, { first: 1, last: 2 }, { jitter: { kind: "full" } }), plainContext()));
    expect(text.split("\n")).toEqual([
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms",
      "1,100,100,100,100,100,0,100,50,0,100",
      "2,200,200,300,200,300,0,200,100,0,300",
      "",
    ]);
  });

  it("streams: a Ctrl-C stops it after the last whole row, with nothing to close", async () => {
    const rendered = await renderer.render(scheduleOutput({ baseMs: 100 }, { first: 1, last: 2 }), plainContext());
    expect("pieces" in rendered && rendered.interruptible).toEqual({});
  });
});
