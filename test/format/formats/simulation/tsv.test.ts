import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/tsv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, PRESET } from "../../../support/simulations.js";

describe("the simulation as TSV", () => {
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
