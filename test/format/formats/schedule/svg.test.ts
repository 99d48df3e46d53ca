/** The schedule as SVG (src/format/formats/schedule/svg.ts), by hand: base 100 ms, factor 2, cap 400 ms. */
import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/schedule/svg.js";
import { MAX_PICTURE_ATTEMPTS } from "../../../../src/format/renderer.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { scheduleOutput } from "../../../support/schedule-outputs.js";

const points = (svg: string, name: string) => new RegExp(`<polyline class="${name}" points="([^"]*)"`).exec(svg)?.[1];

describe("the schedule as SVG", () => {
  it("the rows of the range under the policy's title, the cap from the model", async () => {
    // Delays 100, 200, 400, 400 ms (capped), linear 100 ms a step: 100 ms to 400 ms (4×), a linear axis of
    // 0 to 400 ms (steps of 100 ms): y = 440 − ms / 400 × 376; attempts 1..4 at x 100, 353.33, 606.67, 860.
    const svg = await renderedText(renderer.render(scheduleOutput({ baseMs: 100, capMs: 400 }, { first: 1, last: 4 }), plainContext()));
    expect(svg).toContain("<title>exponential · base 100 ms · factor 2 · cap 400 ms · attempts 1..4</title>");
    expect(points(svg, "delay")).toBe("100,346 353.33,252 606.67,64 860,64");
    expect(points(svg, "linear")).toBe("100,346 353.33,252 606.67,158 860,64");
    expect(svg).toContain('<line class="cap" x1="100" x2="860" y1="64" y2="64"');
    expect(svg.match(/class="point capped"/g)).toHaveLength(1);
  });

  it("a log axis on --scale log: 100 ms to 1 s, a decade over the plot", async () => {
    const output = scheduleOutput({ baseMs: 100, capMs: 400 }, { first: 1, last: 4 });
    // y = 440 − log10(ms / 100) × 376: 100 ms on the axis, 200 ms at 326.81, 400 ms at 213.63.
    expect(points(await renderedText(renderer.render(output, plainContext(null, { scale: "log" }))), "delay")).toBe("100,440 353.33,326.81 606.67,213.63 860,213.63");
  });

  it("draws all its rows at once, up to the picture's limit, on the scale asked for (and takes no --chart)", () => {
    expect([renderer.readsLastRow, renderer.takes, renderer.maxAttempts]).toEqual([true, { scale: true }, MAX_PICTURE_ATTEMPTS]);
  });
});
