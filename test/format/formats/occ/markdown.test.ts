import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/markdown.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the OCC experiment as Markdown", () => {
  it("the table (numbers right-aligned, the mode left), then the set-up", async () => {
    const lines = (await renderedText(renderer.render(OCC_REPORT, plainContext()))).split("\n");
    expect(lines[0]).toBe("| clients | mode | runs | calls_mean | calls_sd | calls_se | calls_min | calls_max | completion_ms_mean | completion_ms_sd | completion_ms_se | completion_ms_min | completion_ms_max |");
    expect(lines[1]).toBe("|---:|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    expect(lines[3]).toBe("| 100 | full | 100 | 795.88 | 6.82 | 0.68 | 785.88 | 805.88 | 4902.875 | 490.287 | 49.029 | 2451.437 | 9805.75 |");
    expect(lines.some((line) => line.startsWith("OCC: 100 clients each update one row once"))).toBe(true);
    expect(lines.join("\n")).toContain("means over 100 runs");
  });
});
