import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/json.js";
import { CAPACITY_COMPARE, CAPACITY_SETUP, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the capacity model as JSON", () => {
  it("one run: the set-up, its totals and verdict, then the windows", async () => {
    const json = JSON.parse(await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext())));
    expect(json.setup).toMatchObject({ rps: 500, capacity: 1000, timeout_ms: 1000, outage: { start_ms: 10_000, end_ms: 20_000, kind: "stall" } });
    expect([json.totals.calls, json.recovery.kind, json.windows.length, json.windows[1].calls]).toEqual([90_000, "metastable", 2, 2000]);
    expect(json.recovery).toEqual({ kind: "metastable", since_outage_ms: 40_000, healthy_before: true });
  });

  it("figures: what every count is (issue 39, item 6): one seeded sample, exact when nothing is drawn, or the expectation", async () => {
    const figures = async (setup: typeof CAPACITY_SETUP) => JSON.parse(await renderedText(renderer.render({ ...CAPACITY_TIMELINE, setup }, plainContext()))).setup;
    expect(await figures(CAPACITY_SETUP)).toMatchObject({ seed: 42, figures: "sample" });
    expect(await figures({ ...CAPACITY_SETUP, arrivals: "uniform", drawn: false })).toMatchObject({ seed: 42, figures: "exact" });
    const expected = await figures({ ...CAPACITY_SETUP, expected: true });
    expect([expected.method, expected.figures, "seed" in expected]).toEqual(["expected", "expected", false]);
  });

  it("no timeout is null", async () => {
    if (CAPACITY_TIMELINE.kind !== "timeline") throw new Error("a timeline");
    const json = JSON.parse(await renderedText(renderer.render({ ...CAPACITY_TIMELINE, setup: { ...CAPACITY_SETUP, timeoutMs: Infinity } }, plainContext())));
    expect(json.setup.timeout_ms).toBeNull();
  });

  it("--compare: each variant's totals and verdict", async () => {
    const json = JSON.parse(await renderedText(renderer.render(CAPACITY_COMPARE, plainContext())));
    expect(json.variants.map((v: { variant: string; recovery: { kind: string } }) => [v.variant, v.recovery.kind])).toEqual([
      ["no limit", "metastable"],
      ["retry budget 10%", "recovered"],
    ]);
  });

  it("holds the run: it is never handed a stream", () => {
    expect(renderer.streams).toBeUndefined();
    expect(() => renderer.render({ kind: "stream", windows: [] }, plainContext())).toThrow("does not stream");
  });
});
