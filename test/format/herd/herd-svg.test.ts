import { describe, expect, it } from "vitest";
import { niceTicks, renderCapacityCompareSvg, renderCapacitySvg, renderOccSweepSvg } from "../../../src/format/herd/herd-svg.js";
import type { OccReport } from "../../../src/format/herd/occ.js";
import { svgOpening } from "../../../src/format/svg.js";

describe("the herd drawings", () => {
  it("ticks: round steps of 1, 2 or 5 from 0 past the largest value", () => {
    expect(niceTicks(2425)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it("the sweep: two panels, a curve per mode and panel, names escaped, valid XML shape", () => {
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
    const svg = renderOccSweepSvg(report);
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

  it("the timeline: calls, answers and arrivals per second, utilisation, the outage shaded", () => {
    const w = (k: number, calls: number) => ({
      index: k, startMs: k * 500, endMs: (k + 1) * 500, arrivals: 250, calls, retries: calls - 250, succeeded: 100, failed: calls - 100,
      outageFailures: 0, rejected: 0, timedOut: 0, refused: 0, denied: 0, gaveUp: 0, busyMs: 250, utilisation: 0.5, inServer: 0, waiting: 0,
    });
    const svg = renderCapacitySvg({
      kind: "timeline",
      setup: { rps: 500, arrivals: "poisson", capacity: 1000, concurrency: 1, serviceMs: 1, queue: 2000, timeoutMs: 1000, outage: { startMs: 500, endMs: 1000, kind: "errors" }, durationMs: 1500, windowMs: 500, retries: "none", seed: 1 },
      variant: { name: "retry budget 10% & co", result: { totals: {} as never, recovery: { kind: "recovered", recoveredAtMs: 1000, drainMs: 0, healthyBefore: true }, peakCalls: 0, peakCallsAtMs: 0 } },
      windows: [w(0, 250), w(1, 1000), w(2, 250)],
    });
    // 1,000 calls in a 500 ms window: 2,000 per second, the top of the axis.
    expect(svg).toContain(">2,000</text>");
    expect(svg).toContain('class="band"');
    expect(svg).toContain(">outage</text>");
    expect(svg).toContain("retry budget 10% &amp; co");
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
  });

  it("variants side by side: a curve per variant, its colour the same in both panels; a legend too wide for a row wraps", () => {
    const w = (k: number, calls: number, succeeded: number) => ({
      index: k, startMs: k * 1000, endMs: (k + 1) * 1000, arrivals: 500, calls, retries: calls - 500, succeeded, failed: calls - succeeded,
      outageFailures: 0, rejected: 0, timedOut: 0, refused: 0, denied: 0, gaveUp: 0, busyMs: 500, utilisation: 0.5, inServer: 0, waiting: 0,
    });
    const result = (recovery: never) => ({ totals: {} as never, recovery, peakCalls: 0, peakCallsAtMs: 0 });
    const names = ["no limit", "retry budget 10%", "AWS retry quota", "gRPC retry throttling 10/0.1", "circuit breaker 50%"];
    const svg = renderCapacityCompareSvg({
      kind: "compare",
      setup: { rps: 500, arrivals: "poisson", capacity: 1000, concurrency: 1, serviceMs: 1, queue: 2000, timeoutMs: 1000, outage: { startMs: 1000, endMs: 2000, kind: "stall" }, durationMs: 3000, windowMs: 1000, retries: "up to 3", seed: 1 },
      variants: names.map((name, i) => ({
        name,
        result: result((i === 0 ? { kind: "metastable", sinceOutageMs: 1000, healthyBefore: true } : { kind: "recovered", recoveredAtMs: 3000, drainMs: 1000, healthyBefore: true }) as never),
        windows: [w(0, 500, 500), w(1, 1500 + i, 0), w(2, 2000 - 100 * i, 100 * i)],
      })),
    });
    // Five variants and the arrivals, then five variants.
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(11);
    expect(svg).toContain(">no limit (metastable)</text>");
    expect(svg).toContain(">circuit breaker 50% (recovered, 1 s drain)</text>");
    // 2,000 calls in a 1 s window at most: the axis tops at 2,000.
    expect(svg).toContain(">2,000</text>");
    // The legends wrap at 860 units (about 7 a character, 52 a swatch): the first panel's six entries take three
    // rows (199 + 325 + 318, 409 + 346, 136), the second's five two (108 + 164 + 157 + 248, 185): 56 + 2 × 300 + 3 × 20.
    expect(svg).toContain('height="716"');
    const strokes = [...svg.matchAll(/<polyline class="series"[^>]*stroke="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    expect(strokes.slice(0, 5)).toEqual(strokes.slice(6, 11));
  });
});
