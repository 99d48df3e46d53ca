import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/svg.js";
import type { OccReport } from "../../../../src/format/herd/occ.js";
import { svgOpening } from "../../../../src/format/svg.js";
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

  it("the sweep: two panels, a curve per mode and panel, names escaped, valid XML shape", async () => {
    const summary = (calls: number) => ({ runs: 2, calls: { count: 2, mean: calls, sd: 0, min: calls, max: calls }, completionMs: { count: 2, mean: calls * 3, sd: 0, min: 0, max: 0 }, events: 0 });
    const report: OccReport = {
      network: { meanMs: 10, sdMs: 2 },
      baseMs: 10,
      capMs: 2000,
      runs: 2,
      seed: 1,
      rows: [10, 20].flatMap((clients) => [
        { clients, mode: "full" as const, summary: summary(clients * 4) },
        { clients, mode: "none" as const, summary: summary(clients * 9) },
      ]),
    };
    const svg = await renderedText(renderer.render(report, plainContext()));
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
    expect(svg).toContain("<title>none</title>");
    expect(svg).toContain("contending clients");
    expect(svg.split("<svg").length).toBe(2);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    // The frame every drawing has: svgOpening's lines (two panels of 300 under a 56-unit head), then each
    // panel's axes by the shared drawer, in the plot's columns: 64 + 24 down to 64 + 210, then 300 lower.
    const title = "OCC backoff experiment: means over 2 runs, seed 1";
    expect(svg.startsWith(`${svgOpening(656, title, []).join("\n")}\n`)).toBe(true);
    expect(svg.match(/<path class="axes" d="[^"]*"/g)).toEqual(['<path class="axes" d="M100,88V274H860"', '<path class="axes" d="M100,388V574H860"']);
    // Calls up to 180: ticks of 50 to 200; times up to 540 ms: the duration steps of 200 ms, to 600 ms.
    expect(svg).toContain(">200</text>");
    expect(svg).toContain(">600 ms</text>");
  });
});
