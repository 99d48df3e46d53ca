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
    // 2,424.9 calls ± 48.498 → 2,425 ± 48; 2,028.9 ms ± 202.89 → 2 s ± 203 ms (whole milliseconds).
    expect(lines[1]).toBe("│ mode         │ calls │ ± sd │ time to completion │   ± sd │");
    expect(lines[3]).toBe("│ no-backoff   │ 2,425 │   48 │                2 s │ 203 ms │");
    expect(lines[4]).toBe("│ decorrelated │ 1,004 │   20 │              4.6 s │ 460 ms │");
  });

  it("a sweep adds the client count; every line fits 80 and 60 columns", () => {
    for (const width of [80, 60]) {
      const text = renderOccTable(report([10, 100, 190]), plain, width);
      expect(text).toContain("│      10 │");
      for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(width);
    }
  });
});
