import { describe, expect, it } from "vitest";
import type { CapacityWindow } from "../../../../src/core/herd/capacity/simulate.js";
import { renderer } from "../../../../src/format/formats/capacity/table.js";
import type { CapacityReport } from "../../../../src/format/herd/capacity.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the capacity model as a table", () => {
  it("one row per window fitted to the width, the verdict under it", async () => {
    for (const width of [80, 60]) {
      const text = await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext(width)));
      for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(width);
      expect(text.replace(/\s+/g, " ")).toContain("Metastable: 40 s after the stall ended");
    }
  });

  it("--compare: one row per variant", async () => {
    const text = await renderedText(renderer.render(CAPACITY_COMPARE, plainContext()));
    expect(text).toMatch(/│ retry budget 10% +│/);
    expect(renderer.maxWindows).toBe(100_000);
  });
});

const window = (k: number): CapacityWindow => ({
  index: k,
  startMs: k * 5000,
  endMs: (k + 1) * 5000,
  arrivals: 2500,
  calls: 10_000,
  retries: 7500,
  succeeded: 12,
  failed: 9980,
  outageFailures: 0,
  rejected: 5000,
  timedOut: 4980,
  refused: 8,
  denied: 0,
  gaveUp: 2490,
  busyMs: 4990,
  utilisation: 0.998,
  inServer: 2000,
  waiting: 140,
});
const recovery = { kind: "metastable" as const, sinceOutageMs: 40_000, healthyBefore: true };
const totals = { windows: 2, arrivals: 5000, calls: 20_000, retries: 15_000, succeeded: 24, failed: 19_960, outageFailures: 0, rejected: 10_000, timedOut: 9960, refused: 16, denied: 0, gaveUp: 4980, unfinished: 0, busyMs: 9980, deniedBy: [], events: 1 };
const setup = {
  rps: 500,
  arrivals: "poisson" as const,
  capacity: 1000,
  concurrency: 1,
  serviceMs: 1,
  queue: 2000,
  timeoutMs: 1000,
  outage: { startMs: 10_000, endMs: 20_000, kind: "stall" as const },
  durationMs: 10_000,
  windowMs: 5000,
  retries: "up to 3 per request",
  seed: 42,
};
const heldRun: CapacityReport = { kind: "timeline", setup, variant: { name: "", result: { totals, recovery, peakCalls: 10_000, peakCallsAtMs: 0 } }, windows: [window(0), window(1)] };

describe("the capacity table with hand-set windows", () => {
  it("a row per window: failures include calls the breaker refused, busy in per cent", async () => {
    const lines = (await renderedText(renderer.render(heldRun, plainContext()))).split("\n");
    expect(lines[1]).toBe("│ from │ arrivals │  calls │ retries │ answered │ failed │ gave up │ busy │ in server │");
    expect(lines[3]).toBe("│ 0 ms │    2,500 │ 10,000 │   7,500 │       12 │  9,988 │   2,490 │ 100% │     2,000 │");
    expect(lines[4]).toBe("│  5 s │    2,500 │ 10,000 │   7,500 │       12 │  9,988 │   2,490 │ 100% │     2,000 │");
  });

  it("--compare: a row per variant, the drain time or the verdict; every line within 60 columns", async () => {
    const compare: CapacityReport = {
      kind: "compare",
      setup,
      variants: [
        { name: "no limit", result: { totals, recovery, peakCalls: 3689, peakCallsAtMs: 0 } },
        { name: "retry budget 10%", result: { totals, recovery: { kind: "recovered", recoveredAtMs: 24_000, drainMs: 4000, healthyBefore: true }, peakCalls: 992, peakCallsAtMs: 0 } },
      ],
    };
    const text = await renderedText(renderer.render(compare, plainContext(60)));
    expect(text).toContain("│ no limit         │");
    expect(text).toContain("4 s drain");
    expect(text).toContain("metastable");
    for (const line of text.trimEnd().split("\n")) expect([...line].length, line).toBeLessThanOrEqual(60);
  });
});
