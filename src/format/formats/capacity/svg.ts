import { heldReport } from "../../herd/capacity.js";
import { renderCapacitySvg } from "../../herd/herd-svg.js";
import type { CapacityRenderer } from "../../renderer.js";

/** One capacity run as an SVG timeline: offered load, retries and successes per window, the outage shaded. */
export const renderer: CapacityRenderer = {
  timelineOnly: true,
  render(output) {
    const report = heldReport(output);
    if (report.kind !== "timeline") throw new Error("the capacity SVG draws one run's timeline");
    return { pieces: [renderCapacitySvg(report)] };
  },
};
