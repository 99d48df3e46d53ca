import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/table.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the capacity model as a table", () => {
  it("one row per window fitted to the width, the verdict under it", async () => {
    for (const width of [80, 60]) {
      const text = await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext(width)));
      for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(width);
      expect(text.replace(/\s+/g, " ")).toContain("Metastable: 40 s after the stall ended");
    }
  });

  it("--compare: one row per variant", async () => {
    const text = await renderedText(renderer.render(CAPACITY_COMPARE, plainContext()));
    expect(text).toMatch(/│ retry budget 10% +│/);
    expect(renderer.maxWindows).toBe(100_000);
  });
});
