import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/occ/json.js";
import { OCC_REPORT, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the OCC experiment as JSON", () => {
  it("the set-up, then the rows under the CSV's names (mode, calls_mean, completion_ms_mean, …)", async () => {
    const json = JSON.parse(await renderedText(renderer.render(OCC_REPORT, plainContext())));
    expect(json.model).toBe("occ");
    expect(json.experiment).toEqual({ network_mean_ms: 10, network_sd_ms: 2, base_ms: 10, cap_ms: 2000, runs: 100, seed: 42 });
    expect(json.rows.map((row: { mode: string; calls_mean: number; completion_ms_mean: number }) => [row.mode, row.calls_mean, row.completion_ms_mean])).toEqual([
      ["none", 1855.7, 63460.842],
      ["full", 795.88, 4902.875],
    ]);
    expect(json.rows[1]).toMatchObject({ clients: 100, mode: "full", calls_mean: 795.88, completion_ms_mean: 4902.875 });
  });
});
