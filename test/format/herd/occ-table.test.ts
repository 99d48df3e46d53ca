import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import type { OccSummary } from "../../../src/core/herd/occ.js";
import type { OccReport } from "../../../src/format/herd/occ.js";
import { renderOccTable } from "../../../src/format/herd/occ-table.js";

const plain = new Chalk({ level: 0 });
const summary = (calls: number, time: number): OccSummary => ({
  runs: 100,
  calls: { count: 100, mean: calls, sd: calls / 50, min: calls, max: calls },
  completionMs: { count: 100, mean: time, sd: time / 10, min: time, max: time },
  events: 0,
});
const report = (clients: number[]): OccReport => ({
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

describe("the OCC table", () => {
  it("one row per mode: calls and time rounded, their spread beside them", () => {
    const lines = renderOccTable(report([100]), plain, null).split("\n");
    // The standard error of each mean, sd / √100: 2,424.9 calls, sd 48.498, se 4.8498 → 2,425 ± 5;
    // 2,028.9 ms, sd 202.89, se 20.289 → 2 s ± 20 ms; 1,003.9, se 2.0078 → ± 2; 4,596.2 ms, se 45.962 → ± 46 ms.
    expect(lines[1]).toBe("│ mode         │ calls │ ± se │ time to completion │  ± se │");
    expect(lines[3]).toBe("│ no-backoff   │ 2,425 │    5 │                2 s │ 20 ms │");
    expect(lines[4]).toBe("│ decorrelated │ 1,004 │    2 │              4.6 s │ 46 ms │");
  });

  it("one run: no spread is known, a dash (issue 39, item 6)", () => {
    const one = { ...report([100]), runs: 1, rows: report([100]).rows.map((row) => ({ ...row, summary: { ...row.summary, runs: 1 } })) };
    expect(renderOccTable(one, plain, null).split("\n")[3]).toBe("│ no-backoff   │ 2,425 │    – │                2 s │    – │");
  });

  it("a sweep adds the client count; every line fits 80 and 60 columns", () => {
    for (const width of [80, 60]) {
      const text = renderOccTable(report([10, 100, 190]), plain, width);
      expect(text).toContain("│      10 │");
      for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(width);
    }
  });
});
