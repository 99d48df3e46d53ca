import { describe, expect, it } from "vitest";
import type { CapacityWindow } from "../../../../src/core/herd/capacity/simulate.js";
import { renderer } from "../../../../src/format/formats/capacity/csv.js";
import { CAPACITY_COMPARE, CAPACITY_TIMELINE, capacityWindow, plainContext, renderedText } from "../../../support/herd-reports.js";

const HEADER = "start_ms,end_ms,arrivals,calls,retries,succeeded,failed,outage_failures,rejected,timed_out,refused,denied,gave_up,utilisation,in_server,waiting";

describe("the capacity model as CSV", () => {
  it("streams one run: each window's line is written as the window is simulated", async () => {
    expect(renderer.streams).toBe(true);
    const drawn: number[] = [];
    function* windows(): Generator<CapacityWindow> {
      for (const k of [0, 1]) {
        drawn.push(k);
        yield capacityWindow(k, 500 + 1500 * k, 500 - 500 * k);
      }
    }
    const rendered = await renderer.render({ kind: "stream", windows: windows() }, plainContext());
    if (!("pieces" in rendered)) throw new Error("pieces expected");
    const pieces = rendered.pieces[Symbol.iterator]();
    expect(pieces.next().value).toBe(`${HEADER}\n`);
    expect(drawn).toEqual([]);
    // Window 1: 2,000 calls (1,500 retries), none answered, all 2,000 timed out; utilisation 0.9995 → 1 (3 decimals).
    expect([...{ [Symbol.iterator]: () => pieces }].join("")).toBe("0,1000,500,500,0,500,0,0,0,0,0,0,0,1,2000,150\n1000,2000,500,2000,1500,0,2000,0,0,2000,0,0,0,1,2000,150\n");
    expect(drawn).toEqual([0, 1]);
  });

  it("--compare: one row per variant, the recovery in a word, the drain in ms (empty when none)", async () => {
    expect(await renderedText(renderer.render(CAPACITY_COMPARE, plainContext()))).toBe(
      "variant,arrivals,calls,retries,succeeded,gave_up,denied,refused,peak_calls,recovery,drain_ms\n" +
        "no-limit,30000,90000,60000,10000,19000,0,0,2311,metastable,\n" +
        "retry-budget-10%,30000,90000,60000,10000,19000,0,0,2311,recovered,4000\n",
    );
  });

  it("a held run: one row per window, utilisation to 3 decimals", async () => {
    const lines = (await renderedText(renderer.render(CAPACITY_TIMELINE, plainContext()))).split("\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines[2]).toBe("1000,2000,500,2000,1500,0,2000,0,0,2000,0,0,0,1,2000,150");
  });
});
