import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/tsv.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the capacity model as TSV", () => {
  it("streams one run's windows, tab-separated", async () => {
    expect(renderer.streams).toBe(true);
    if (CAPACITY_TIMELINE.kind !== "timeline") throw new Error("a timeline");
    const lines = (await renderedText(renderer.render({ kind: "stream", windows: CAPACITY_TIMELINE.windows }, plainContext()))).split("\n");
    expect(lines[1]).toBe("0\t1000\t500\t500\t0\t500\t0\t0\t0\t0\t0\t0\t0\t1\t2000\t150");
    expect(lines).toHaveLength(4);
  });

  it("--compare: one row per variant", async () => {
    expect((await renderedText(renderer.render(CAPACITY_COMPARE, plainContext()))).split("\n")[2]).toBe("retry-budget-10%\t30000\t90000\t60000\t10000\t19000\t0\t0\t2311\trecovered\t4000");
  });

  it("a held run: one row per window", async () => {
    expect((await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()))).split("\n")[1]).toBe("0\t1000\t500\t500\t0\t500\t0\t0\t0\t0\t0\t0\t0\t1\t2000\t150");
  });
});
