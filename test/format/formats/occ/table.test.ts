import { describe, expect, it } from "vitest";
import type { OccSummary } from "../../../../src/core/herd/occ.js";
import { renderer } from "../../../../src/format/formats/occ/table.js";
import type { OccReport } from "../../../../src/format/herd/occ.js";
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

const summary = (calls: number, time: number): OccSummary => ({
  runs: 100,
  calls: { count: 100, mean: calls, sd: calls / 50, min: calls, max: calls },
  completionMs: { count: 100, mean: time, sd: time / 10, min: time, max: time },
  events: 0,
});
const modes = (clients: number[]): OccReport => ({
  network: { meanMs: 10, sdMs: 2 },
  baseMs: 10,
  capMs: 2000,
  runs: 100,
  seed: 42,
  rows: clients.flatMap((n) => [
    { clients: n, mode: "no-backoff" as const, summary: summary(2424.9, 2028.9) },
    { clients: n, mode: "decorrelated" as const, summary: summary(1003.9, 4596.2) },
  ]),
});

describe("the OCC table with hand-set runs", () => {
  it("one row per mode: calls and time rounded, their spread beside them", async () => {
    const lines = (await renderedText(renderer.render(modes([100]), plainContext()))).split("\n");
    // The standard error of each mean, sd / √100: 2,424.9 calls, sd 48.498, se 4.8498 → 2,425 ± 5;
    // 2,028.9 ms, sd 202.89, se 20.289 → 2 s ± 20 ms; 1,003.9, se 2.0078 → ± 2; 4,596.2 ms, se 45.962 → ± 46 ms.
    expect(lines[1]).toBe("│ mode         │ calls │ ± se │ time to completion │  ± se │");
    expect(lines[3]).toBe("│ no-backoff   │ 2,425 │    5 │                2 s │ 20 ms │");
    expect(lines[4]).toBe("│ decorrelated │ 1,004 │    2 │              4.6 s │ 46 ms │");
  });

  it("one run: no spread is known, a dash (issue 39, item 6)", async () => {
    const one = { ...modes([100]), runs: 1, rows: modes([100]).rows.map((row) => ({ ...row, summary: { ...row.summary, runs: 1 } })) };
    expect((await renderedText(renderer.render(one, plainContext()))).split("\n")[3]).toBe("│ no-backoff   │ 2,425 │    – │                2 s │    – │");
  });

  it("a sweep adds the client count; every line fits 80 and 60 columns", async () => {
    for (const width of [80, 60]) {
      const text = await renderedText(renderer.render(modes([10, 100, 190]), plainContext(width)));
      expect(text).toContain("│      10 │");
      for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(width);
    }
  });
});
