import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/svg.js";
import type { CapacityReport } from "../../../../src/format/herd/capacity.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("a capacity run as SVG", () => {
  it("draws one run's timeline: calls, answers, arrivals per second and utilisation", async () => {
    expect(renderer.drawsWindows).toBe(true);
    const svg = await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()));
    // Three curves per second, one of utilisation.
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
    expect(svg).toContain(">stall</text>");
  });

  it("variants side by side, each with its windows: a curve per variant in each panel, the arrivals once", async () => {
    if (CAPACITY_COMPARE.kind !== "compare" || CAPACITY_TIMELINE.kind !== "timeline") throw new Error("fixtures");
    const windows = CAPACITY_TIMELINE.windows;
    const report: CapacityReport = { ...CAPACITY_COMPARE, variants: CAPACITY_COMPARE.variants.map((variant) => ({ ...variant, windows })) };
    const svg = await renderedText(renderer.render(report, plainContext()));
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(5);
    expect(svg).toContain(">no limit (metastable)</text>");
    expect(svg).toContain(">retry budget 10% (recovered, 4 s drain)</text>");
  });

  it("variants without their windows are a bug in the command, not a picture", () => {
    expect(() => renderer.render(CAPACITY_COMPARE, plainContext())).toThrow("draws windows");
  });

  // Moved from test/format/herd/herd-svg.test.ts with the drawings (renderCapacitySvg, renderCapacityCompareSvg), now this renderer's.
  it("the timeline: calls, answers and arrivals per second, utilisation, the outage shaded", async () => {
    const w = (k: number, calls: number) => ({
      index: k, startMs: k * 500, endMs: (k + 1) * 500, arrivals: 250, calls, retries: calls - 250, succeeded: 100, failed: calls - 100,
      outageFailures: 0, rejected: 0, timedOut: 0, refused: 0, denied: 0, gaveUp: 0, busyMs: 250, utilisation: 0.5, inServer: 0, waiting: 0,
    });
    const svg = await renderedText(renderer.render({
      kind: "timeline",
      setup: { rps: 500, arrivals: "poisson", capacity: 1000, concurrency: 1, serviceMs: 1, queue: 2000, timeoutMs: 1000, outage: { startMs: 500, endMs: 1000, kind: "errors" }, durationMs: 1500, windowMs: 500, retries: "none", seed: 1 },
      variant: { name: "retry budget 10% & co", result: { totals: {} as never, recovery: { kind: "recovered", recoveredAtMs: 1000, drainMs: 0, healthyBefore: true }, peakCalls: 0, peakCallsAtMs: 0 } },
      windows: [w(0, 250), w(1, 1000), w(2, 250)],
    }, plainContext()));
    // 1,000 calls in a 500 ms window: 2,000 per second, the top of the axis.
    expect(svg).toContain(">2,000</text>");
    expect(svg).toContain('class="band"');
    expect(svg).toContain(">outage</text>");
    expect(svg).toContain("retry budget 10% &amp; co");
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(4);
  });

  it("variants side by side: a curve per variant, its colour the same in both panels; a legend too wide for a row wraps", async () => {
    const w = (k: number, calls: number, succeeded: number) => ({
      index: k, startMs: k * 1000, endMs: (k + 1) * 1000, arrivals: 500, calls, retries: calls - 500, succeeded, failed: calls - succeeded,
      outageFailures: 0, rejected: 0, timedOut: 0, refused: 0, denied: 0, gaveUp: 0, busyMs: 500, utilisation: 0.5, inServer: 0, waiting: 0,
    });
    const result = (recovery: never) => ({ totals: {} as never, recovery, peakCalls: 0, peakCallsAtMs: 0 });
    const names = ["no limit", "retry budget 10%", "AWS retry quota", "gRPC retry throttling 10/0.1", "circuit breaker 50%"];
    const svg = await renderedText(renderer.render({
      kind: "compare",
      setup: { rps: 500, arrivals: "poisson", capacity: 1000, concurrency: 1, serviceMs: 1, queue: 2000, timeoutMs: 1000, outage: { startMs: 1000, endMs: 2000, kind: "stall" }, durationMs: 3000, windowMs: 1000, retries: "up to 3", seed: 1 },
      variants: names.map((name, i) => ({
        name,
        result: result((i === 0 ? { kind: "metastable", sinceOutageMs: 1000, healthyBefore: true } : { kind: "recovered", recoveredAtMs: 3000, drainMs: 1000, healthyBefore: true }) as never),
        windows: [w(0, 500, 500), w(1, 1500 + i, 0), w(2, 2000 - 100 * i, 100 * i)],
      })),
    }, plainContext()));
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
