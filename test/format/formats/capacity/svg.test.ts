import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/svg.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("a capacity run as SVG", () => {
  it("draws one run's timeline (the command refuses --compare): calls, answers, arrivals per second and utilisation", async () => {
    expect(renderer.timelineOnly).toBe(true);
    const svg = await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()));
    // Three curves per second, one of utilisation.
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
    expect(svg).toContain(">stall</text>");
  });

  it("variants side by side are a bug here, not a picture", () => {
    expect(() => renderer.render(CAPACITY_COMPARE, plainContext())).toThrow("one run's timeline");
  });
});
