import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/csv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED, SINGLE } from "../../../support/simulations.js";

describe("the simulation as CSV", () => {
  it("a row per attempt, the un-jittered latest and peak beside it", async () => {
    expect(await renderedText(renderer.render({ simulation: SINGLE, chart: null }, plainContext()))).toBe(
      "attempt,clients,earliest_ms,p50_ms,p95_ms,latest_ms,peak_load,unjittered_latest_ms,unjittered_peak_load\n" + "1,1000,0,50,95,100,640,100,1000\n" + "2,1000,100,200,290,300,420,300,1000\n",
    );
  });

  it("with --compare-jitter, one row per mode: its name, calls, retries, peak load and completion", async () => {
    expect(await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()))).toBe(
      "jitter,calls,retries,peak_load,completion_ms\n" + "none,3000,2000,1000,300\n" + "0.2,2500,1500,300,12345\n",
    );
  });
});
