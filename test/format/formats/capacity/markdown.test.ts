import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/capacity/markdown.js";
import { CAPACITY_TIMELINE, plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the capacity model as Markdown", () => {
  it("one row per window, then the set-up and the verdict", async () => {
    const lines = (await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()))).split("\n");
    expect(lines[0]).toBe("| start_ms | end_ms | arrivals | calls | retries | succeeded | failed | outage_failures | rejected | timed_out | refused | denied | gave_up | utilisation | in_server | waiting |");
    expect(lines[3]).toBe("| 1000 | 2000 | 500 | 2000 | 1500 | 0 | 2000 | 0 | 0 | 2000 | 0 | 0 | 0 | 1 | 2000 | 150 |");
    expect(lines).toContain("Metastable: 40 s after the stall ended, retries still keep the server failing, though the arrivals alone (500/s) are 50% of its capacity.");
  });

  it("a table for reading: 100,000 windows at most", () => {
    expect(renderer.maxWindows).toBe(100_000);
  });
});
