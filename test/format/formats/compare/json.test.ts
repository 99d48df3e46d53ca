import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/json.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { FIXED, JITTERED, compareOutput } from "../../../support/compared.js";

describe("the comparison as JSON", () => {
  it("the policies as described, every row in long form (jitter columns for all when one jitters), the summary", async () => {
    const doc = JSON.parse(await renderedText(renderer.render(compareOutput([JITTERED, FIXED]), plainContext())));
    expect(doc.policies).toEqual([
      { name: "full-jitter", spec: "full-jitter" },
      { name: "fixed:base=2s", spec: "fixed:base=2s" },
    ]);
    expect(doc.rows).toEqual([
      { policy: "full-jitter", attempt: 1, delay_ms: 1000, cumulative_ms: 1000, min_ms: 0, max_ms: 1000, mean_ms: 500, cumulative_min_ms: 0, cumulative_max_ms: 1000 },
      { policy: "full-jitter", attempt: 2, delay_ms: 2000, cumulative_ms: 3000, min_ms: 0, max_ms: 2000, mean_ms: 1000, cumulative_min_ms: 0, cumulative_max_ms: 3000 },
      { policy: "fixed:base=2s", attempt: 1, delay_ms: 2000, cumulative_ms: 2000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 2000, cumulative_max_ms: 2000 },
      { policy: "fixed:base=2s", attempt: 2, delay_ms: 2000, cumulative_ms: 4000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 4000, cumulative_max_ms: 4000 },
      { policy: "fixed:base=2s", attempt: 3, delay_ms: 2000, cumulative_ms: 6000, min_ms: 2000, max_ms: 2000, mean_ms: 2000, cumulative_min_ms: 6000, cumulative_max_ms: 6000 },
    ]);
    // 3 s against 6 s: the jittered one gives up first, the fixed one waits longest.
    expect([doc.summary.gives_up_first, doc.summary.waits_longest]).toEqual([["full-jitter"], ["fixed:base=2s"]]);
  });

  it("reads every policy to its last row (the summary comes after the rows)", () => {
    expect(renderer.readsLastRow).toBe(true);
  });
});
