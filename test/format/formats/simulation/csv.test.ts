import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/simulation/csv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { COMPARED } from "../../../support/simulations.js";

describe("the simulation as CSV", () => {
  it("with --compare-jitter, one row per mode: its name, calls, retries, peak load and completion", async () => {
    expect(await renderedText(renderer.render({ simulation: COMPARED, chart: null }, plainContext()))).toBe(
      "jitter,calls,retries,peak_load,completion_ms\n" + "none,3000,2000,1000,300\n" + "0.2,2500,1500,300,12345\n",
    );
  });
});
