import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, PRESET, SINGLE, result } from "../../../support/simulations.js";
import type { Simulation } from "../../../../src/format/simulate.js";

const json = async (simulation: Simulation) => renderedText(renderer.render({ simulation, chart: null }, plainContext()));

describe("the simulation as JSON", () => {
  it("one jitter mode: the policy with its jitter, the cohort with its seed, the rows, both summaries; one line", async () => {
    const text = await json(SINGLE);
    expect(text.endsWith("}\n") && !text.slice(0, -1).includes("\n")).toBe(true);
    expect(JSON.parse(text)).toEqual({
      policy: { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 10_000, first_attempt: 1, last_attempt: 2, jitter: "full" },
      cohort: { clients: 1000, spread_ms: 0, success: 0, window_ms: 1000, attempts: 2, seed: 7 },
      rows: [
        { attempt: 1, clients: 1000, earliest_ms: 0, p50_ms: 50, p95_ms: 95, latest_ms: 100, peak_load: 640, unjittered_latest_ms: 100, unjittered_peak_load: 1000 },
        { attempt: 2, clients: 1000, earliest_ms: 100, p50_ms: 200, p95_ms: 290, latest_ms: 300, peak_load: 420, unjittered_latest_ms: 300, unjittered_peak_load: 1000 },
      ],
      // Full jitter draws; without it, from t = 0 with every retry failing, nothing is drawn (issue 39, item 6).
      summary: { jittered: { calls: 3000, retries: 2000, peak_load: 640, completion_ms: 300, figures: "sample" }, unjittered: { calls: 3000, retries: 2000, peak_load: 1000, completion_ms: 300, figures: "exact" } },
    });
  });

  it("a preset: the library's parameters in place of the policy", async () => {
    const doc = JSON.parse(await json(PRESET));
    expect(doc.preset).toEqual({ preset: "bullmq", library: "BullMQ", parameters: { attempts: 2, delay: 1000, jitter: null }, jittered: false, stopping: "bullmq stops after 1 retry" });
    expect(doc.cohort).toEqual({ clients: 10, spread_ms: 1500.7, success: 0.25, window_ms: 500, attempts: 1, seed: 3 });
    expect(doc.rows).toHaveLength(1);
    // The starts (1.5 s of spread) and the successes (0.25) are drawn: a sample even without jitter.
    expect(doc.summary.jittered).toEqual({ calls: 20, retries: 10, peak_load: 4, completion_ms: 2500, figures: "sample" });
    expect(doc.summary.unjittered.figures).toBe("sample");
  });

  it("a completion time past 2^53 ms is the saturation marker, not a wrong number", async () => {
    const late = { ...SINGLE, result: result([], 3000, 2000, 640, 2 ** 53) };
    expect(JSON.parse(await json(late)).summary.jittered.completion_ms).toBe(">9007199254740991");
  });

  it("with --compare-jitter: the policy, the cohort and one entry per mode, as one line", async () => {
    const text = await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()));
    expect(text.split("\n")).toHaveLength(2);
    expect(JSON.parse(text)).toEqual({
      policy: { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 10_000, first_attempt: 1, last_attempt: 2 },
      cohort: { clients: 1000, spread_ms: 0, success: 0, window_ms: 1000, attempts: 2, seed: 7 },
      modes: [
        { jitter: "none", calls: 3000, retries: 2000, peak_load: 1000, completion_ms: 300, figures: "exact" },
        { jitter: "0.2", calls: 2500, retries: 1500, peak_load: 300, completion_ms: 12_345, figures: "sample" },
      ],
    });
  });
});
