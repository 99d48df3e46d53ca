import { describe, expect, it } from "vitest";
import { CHART, SERIES_COLORS, seriesClass } from "../../../src/format/html/layout.js";

describe("the page's chart layout", () => {
  it("eight series colours, reused past the eighth policy", () => {
    expect(SERIES_COLORS).toBe(8);
    expect([0, 1, 7, 8, 9, 17].map(seriesClass)).toEqual(["s0", "s1", "s7", "s0", "s1", "s1"]);
  });

  it("the plot lies inside the drawing", () => {
    expect(CHART.left).toBeGreaterThan(0);
    expect(CHART.right).toBeLessThanOrEqual(CHART.width);
    expect(CHART.top).toBeGreaterThanOrEqual(0);
    expect(CHART.bottom).toBeLessThanOrEqual(CHART.height);
    expect(CHART.left < CHART.right && CHART.top < CHART.bottom).toBe(true);
  });
});
