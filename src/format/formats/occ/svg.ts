import { renderOccSweepSvg } from "../../herd/herd-svg.js";
import type { OccRenderer } from "../../renderer.js";

/** A sweep of the AWS experiment as an SVG: calls and time to completion against the clients, one curve per mode. */
export const renderer: OccRenderer = {
  sweep: true,
  render: (report) => ({ pieces: [renderOccSweepSvg(report)] }),
};
