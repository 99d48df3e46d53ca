import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/tsv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, PRESET, SINGLE } from "../../../support/simulations.js";

describe("the simulation as TSV", () => {
  it("the CSV's fields, tab-separated", async () => {
    expect((await renderedText(renderer.render({ simulation: SINGLE, chart: null }, plainContext()))).split("\n")).toEqual([
      ["attempt", "clients", "earliest_ms", "p50_ms", "p95_ms", "latest_ms", "peak_load", "unjittered_latest_ms", "unjittered_peak_load"].join("\t"),
      ["1", "1000", "0", "50", "95", "100", "640", "100", "1000"].join("\t"),
      ["2", "1000", "100", "200", "290", "300", "420", "300", "1000"].join("\t"),
      "",
    ]);
  });

  it("a preset's cohort: one row per attempt, tab-separated", async () => {
    expect(await renderedText(renderer.render({ simulation: PRESET, chart: null }, plainContext()))).toBe(
      "attempt\tclients\tearliest_ms\tp50_ms\tp95_ms\tlatest_ms\tpeak_load\tunjittered_latest_ms\tunjittered_peak_load\n" + "1\t10\t1000\t1800\t2400\t2500\t4\t2500\t4\n",
    );
  });

  it("with --compare-jitter, one row per mode", async () => {
    expect(await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()))).toBe(
      "jitter\tcalls\tretries\tpeak_load\tcompletion_ms\n" + "none\t3000\t2000\t1000\t300\n" + "0.2\t2500\t1500\t300\t12345\n",
    );
  });
});
