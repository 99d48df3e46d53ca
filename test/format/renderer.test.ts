import { describe, expect, it } from "vitest";
import { OUTPUT_OPTIONS } from "../../src/format/renderer.js";

// The lines that refuse an output option, worded from what the renderers that take it are:
// each expected line written out by hand from the refusal's parts.
describe("OUTPUT_OPTIONS: each output option's refusal line", () => {
  it("--chart names the formats that take it, and points at SVG where the command writes one", () => {
    expect(OUTPUT_OPTIONS.chart.refused({ value: true, format: "csv", takers: ["--format table"], formats: ["table", "csv", "svg"] })).toBe(
      "--chart draws under the table, so it needs --format table, got --format csv (for a picture file use --format svg)",
    );
    expect(OUTPUT_OPTIONS.chart.refused({ value: true, format: "json", takers: ["--format table"], formats: ["table", "json"] })).toBe(
      "--chart draws under the table, so it needs --format table, got --format json",
    );
  });

  it("--scale says 'neither' of two takers and 'none of them' of more", () => {
    expect(OUTPUT_OPTIONS.scale.refused({ value: "log", format: "csv", takers: ["--chart", "--format svg"], formats: ["table", "csv", "svg"] })).toBe(
      "--scale applies only to --chart and --format svg, got --scale log with neither",
    );
    expect(OUTPUT_OPTIONS.scale.refused({ value: "linear", format: "csv", takers: ["--chart", "--format svg", "--format html"], formats: [] })).toBe(
      "--scale applies only to --chart and --format svg and --format html, got --scale linear with none of them",
    );
  });
});
