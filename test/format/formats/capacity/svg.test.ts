import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/svg.js";
import type { CapacityReport } from "../../../../src/format/herd/capacity.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("a capacity run as SVG", () => {
  it("draws one run's timeline: calls, answers, arrivals per second and utilisation", async () => {
    expect(renderer.drawsWindows).toBe(true);
    const svg = await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()));
    // Three curves per second, one of utilisation.
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
    expect(svg).toContain(">stall</text>");
  });

  it("variants side by side, each with its windows: a curve per variant in each panel, the arrivals once", async () => {
    if (CAPACITY_COMPARE.kind !== "compare" || CAPACITY_TIMELINE.kind !== "timeline") throw new Error("fixtures");
    const windows = CAPACITY_TIMELINE.windows;
    const report: CapacityReport = { ...CAPACITY_COMPARE, variants: CAPACITY_COMPARE.variants.map((variant) => ({ ...variant, windows })) };
    const svg = await renderedText(renderer.render(report, plainContext()));
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(5);
    expect(svg).toContain(">no limit (metastable)</text>");
    expect(svg).toContain(">retry budget 10% (recovered, 4 s drain)</text>");
  });

  it("variants without their windows are a bug in the command, not a picture", () => {
    expect(() => renderer.render(CAPACITY_COMPARE, plainContext())).toThrow("draws windows");
  });
});
