import { heldReport } from "../../herd/capacity.js";
import { renderCapacityCompareSvg, renderCapacitySvg } from "../../herd/herd-svg.js";
import type { CapacityRenderer } from "../../renderer.js";

/**
 * One capacity run as an SVG timeline (offered load, answers and arrivals per second,
 * utilisation, the outage shaded), or variants side by side, each its own curve.
 */
export const renderer: CapacityRenderer = {
  drawsWindows: true,
  render(output) {
    const report = heldReport(output);
    return { pieces: [report.kind === "timeline" ? renderCapacitySvg(report) : renderCapacityCompareSvg(report)] };
  },
};
