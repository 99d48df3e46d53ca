import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/json.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as JSON", () => {
  it("the inputs, each layer with its call failure (0.125 at the bottom, 0.125³ above), the total and the verdicts", async () => {
    const json = JSON.parse(await renderedText(renderer.render({ report: HALF_REPORT }, plainContext())));
    const give = (ms: number) => ({ give_up_ms: ms, give_up_min_ms: ms, give_up_max_ms: ms });
    expect(json).toEqual({
      counting: "tries = 1 + retries; calls per call entering the top",
      failure_rate: 0.5,
      rps: null,
      attempt_time_ms: 10,
      // No --failure: every layer retries every failure (issue 41, item 5).
      failure: null,
      layers: [
        // The top's call fails when its 3 tries do, each failing with 0.125: 0.125³ = 0.001953125.
        { layer: 1, policy: "top", tries: 3, retries: 2, worst_case_calls: 3, expected_calls: 1.140625, call_failure: 0.001953125, budget: null, budget_limited_calls: 1.140625, per_try_timeout_ms: null, ...give(90), retried: null },
        { layer: 2, policy: "bottom", tries: 3, retries: 2, worst_case_calls: 9, expected_calls: 1.99609375, call_failure: 0.125, budget: null, budget_limited_calls: 1.99609375, per_try_timeout_ms: null, ...give(30), retried: null },
      ],
      total: { worst_case_calls: 9, expected_calls: 1.99609375, budget_limited_calls: 1.99609375, ...give(90) },
      budgets: { solved: true },
      verdicts: [{ kind: "stacked-retries", layers: [1, 2] }],
    });
  });
});
