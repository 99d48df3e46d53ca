import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED } from "../../../support/simulations.js";

describe("the simulation as JSON", () => {
  it("with --compare-jitter: the policy, the cohort and one entry per mode, as one line", async () => {
    const text = await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()));
    expect(text.split("\n")).toHaveLength(2);
    expect(JSON.parse(text)).toEqual({
      policy: { strategy: "exponential", base_ms: 100, factor: 2, step_ms: 100, cap_ms: 10_000, first_attempt: 1, last_attempt: 2 },
      cohort: { clients: 1000, spread_ms: 0, success: 0, window_ms: 1000, attempts: 2, seed: 7 },
      modes: [
        { jitter: "none", calls: 3000, retries: 2000, peak_load: 1000, completion_ms: 300 },
        { jitter: "0.2", calls: 2500, retries: 1500, peak_load: 300, completion_ms: 12_345 },
      ],
    });
  });
});
