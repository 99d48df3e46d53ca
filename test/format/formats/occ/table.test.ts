import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/table.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

const HINT = "Add --compare-jitter for the experiment's five modes side by side.";

describe("the OCC experiment as a table", () => {
  it("one row per mode, calls and times rounded for reading", async () => {
    const lines = (await renderedText(renderer.render(OCC_REPORT, plainContext()))).split("\n");
    // Standard errors over 100 runs (sd / 10): none 1,855.704 calls, se 6.055 → 1,856 ± 6; full 795.88, se 0.682 → 796 ± 1;
    // 4,902.87 ms → 4.9 s, se 49.03 → 49 ms.
    expect(lines[3]).toMatch(/^│ none +│ +1,856 │ +6 │/);
    expect(lines[4]).toMatch(/^│ full +│ +796 │ +1 │ +4\.9 s │ +49 ms │$/);
    expect(lines).not.toContain(HINT);
  });

  it("a run of one mode points at --compare-jitter, fitted to the width", async () => {
    const text = await renderedText(renderer.render({ ...OCC_REPORT, rows: OCC_REPORT.rows.slice(1) }, plainContext(40)));
    // "Add --compare-jitter for the experiment's" is 41 characters: "experiment's" starts the next line.
    expect(text.endsWith("\nAdd --compare-jitter for the\nexperiment's five modes side by side.\n")).toBe(true);
    for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(40);
  });
});
