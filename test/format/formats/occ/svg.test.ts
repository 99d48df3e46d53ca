import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/svg.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("an OCC sweep as SVG", () => {
  it("declares that it draws a sweep (the command refuses one client count)", () => {
    expect(renderer.sweep).toBe(true);
  });

  it("two panels (calls, time) of one curve per mode: 2 modes → 4 curves", async () => {
    const rows = [10, 20].flatMap((clients) => OCC_REPORT.rows.map((row) => ({ ...row, clients })));
    const svg = await renderedText(renderer.render({ ...OCC_REPORT, rows }, plainContext()));
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });
});
